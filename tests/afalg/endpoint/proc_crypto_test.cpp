// SPDX-License-Identifier: GPL-2.0
#include <gtest/gtest.h>

#include "afalg/endpoint/proc_crypto.h"

using namespace kcshim::afalg;

TEST(ProcCrypto, ParsesBlocksAndFiltersUsable)
{
	const char *text =
		"name         : sha3-256\n"
		"driver       : sha3-256-generic\n"
		"module       : sha3_generic\n"
		"priority     : 100\n"
		"refcnt       : 1\n"
		"selftest     : passed\n"
		"internal     : no\n"
		"type         : shash\n"
		"blocksize    : 136\n"
		"digestsize   : 32\n"
		"\n"
		"name         : __cbc(aes)\n"
		"driver       : __cbc-aes-aesni\n"
		"module       : kernel\n"
		"priority     : 400\n"
		"selftest     : passed\n"
		"internal     : yes\n"
		"type         : skcipher\n"
		"async        : no\n"
		"blocksize    : 16\n"
		"min keysize  : 16\n"
		"max keysize  : 32\n"
		"ivsize       : 16\n"
		"chunksize    : 16\n"
		"\n"
		"name         : cbc(cast5)\n"
		"driver       : cbc(cast5-generic)\n"
		"module       : cbc\n"
		"priority     : 100\n"
		"selftest     : unknown\n"
		"internal     : no\n"
		"type         : skcipher\n"
		"garbage line without colon\n"
		"future field : 42\n";
	auto v = parse_proc_crypto(text);
	ASSERT_EQ(v.size(), 3u);
	EXPECT_EQ(v[0].driver, "sha3-256-generic");
	EXPECT_EQ(v[0].priority, 100);
	EXPECT_EQ(v[0].digestsize, 32u);
	EXPECT_EQ(v[0].blocksize, 136u);
	EXPECT_TRUE(v[0].selftest_passed);
	EXPECT_TRUE(v[1].internal);
	EXPECT_EQ(v[1].max_keysize, 32u);
	EXPECT_EQ(v[1].chunksize, 16u);
	EXPECT_FALSE(v[2].selftest_passed);

	auto u = usable_drivers(v);
	ASSERT_EQ(u.size(), 1u);
	EXPECT_EQ(u[0].driver, "sha3-256-generic");
}

TEST(ProcCrypto, EmptyAndGarbageGiveNoDrivers)
{
	EXPECT_TRUE(parse_proc_crypto("").empty());
	EXPECT_TRUE(parse_proc_crypto("\n\n::\n: :\nname : x\n").empty());	/* no driver */
}

/* 7.x lists ecb/cbc(cast5) as lskcipher; AF_ALG's skcipher socket drives them. */
TEST(ProcCrypto, LinearSkciphersCountAsSkciphers)
{
	auto v = parse_proc_crypto("name         : ecb(cast5)\n"
				   "driver       : ecb(cast5-generic)\n"
				   "module       : ecb\n"
				   "priority     : 100\n"
				   "selftest     : passed\n"
				   "internal     : no\n"
				   "type         : lskcipher\n"
				   "blocksize    : 8\n"
				   "\n"
				   "name         : cast5\n"
				   "driver       : cast5-generic\n"
				   "type         : cipher\n");
	ASSERT_EQ(v.size(), 2u);
	EXPECT_TRUE(v[0].is_skcipher());
	EXPECT_FALSE(v[1].is_skcipher());
	EXPECT_EQ(v[0].blocksize, 8u);
}
