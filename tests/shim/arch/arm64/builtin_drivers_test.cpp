// SPDX-License-Identifier: GPL-2.0
// On arm64: every built-in driver registers and passes its self-tests against our own vectors,
// and the arm64 CPU-feature path answers.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <asm/cpufeature.h>
#include <kcshim/kcshim.h>

namespace {

int collect(const kcshim_alg_info *a, void *arg)
{
	static_cast<std::set<std::string> *>(arg)->insert(a->driver);
	return 0;
}

TEST(Arm64, EveryBuiltinDriverRegistersAndPassesItsSelftests)
{
	kcshim_init();
	for (const char *mode : {"ecb(cast5)", "cbc(cast5)", "ctr(cast5)"})
		ASSERT_EQ(kcshim_instantiate(mode), 0) << mode;
	std::set<std::string> drivers;
	kcshim_for_each_alg(collect, &drivers);
	for (const char *want : {"sha3-224-generic", "sha3-256-generic", "sha3-384-generic",
				 "sha3-512-generic", "shake128-generic", "shake256-generic",
				 "sha384-generic", "sha512-generic", "crct10dif-generic",
				 "cast5-generic", "ecb(cast5-generic)", "cbc(cast5-generic)",
				 "ctr(cast5-generic)"})
		EXPECT_TRUE(drivers.count(want)) << want << " is not registered";
	int failures = kcshim_selftest(nullptr, [](const kcshim_selftest_result *r, void *) {
		EXPECT_TRUE(r->passed) << r->driver << ": " << r->message;
		EXPECT_GT(r->runs, 0u) << r->driver;
	}, nullptr);
	EXPECT_EQ(failures, 0);
}

#if defined(__aarch64__)
TEST(Arm64, AdvancedSimdIsReportedFromHwcap)
{
	// every arm64 CPU qemu models has Advanced SIMD; HWCAP_ASIMD is bit 1
	EXPECT_TRUE(kcshim_cpu_has(KCSHIM_ARM64_FEATURE_ASIMD));
	EXPECT_EQ(!!(elf_hwcap & HWCAP_ASIMD), kcshim_cpu_has(KCSHIM_ARM64_FEATURE_ASIMD));
}
#endif

}  // namespace
