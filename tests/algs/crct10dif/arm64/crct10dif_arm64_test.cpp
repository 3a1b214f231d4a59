// SPDX-License-Identifier: GPL-2.0
// algs/crct10dif/arm64 under qemu-aarch64: crct10dif-arm64-ce (64x64 PMULL, priority 200) must
// register exactly when the CPU has PMULL, crct10dif-arm64-neon (8x8 PMULL, priority 100) on every
// AdvSIMD core; "crct10dif" resolves to the best of them, and both give crct10dif-generic's CRC on
// every length 0..300 and on large random buffers, misaligned, split at random points, from any
// starting CRC and with SIMD unusable. qemu's cortex-a53, like the real one, has PMULL (its
// Crypto Extensions), so both drivers register there too; crct10dif_arm64_no_pmull_test.cpp covers
// cores without it. Random cases replay with KCSHIM_TEST_SEED=<n>.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tests/support/arm64_variant_testing.h"

namespace {

using kcshim::test::Shash;
using kcshim::test::arm64::all_algs;
using kcshim::test::arm64::alloc;
using kcshim::test::arm64::find_driver;
using kcshim::test::arm64::test_seed;

bool cpu_has_pmull()
{
	return kcshim::test::arm64::cpu_has(KCSHIM_ARM64_FEATURE_PMULL);
}

bool cpu_has_asimd()
{
	return kcshim::test::arm64::cpu_has(KCSHIM_ARM64_FEATURE_ASIMD);
}

TEST(CrcT10difArm64, PmullIsReportedAsTheQemuCpuHasIt)
{
	std::cout << "qemu cpu: \"" << kcshim::test::arm64::qemu_cpu() << "\"\n";
	EXPECT_EQ(kcshim_cpu_has(KCSHIM_ARM64_FEATURE_PMULL), cpu_has_pmull());
	EXPECT_EQ(!!(elf_hwcap & HWCAP_PMULL), cpu_has_pmull());
	EXPECT_EQ(kcshim_cpu_has(KCSHIM_ARM64_FEATURE_ASIMD), cpu_has_asimd());
}

TEST(CrcT10difArm64, DriversRegisterAsTheCpuAllows)
{
	const auto algs = all_algs();
	const kcshim_alg_info *gen = find_driver(algs, "crct10dif-generic");
	ASSERT_NE(gen, nullptr);
	EXPECT_EQ(gen->selftest, KCSHIM_SELFTEST_PASSED);

	const struct {
		const char *driver;
		bool registered;
		int priority;
	} want[] = {
		{"crct10dif-arm64-ce", cpu_has_pmull(), 200},
		{"crct10dif-arm64-neon", cpu_has_asimd(), 100},
	};
	for (const auto &w : want) {
		SCOPED_TRACE(w.driver);
		const kcshim_alg_info *a = find_driver(algs, w.driver);
		if (!w.registered) {
			EXPECT_EQ(a, nullptr) << "registered without the CPU feature";
			continue;
		}
		ASSERT_NE(a, nullptr) << "not registered";
		EXPECT_STREQ(a->name, "crct10dif");
		EXPECT_EQ(a->priority, w.priority);
		EXPECT_EQ(a->kind, KCSHIM_KIND_SHASH);
		EXPECT_EQ(a->selftest, KCSHIM_SELFTEST_PASSED);
		EXPECT_EQ(a->blocksize, gen->blocksize);
		EXPECT_EQ(a->digestsize, gen->digestsize);
		EXPECT_EQ(a->descsize, gen->descsize);
		EXPECT_EQ(a->statesize, gen->statesize);
	}
}

TEST(CrcT10difArm64, LookupGetsTheHighestPriorityDriver)
{
	kcshim_init();
	Shash tfm = alloc("crct10dif");
	ASSERT_TRUE(tfm);
	EXPECT_STREQ(crypto_shash_driver_name(tfm.get()),
		     cpu_has_pmull() ? "crct10dif-arm64-ce" : "crct10dif-arm64-neon");
}

TEST(CrcT10difArm64, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	kcshim::test::arm64::expect_variant_selftests("crct10dif", "crct10dif-generic",
						      {{"crct10dif-arm64-ce", cpu_has_pmull()},
						       {"crct10dif-arm64-neon", cpu_has_asimd()}});
}

// Every length 0..300 (short inputs, whole blocks and tails), then 100 buffers of up to 64 KiB.
TEST(CrcT10difArm64, CeEqualsGenericOnEveryLengthAndLargeBuffers)
{
	if (!cpu_has_pmull())
		GTEST_SKIP() << "no PMULL: no crct10dif-arm64-ce";
	std::mt19937_64 rng(test_seed());
	kcshim::test::arm64::expect_equals_generic("crct10dif-arm64-ce", "crct10dif-generic", rng,
						   301, 100, 65536);
}

TEST(CrcT10difArm64, NeonEqualsGenericOnEveryLengthAndLargeBuffers)
{
	std::mt19937_64 rng(test_seed());
	kcshim::test::arm64::expect_equals_generic("crct10dif-arm64-neon", "crct10dif-generic", rng,
						   301, 100, 65536);
}

// With crypto_simd_usable() false every length goes to the generic code, and still agrees.
TEST(CrcT10difArm64, SimdUnusableFallsBackToTheGenericCode)
{
	kcshim_init();
	Shash gen = alloc("crct10dif-generic");
	ASSERT_TRUE(gen);
	std::mt19937_64 rng(test_seed());
	for (const char *drv : {"crct10dif-arm64-ce", "crct10dif-arm64-neon"}) {
		if (!find_driver(all_algs(), drv))
			continue;
		Shash tfm = alloc(drv);
		ASSERT_TRUE(tfm);
		for (size_t len : {0, 1, 15, 16, 17, 31, 32, 33, 255, 256, 4097}) {
			const std::vector<uint8_t> msg = kcshim::test::arm64::random_bytes(rng, len);
			crypto_simd_disabled_for_test = true;
			const std::string got = kcshim::test::arm64::digest_hex(tfm.get(), msg);
			crypto_simd_disabled_for_test = false;
			EXPECT_EQ(got, kcshim::test::arm64::digest_hex(gen.get(), msg))
				<< drv << " len=" << len;
		}
	}
}

}  // namespace
