// SPDX-License-Identifier: GPL-2.0
// An x86-64 CAST5 core on its own, without the drivers: the six-way one
// (algs/cast5/x86/cast5-x86-core.c) or, built with KCSHIM_CAST5_AVX512_CORE, the 64-way AVX-512
// one (cast5-avx512-core.c). Its blocks at a time in both directions, and the CBC-decryption and
// CTR forms, against cast5-generic one block at a time, for random keys of every length 5..16
// (12 and 16 rounds). CMake also builds this against a copy of each core with a planted bug,
// rotation subkeys off by one, which must fail (CMakeLists.txt).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "tests/algs/cast5/cast5_test_util.h"

extern "C" {
#include "cast5-x86.h"
}
#include <asm/cpufeature.h>
#include <linux/unaligned.h>

namespace {

using cast5_test::Bytes;

// The core under test: the block counts to call it with and its four functions, for any of them
struct Core {
	std::vector<unsigned int> counts;
	void (*encrypt)(const cast5_ctx *ctx, u8 *dst, const u8 *src, unsigned int nblocks);
	void (*decrypt)(const cast5_ctx *ctx, u8 *dst, const u8 *src, unsigned int nblocks);
	void (*cbc_decrypt)(const cast5_ctx *ctx, u8 *dst, const u8 *src, u8 *iv,
			    unsigned int nblocks);
	void (*ctr)(const cast5_ctx *ctx, u8 *dst, const u8 *src, u64 *ctr, unsigned int nblocks);
};

#ifdef KCSHIM_CAST5_AVX512_CORE
// 64 blocks, and fewer: the masked loads and stores of a partial call
const Core kCore = {{64, 1, 7, 8, 9, 24, 33, 63}, cast5_avx512_encrypt_blocks,
		    cast5_avx512_decrypt_blocks, cast5_avx512_cbc_decrypt_blocks,
		    cast5_avx512_ctr_blocks};

// The CPU runs the core; its tables are built.
bool core_usable()
{
	if (!boot_cpu_has(X86_FEATURE_AVX512F) || !boot_cpu_has(X86_FEATURE_AVX512BW) ||
	    !boot_cpu_has(X86_FEATURE_AVX512VBMI))
		return false;
	cast5_avx512_init();
	return true;
}
#else
// always CAST5_X86_WAYS blocks
const Core kCore = {
	{CAST5_X86_WAYS},
	[](const cast5_ctx *ctx, u8 *dst, const u8 *src, unsigned int) {
		cast5_x86_encrypt_ways(ctx, dst, src);
	},
	[](const cast5_ctx *ctx, u8 *dst, const u8 *src, unsigned int) {
		cast5_x86_decrypt_ways(ctx, dst, src);
	},
	[](const cast5_ctx *ctx, u8 *dst, const u8 *src, u8 *iv, unsigned int) {
		cast5_x86_cbc_decrypt_ways(ctx, dst, src, iv);
	},
	[](const cast5_ctx *ctx, u8 *dst, const u8 *src, u64 *ctr, unsigned int) {
		cast5_x86_ctr_ways(ctx, dst, src, ctr);
	}};

bool core_usable()
{
	return true;
}
#endif

// Call i's block count
unsigned int blocks_of_call(int i)
{
	return kCore.counts[i % kCore.counts.size()];
}

// Round i's key: random, 5 + i % 12 bytes (12 and 16 rounds); the expanded key it set in @gen.
const cast5_ctx *set_random_key(crypto_cipher *gen, std::mt19937_64 &rng, int i)
{
	const Bytes key = cast5_test::random_bytes(rng, 5 + i % 12);
	EXPECT_EQ(crypto_cipher_setkey(gen, key.data(), key.size()), 0);
	return static_cast<const cast5_ctx *>(crypto_tfm_ctx(crypto_cipher_tfm(gen)));
}

TEST(KCSHIM_TEST_SUITE, CoreEqualsGenericOneBlockAtATime)
{
	kcshim_init();
	if (!core_usable())
		GTEST_SKIP() << "the CPU lacks the core's instructions";
	cast5_test::Cipher gen = cast5_test::alloc_cipher("cast5-generic");
	ASSERT_TRUE(gen);
	std::mt19937_64 rng(20261203);
	for (int i = 0; i < 240; i++) {
		const cast5_ctx *ctx = set_random_key(gen.get(), rng, i);
		const unsigned int keylen = 5 + i % 12;
		const unsigned int blocks = blocks_of_call(i);
		const unsigned int bytes = blocks * CAST5_BLOCK_SIZE;
		const Bytes in = cast5_test::random_bytes(rng, bytes);
		Bytes enc(bytes), dec(bytes), want(bytes);
		for (unsigned int b = 0; b < bytes; b += CAST5_BLOCK_SIZE)
			crypto_cipher_encrypt_one(gen.get(), want.data() + b, in.data() + b);
		kCore.encrypt(ctx, enc.data(), in.data(), blocks);
		ASSERT_EQ(cast5_test::hex(enc), cast5_test::hex(want))
			<< "key " << keylen << " bytes, " << blocks << " blocks";
		kCore.decrypt(ctx, dec.data(), enc.data(), blocks);
		ASSERT_EQ(cast5_test::hex(dec), cast5_test::hex(in))
			<< "key " << keylen << " bytes, " << blocks << " blocks";
	}
}

// The CBC-decryption and CTR forms, in place and not, against their definitions over the generic
// cipher; the counters cross 2^32 and 2^64 within the call's blocks.
TEST(KCSHIM_TEST_SUITE, CbcDecryptAndCtrEqualTheirDefinitions)
{
	kcshim_init();
	if (!core_usable())
		GTEST_SKIP() << "the CPU lacks the core's instructions";
	cast5_test::Cipher gen = cast5_test::alloc_cipher("cast5-generic");
	ASSERT_TRUE(gen);
	std::mt19937_64 rng(20261204);
	for (int i = 0; i < 240; i++) {
		const cast5_ctx *ctx = set_random_key(gen.get(), rng, i);
		const unsigned int keylen = 5 + i % 12;
		const unsigned int blocks = blocks_of_call(i);
		const unsigned int bytes = blocks * CAST5_BLOCK_SIZE;
		const Bytes in = cast5_test::random_bytes(rng, bytes);
		const Bytes iv = cast5_test::random_bytes(rng, CAST5_BLOCK_SIZE);
		const u64 ctr = i % 3 == 0 ? rng() : i % 3 == 1 ? (rng() << 32) | 0xfffffffdu : ~u64(2);
		const bool in_place = i % 2;

		Bytes want(bytes);
		for (unsigned int b = 0; b < bytes; b += CAST5_BLOCK_SIZE) {
			crypto_cipher_decrypt_one(gen.get(), want.data() + b, in.data() + b);
			const u8 *prev = b ? in.data() + b - CAST5_BLOCK_SIZE : iv.data();
			for (unsigned int k = 0; k < CAST5_BLOCK_SIZE; k++)
				want[b + k] ^= prev[k];
		}
		Bytes out = in, chain = iv;
		kCore.cbc_decrypt(ctx, out.data(), in_place ? out.data() : in.data(),
					   chain.data(), blocks);
		ASSERT_EQ(cast5_test::hex(out), cast5_test::hex(want))
			<< "CBC, key " << keylen << ", " << blocks << " blocks";
		ASSERT_EQ(cast5_test::hex(chain),
			  cast5_test::hex(Bytes(in.end() - CAST5_BLOCK_SIZE, in.end())));

		for (unsigned int b = 0; b < bytes; b += CAST5_BLOCK_SIZE) {
			u8 block[CAST5_BLOCK_SIZE];
			put_unaligned_be64(ctr + b / CAST5_BLOCK_SIZE, block);
			crypto_cipher_encrypt_one(gen.get(), want.data() + b, block);
			for (unsigned int k = 0; k < CAST5_BLOCK_SIZE; k++)
				want[b + k] ^= in[b + k];
		}
		out = in;
		u64 next = ctr;
		kCore.ctr(ctx, out.data(), in_place ? out.data() : in.data(), &next, blocks);
		ASSERT_EQ(cast5_test::hex(out), cast5_test::hex(want))
			<< "CTR, key " << keylen << ", " << blocks << " blocks";
		ASSERT_EQ(next, ctr + blocks);
	}
}

}  // namespace
