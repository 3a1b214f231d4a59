// SPDX-License-Identifier: GPL-2.0
// <linux/string.h> as kernel code relies on it: strscpy()'s result and termination.
#include <gtest/gtest.h>

#include <cstring>

#include <linux/string.h>

namespace {

TEST(KernelString, StrscpyCopiesAndReturnsTheLength)
{
	char dst[8];
	memset(dst, 'x', sizeof(dst));
	EXPECT_EQ(strscpy(dst, "abc", sizeof(dst)), 3);
	EXPECT_STREQ(dst, "abc");
	EXPECT_EQ(dst[4], 'x') << "wrote past the NUL";
	EXPECT_EQ(strscpy(dst, "abc"), 3) << "the two-argument form (6.8+)";
}

TEST(KernelString, StrscpyTruncatesWithE2big)
{
	char dst[4];
	EXPECT_EQ(strscpy(dst, "abcdef", sizeof(dst)), -E2BIG);
	EXPECT_STREQ(dst, "abc");
	EXPECT_EQ(strscpy(dst, "abcd", sizeof(dst)), -E2BIG) << "no room for the NUL";
	EXPECT_STREQ(dst, "abc");
	EXPECT_EQ(strscpy(dst, "abc", sizeof(dst)), 3) << "exactly fits";
	EXPECT_EQ(strscpy(dst, "a", 0), -E2BIG);
}

TEST(KernelString, StrscpyPadZeroesTheRest)
{
	char dst[8];
	memset(dst, 'x', sizeof(dst));
	EXPECT_EQ(strscpy_pad(dst, "ab", sizeof(dst)), 2);
	for (size_t i = 2; i < sizeof(dst); i++)
		EXPECT_EQ(dst[i], '\0') << i;
}

}  // namespace
