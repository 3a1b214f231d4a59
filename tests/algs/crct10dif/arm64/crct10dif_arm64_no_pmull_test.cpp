// SPDX-License-Identifier: GPL-2.0
// algs/crct10dif/arm64 on a core without 64x64 PMULL: the feature is masked (as `kcshim --no-cpu
// pmull` does) before kcshim_init() runs the drivers' init, in a process of its own. Then
// crct10dif-arm64-ce must not register, crct10dif-arm64-neon must, win "crct10dif" and give
// crct10dif-generic's CRC. Random cases replay with KCSHIM_TEST_SEED=<n>.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "tests/support/arm64_variant_testing.h"

namespace {

using kcshim::test::Shash;
using kcshim::test::arm64::all_algs;
using kcshim::test::arm64::alloc;
using kcshim::test::arm64::find_driver;
using kcshim::test::arm64::test_seed;

// Before any test, so before the first kcshim_init().
class MaskPmull : public ::testing::Environment {
public:
	void SetUp() override { ASSERT_EQ(kcshim_cpu_mask_named("pmull"), 0); }
};

::testing::Environment *const mask_pmull = ::testing::AddGlobalTestEnvironment(new MaskPmull);

TEST(CrcT10difArm64NoPmull, PmullIsMasked)
{
	EXPECT_FALSE(kcshim_cpu_has(KCSHIM_ARM64_FEATURE_PMULL));
	EXPECT_TRUE(kcshim_cpu_has(KCSHIM_ARM64_FEATURE_ASIMD));
}

TEST(CrcT10difArm64NoPmull, NeonRegistersAndCeDoesNot)
{
	const auto algs = all_algs();
	EXPECT_EQ(find_driver(algs, "crct10dif-arm64-ce"), nullptr);
	const kcshim_alg_info *neon = find_driver(algs, "crct10dif-arm64-neon");
	ASSERT_NE(neon, nullptr);
	EXPECT_EQ(neon->priority, 100);
	EXPECT_EQ(neon->selftest, KCSHIM_SELFTEST_PASSED);
}

// crct10dif-generic has priority 100 too; the later registration wins the tie, as in the kernel.
TEST(CrcT10difArm64NoPmull, LookupGetsNeon)
{
	kcshim_init();
	Shash tfm = alloc("crct10dif");
	ASSERT_TRUE(tfm);
	EXPECT_STREQ(crypto_shash_driver_name(tfm.get()), "crct10dif-arm64-neon");
}

TEST(CrcT10difArm64NoPmull, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	kcshim::test::arm64::expect_variant_selftests("crct10dif", "crct10dif-generic",
						      {{"crct10dif-arm64-ce", false},
						       {"crct10dif-arm64-neon", true}});
}

TEST(CrcT10difArm64NoPmull, NeonEqualsGenericOnEveryLengthAndLargeBuffers)
{
	std::mt19937_64 rng(test_seed());
	kcshim::test::arm64::expect_equals_generic("crct10dif-arm64-neon", "crct10dif-generic", rng,
						   301, 100, 65536);
}

}  // namespace
