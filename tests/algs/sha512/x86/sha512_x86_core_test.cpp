// SPDX-License-Identifier: GPL-2.0
// The x86-64 SHA-512 block functions (algs/sha512/x86/) on their own, without the drivers:
// messages of every length 0..600 and random ones up to 20 KiB are padded here, fed through
// sha512_transform_avx2() and _avx512() (where the CPU has them) and compared with OpenSSL's
// SHA-512. CMake also builds this against copies of the C core and the AVX-512 assembly with a
// planted bug, a message-schedule rotation one bit off, which must fail for both
// (CMakeLists.txt).
#include <gtest/gtest.h>

#include <openssl/evp.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

extern "C" {
#include "sha512-x86.h"
}

namespace {

bool cpu_has_avx2()
{
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
	       __builtin_cpu_supports("bmi2");
}

bool cpu_has_avx512()
{
	return cpu_has_avx2() && __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512vl");
}

// SHA-512 of @msg with @block_fn doing every compression; the padding is FIPS 180-4 5.1.2's.
std::vector<uint8_t> sha512_with(sha512_block_fn *block_fn, const std::vector<uint8_t> &msg)
{
	struct sha512_state st = {};
	const uint64_t iv[8] = {SHA512_H0, SHA512_H1, SHA512_H2, SHA512_H3,
				SHA512_H4, SHA512_H5, SHA512_H6, SHA512_H7};
	std::memcpy(st.state, iv, sizeof(iv));

	std::vector<uint8_t> padded(msg);
	padded.push_back(0x80);
	while (padded.size() % SHA512_BLOCK_SIZE != SHA512_BLOCK_SIZE - 16)
		padded.push_back(0);
	const unsigned __int128 bits = (unsigned __int128)msg.size() * 8;
	for (int i = 15; i >= 0; i--)
		padded.push_back((uint8_t)(bits >> (8 * i)));
	block_fn(&st, padded.data(), (int)(padded.size() / SHA512_BLOCK_SIZE));

	std::vector<uint8_t> out(SHA512_DIGEST_SIZE);
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++)
			out[8 * i + j] = (uint8_t)(st.state[i] >> (56 - 8 * j));
	return out;
}

std::vector<uint8_t> openssl_sha512(const std::vector<uint8_t> &msg)
{
	std::vector<uint8_t> out(SHA512_DIGEST_SIZE);
	unsigned int len = 0;
	EXPECT_EQ(EVP_Digest(msg.data(), msg.size(), out.data(), &len, EVP_sha512(), nullptr), 1);
	return out;
}

void expect_core_equals_openssl(sha512_block_fn *block_fn)
{
	std::mt19937_64 rng(20261203);
	std::vector<size_t> lengths;
	for (size_t len = 0; len <= 600; len++)
		lengths.push_back(len);
	for (int i = 0; i < 100; i++)
		lengths.push_back(rng() % 20480);
	for (size_t len : lengths) {
		std::vector<uint8_t> msg(len);
		for (auto &b : msg)
			b = (uint8_t)rng();
		ASSERT_EQ(sha512_with(block_fn, msg), openssl_sha512(msg)) << "length " << len;
	}
}

TEST(KCSHIM_TEST_SUITE, Avx2CoreEqualsOpenssl)
{
	if (!cpu_has_avx2())
		GTEST_SKIP() << "no AVX2, BMI1 and BMI2 here";
	expect_core_equals_openssl(sha512_transform_avx2);
}

TEST(KCSHIM_TEST_SUITE, Avx512CoreEqualsOpenssl)
{
	if (!cpu_has_avx512())
		GTEST_SKIP() << "no AVX-512F and VL here";
	expect_core_equals_openssl(sha512_transform_avx512);
}

// A call for no blocks (or a negative count) leaves the state and the input alone.
TEST(KCSHIM_TEST_SUITE, NoBlocksIsANoOp)
{
	std::vector<sha512_block_fn *> fns;
	if (cpu_has_avx2())
		fns.push_back(sha512_transform_avx2);
	if (cpu_has_avx512())
		fns.push_back(sha512_transform_avx512);
	if (fns.empty())
		GTEST_SKIP() << "no AVX2, BMI1 and BMI2 here";
	for (sha512_block_fn *fn : fns) {
		for (int blocks : {0, -1}) {
			struct sha512_state st = {};
			for (int i = 0; i < 8; i++)
				st.state[i] = 0x0123456789abcdefULL * (uint64_t)(i + 1);
			const struct sha512_state before = st;
			const uint8_t block[SHA512_BLOCK_SIZE] = {1, 2, 3};
			fn(&st, block, blocks);
			EXPECT_EQ(std::memcmp(&st, &before, sizeof(st)), 0) << blocks << " blocks";
		}
	}
}

}  // namespace
