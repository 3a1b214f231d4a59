// SPDX-License-Identifier: GPL-2.0
// The x86-64 CAST5 core (algs/cast5/x86/cast5-x86-core.c) on its own, without the drivers:
// CAST5_X86_WAYS blocks at a time in both directions, and the CBC-decryption and CTR forms, against
// cast5-generic one block at a time, for random keys of every length 5..16 (12 and 16 rounds). CMake also builds this against a copy of the core
// with a planted bug, one rotation subkey off by one, which must fail (CMakeLists.txt).
#include <gtest/gtest.h>

#include <random>

#include "algs/cast5/cast5_test_util.h"

extern "C" {
#include "cast5-x86.h"
}
#include <linux/unaligned.h>

namespace {

using cast5_test::Bytes;

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
	cast5_test::Cipher gen = cast5_test::alloc_cipher("cast5-generic");
	ASSERT_TRUE(gen);
	std::mt19937_64 rng(20261203);
	for (int i = 0; i < 240; i++) {
		const cast5_ctx *ctx = set_random_key(gen.get(), rng, i);
		const unsigned int keylen = 5 + i % 12;
		const Bytes in = cast5_test::random_bytes(rng, CAST5_X86_BYTES);
		Bytes enc(CAST5_X86_BYTES), dec(CAST5_X86_BYTES), want(CAST5_X86_BYTES);
		for (unsigned int b = 0; b < CAST5_X86_BYTES; b += CAST5_BLOCK_SIZE)
			crypto_cipher_encrypt_one(gen.get(), want.data() + b, in.data() + b);
		cast5_x86_encrypt_ways(ctx, enc.data(), in.data());
		ASSERT_EQ(cast5_test::hex(enc), cast5_test::hex(want)) << "key " << keylen << " bytes";
		cast5_x86_decrypt_ways(ctx, dec.data(), enc.data());
		ASSERT_EQ(cast5_test::hex(dec), cast5_test::hex(in)) << "key " << keylen << " bytes";
	}
}

// The CBC-decryption and CTR forms, in place and not, against their definitions over the generic
// cipher; the counters cross 2^32 and 2^64 within the six blocks.
TEST(KCSHIM_TEST_SUITE, CbcDecryptAndCtrEqualTheirDefinitions)
{
	kcshim_init();
	cast5_test::Cipher gen = cast5_test::alloc_cipher("cast5-generic");
	ASSERT_TRUE(gen);
	std::mt19937_64 rng(20261204);
	for (int i = 0; i < 240; i++) {
		const cast5_ctx *ctx = set_random_key(gen.get(), rng, i);
		const unsigned int keylen = 5 + i % 12;
		const Bytes in = cast5_test::random_bytes(rng, CAST5_X86_BYTES);
		const Bytes iv = cast5_test::random_bytes(rng, CAST5_BLOCK_SIZE);
		const u64 ctr = i % 3 == 0 ? rng() : i % 3 == 1 ? (rng() << 32) | 0xfffffffdu : ~u64(2);
		const bool in_place = i % 2;

		Bytes want(CAST5_X86_BYTES);
		for (unsigned int b = 0; b < CAST5_X86_BYTES; b += CAST5_BLOCK_SIZE) {
			crypto_cipher_decrypt_one(gen.get(), want.data() + b, in.data() + b);
			const u8 *prev = b ? in.data() + b - CAST5_BLOCK_SIZE : iv.data();
			for (unsigned int k = 0; k < CAST5_BLOCK_SIZE; k++)
				want[b + k] ^= prev[k];
		}
		Bytes out = in, chain = iv;
		cast5_x86_cbc_decrypt_ways(ctx, out.data(), in_place ? out.data() : in.data(),
					   chain.data());
		ASSERT_EQ(cast5_test::hex(out), cast5_test::hex(want)) << "CBC, key " << keylen;
		ASSERT_EQ(cast5_test::hex(chain),
			  cast5_test::hex(Bytes(in.end() - CAST5_BLOCK_SIZE, in.end())));

		for (unsigned int b = 0; b < CAST5_X86_BYTES; b += CAST5_BLOCK_SIZE) {
			u8 block[CAST5_BLOCK_SIZE];
			put_unaligned_be64(ctr + b / CAST5_BLOCK_SIZE, block);
			crypto_cipher_encrypt_one(gen.get(), want.data() + b, block);
			for (unsigned int k = 0; k < CAST5_BLOCK_SIZE; k++)
				want[b + k] ^= in[b + k];
		}
		out = in;
		u64 next = ctr;
		cast5_x86_ctr_ways(ctx, out.data(), in_place ? out.data() : in.data(), &next);
		ASSERT_EQ(cast5_test::hex(out), cast5_test::hex(want)) << "CTR, key " << keylen;
		ASSERT_EQ(next, ctr + CAST5_X86_WAYS);
	}
}

}  // namespace
