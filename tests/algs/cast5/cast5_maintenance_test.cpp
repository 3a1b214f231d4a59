// SPDX-License-Identifier: GPL-2.0
// RFC 2144 B.2, the "full maintenance test": a and b start as the B.1 key; a million times,
// each 8-byte half of a is encrypted under key b and then each half of b under key a. The RFC
// publishes only the final a and b, so this runs the full count (a few seconds): label `slow`.
#include <cstring>

#include <gtest/gtest.h>

#include "tests/algs/cast5/cast5_test_util.h"

using namespace cast5_test;

namespace {

TEST(Cast5Slow, Rfc2144B2MillionIterations)
{
	Cipher tfm = alloc_cipher("cast5-generic");
	Bytes a = unhex("0123456712345678234567893456789a");
	Bytes b = a;

	ASSERT_NE(tfm, nullptr);
	for (int i = 0; i < 1000000; i++) {
		ASSERT_EQ(crypto_cipher_setkey(tfm.get(), b.data(), 16), 0);
		crypto_cipher_encrypt_one(tfm.get(), &a[0], &a[0]);
		crypto_cipher_encrypt_one(tfm.get(), &a[8], &a[8]);
		ASSERT_EQ(crypto_cipher_setkey(tfm.get(), a.data(), 16), 0);
		crypto_cipher_encrypt_one(tfm.get(), &b[0], &b[0]);
		crypto_cipher_encrypt_one(tfm.get(), &b[8], &b[8]);
	}
	EXPECT_EQ(hex(a), "eea9d0a249fd3ba6b3436fb89d6dca92");
	EXPECT_EQ(hex(b), "b2c95eb00c31ad7180ac05b8e83d696e");
}

} // namespace
