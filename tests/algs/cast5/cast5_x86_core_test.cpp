// SPDX-License-Identifier: GPL-2.0
// The x86-64 CAST5 core (algs/cast5/x86/cast5-x86-core.c) on its own, without the drivers:
// CAST5_X86_WAYS blocks at a time in both directions against cast5-generic one block at a time,
// for random keys of every length 5..16 (12 and 16 rounds). CMake also builds this against a copy of the core
// with a planted bug, one rotation subkey off by one, which must fail (CMakeLists.txt).
#include <gtest/gtest.h>

#include <random>

#include "algs/cast5/cast5_test_util.h"

extern "C" {
#include "cast5-x86.h"
}

namespace {

using cast5_test::Bytes;

TEST(KCSHIM_TEST_SUITE, CoreEqualsGenericOneBlockAtATime)
{
	kcshim_init();
	cast5_test::Cipher gen = cast5_test::alloc_cipher("cast5-generic");
	ASSERT_TRUE(gen);
	std::mt19937_64 rng(20261203);
	for (int i = 0; i < 240; i++) {
		const Bytes key = cast5_test::random_bytes(rng, 5 + i % 12);
		ASSERT_EQ(crypto_cipher_setkey(gen.get(), key.data(), key.size()), 0);
		const auto *ctx = static_cast<const cast5_ctx *>(
			crypto_tfm_ctx(crypto_cipher_tfm(gen.get())));
		const Bytes in = cast5_test::random_bytes(rng, CAST5_X86_BYTES);
		Bytes enc(CAST5_X86_BYTES), dec(CAST5_X86_BYTES), want(CAST5_X86_BYTES);
		for (unsigned int b = 0; b < CAST5_X86_BYTES; b += CAST5_BLOCK_SIZE)
			crypto_cipher_encrypt_one(gen.get(), want.data() + b, in.data() + b);
		cast5_x86_encrypt_ways(ctx, enc.data(), in.data());
		ASSERT_EQ(cast5_test::hex(enc), cast5_test::hex(want)) << "key " << key.size() << " bytes";
		cast5_x86_decrypt_ways(ctx, dec.data(), enc.data());
		ASSERT_EQ(cast5_test::hex(dec), cast5_test::hex(in)) << "key " << key.size() << " bytes";
	}
}

}  // namespace
