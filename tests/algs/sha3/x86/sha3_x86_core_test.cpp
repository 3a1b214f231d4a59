// SPDX-License-Identifier: GPL-2.0
// The x86-64 Keccak block functions (algs/sha3/x86/) on their own, without the drivers: for
// every rate (SHA3-224..512, SHAKE128/256), messages of every length up to three blocks and random
// ones up to 20 KiB are padded here, absorbed by sha3_transform_bmi2() and _avx512() (where the
// CPU has them) and the first 64 bytes squeezed are compared with OpenSSL's. CMake also builds
// this against a copy with a planted bug, one rho offset wrong both in the shared round
// (keccakf_round.h, the BMI2 core) and in the AVX-512 assembly, which must fail for both
// (CMakeLists.txt).
#include <gtest/gtest.h>

#include <openssl/evp.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

extern "C" {
#include "sha3-x86.h"
}

namespace {

bool cpu_has_bmi2()
{
	return __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
}

bool cpu_has_avx512()
{
	return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
}

struct Rate {
	const char *name;
	const EVP_MD *(*md)();
	unsigned int rsiz;
	uint8_t pad;
	unsigned int out_len;
};

const Rate kRates[] = {
	{"sha3-224", EVP_sha3_224, SHA3_224_BLOCK_SIZE, SHA3_PAD_BYTE, SHA3_224_DIGEST_SIZE},
	{"sha3-256", EVP_sha3_256, SHA3_256_BLOCK_SIZE, SHA3_PAD_BYTE, SHA3_256_DIGEST_SIZE},
	{"sha3-384", EVP_sha3_384, SHA3_384_BLOCK_SIZE, SHA3_PAD_BYTE, SHA3_384_DIGEST_SIZE},
	{"sha3-512", EVP_sha3_512, SHA3_512_BLOCK_SIZE, SHA3_PAD_BYTE, SHA3_512_DIGEST_SIZE},
	{"shake128", EVP_shake128, SHAKE128_BLOCK_SIZE, SHAKE_PAD_BYTE, 64},
	{"shake256", EVP_shake256, SHAKE256_BLOCK_SIZE, SHAKE_PAD_BYTE, 64},
};

// The first @r.out_len output bytes for @msg with @block_fn doing every absorption; the padding is
// FIPS 202's (the domain bits and pad10*1, B.2).
std::vector<uint8_t> keccak_with(sha3_block_fn *block_fn, const Rate &r,
				 const std::vector<uint8_t> &msg)
{
	struct sha3_state st = {};
	st.rsiz = r.rsiz;

	std::vector<uint8_t> padded(msg);
	padded.push_back(r.pad);
	while (padded.size() % r.rsiz)
		padded.push_back(0);
	padded.back() |= 0x80;
	block_fn(&st, padded.data(), (unsigned int)(padded.size() / r.rsiz));

	std::vector<uint8_t> out(r.out_len);
	for (unsigned int i = 0; i < r.out_len; i++)
		out[i] = (uint8_t)(st.st[i / 8] >> (8 * (i % 8)));
	return out;
}

std::vector<uint8_t> openssl_keccak(const Rate &r, const std::vector<uint8_t> &msg)
{
	std::vector<uint8_t> out(r.out_len);
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	EXPECT_EQ(EVP_DigestInit_ex(ctx, r.md(), nullptr), 1);
	EXPECT_EQ(EVP_DigestUpdate(ctx, msg.data(), msg.size()), 1);
	if (EVP_MD_get_flags(r.md()) & EVP_MD_FLAG_XOF) {
		EXPECT_EQ(EVP_DigestFinalXOF(ctx, out.data(), out.size()), 1);
	} else {
		unsigned int len = 0;
		EXPECT_EQ(EVP_DigestFinal_ex(ctx, out.data(), &len), 1);
	}
	EVP_MD_CTX_free(ctx);
	return out;
}

void expect_core_equals_openssl(sha3_block_fn *block_fn)
{
	std::mt19937_64 rng(20261203);
	for (const Rate &r : kRates) {
		std::vector<size_t> lengths;
		for (size_t len = 0; len <= 3 * r.rsiz; len++)
			lengths.push_back(len);
		for (int i = 0; i < 20; i++)
			lengths.push_back(rng() % 20480);
		for (size_t len : lengths) {
			std::vector<uint8_t> msg(len);
			for (auto &b : msg)
				b = (uint8_t)rng();
			ASSERT_EQ(keccak_with(block_fn, r, msg), openssl_keccak(r, msg))
				<< r.name << ", length " << len;
		}
	}
}

TEST(KCSHIM_TEST_SUITE, Bmi2CoreEqualsOpenssl)
{
	if (!cpu_has_bmi2())
		GTEST_SKIP() << "no BMI1 and BMI2 here";
	expect_core_equals_openssl(sha3_transform_bmi2);
}

TEST(KCSHIM_TEST_SUITE, Avx512CoreEqualsOpenssl)
{
	if (!cpu_has_avx512())
		GTEST_SKIP() << "no AVX-512F and VL here";
	expect_core_equals_openssl(sha3_transform_avx512);
}

// A call for no blocks leaves the state alone.
TEST(KCSHIM_TEST_SUITE, NoBlocksIsANoOp)
{
	std::vector<sha3_block_fn *> fns;
	if (cpu_has_bmi2())
		fns.push_back(sha3_transform_bmi2);
	if (cpu_has_avx512())
		fns.push_back(sha3_transform_avx512);
	if (fns.empty())
		GTEST_SKIP() << "no BMI1 and BMI2 here";
	for (sha3_block_fn *fn : fns) {
		struct sha3_state st = {};
		st.rsiz = SHA3_256_BLOCK_SIZE;
		for (int i = 0; i < SHA3_STATE_WORDS; i++)
			st.st[i] = 0x0123456789abcdefULL * (uint64_t)(i + 1);
		const struct sha3_state before = st;
		const uint8_t block[SHA3_256_BLOCK_SIZE] = {1, 2, 3};
		fn(&st, block, 0);
		EXPECT_EQ(std::memcmp(&st, &before, sizeof(st)), 0);
	}
}

}  // namespace
