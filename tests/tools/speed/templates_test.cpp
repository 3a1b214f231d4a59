// SPDX-License-Identifier: GPL-2.0
#include <gtest/gtest.h>

#include "tools/speed/templates.h"

namespace kcshim::speed {
namespace {

TEST(Templates, GenericHashTemplateHas22Lines)
{
	auto t = generic_hash_speed_template();
	ASSERT_EQ(t.size(), 22u);
	EXPECT_EQ(t.front().blen, 16u);
	EXPECT_EQ(t.back().blen, 8192u);
	EXPECT_EQ(t.back().plen, 8192u);
	for (const HashSpeed &s : t) {
		EXPECT_EQ(s.blen % s.plen, 0u) << s.blen << "/" << s.plen;
		EXPECT_LE(s.blen, tvmem_size);
	}
}

TEST(Templates, CipherBlockSizesPerVersion)
{
	// crypto/tcrypt.c block_sizes[] in both trees.
	for (KernelVersion v : {KernelVersion::v6_1, KernelVersion::v6_12, KernelVersion::v7_3}) {
		auto b = cipher_block_sizes(v);
		ASSERT_EQ(b.size(), 7u) << kernel_version_name(v);
		EXPECT_EQ(b[5], 1420u);
		EXPECT_EQ(b[6], 4096u);
	}
}

TEST(Templates, Cast5LinesPerDirection)
{
	auto keys = speed_key_template("speed_template_8_16");
	ASSERT_EQ(keys.size(), 2u);
	for (KernelVersion v : {KernelVersion::v6_1, KernelVersion::v6_12}) {
		// ECB/CBC: 8-byte blocks round 1420 up to 1424; CTR (block size 1) keeps 1420.
		auto ecb = cipher_speed_lines(v, keys, 8);
		auto ctr = cipher_speed_lines(v, keys, 1);
		ASSERT_EQ(ecb.size(), 14u);
		EXPECT_EQ(ecb[5].blen, 1424u);
		EXPECT_EQ(ctr[5].blen, 1420u);
		EXPECT_EQ(ecb[13].test, 13u);	// the index keeps counting across key sizes
		EXPECT_EQ(ecb[7].keysize, 16u);
	}
}

TEST(Templates, RejectsUnknownKernelVersion)
{
	EXPECT_THROW(parse_kernel_version("5.10"), std::exception);
	EXPECT_EQ(parse_kernel_version("6.1"), KernelVersion::v6_1);
	EXPECT_EQ(parse_kernel_version("7.3"), KernelVersion::v7_3);
	EXPECT_STREQ(kernel_version_name(KernelVersion::v7_3), "7.3");
}

}  // namespace
}  // namespace kcshim::speed
