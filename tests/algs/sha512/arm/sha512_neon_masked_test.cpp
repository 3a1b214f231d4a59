// SPDX-License-Identifier: GPL-2.0
// algs/sha512/arm on a CPU without NEON: NEON is masked (kcshim_cpu_mask_named("neon"), what
// `kcshim --no-cpu neon` does) before kcshim_init() runs the drivers' init calls, so sha512-neon
// and sha384-neon must not register, and "sha512"/"sha384" must be the generic drivers, passing
// their self-tests. A binary of its own: a mask cannot be undone, and the drivers register once
// per process.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include <asm/cpufeature.h>
#include <asm/neon.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>

#include "tests/support/kernel_api.h"

namespace {

// Before any test's kcshim_init(): gtest_main runs the tests after static initialisation.
const int masked = kcshim_cpu_mask_named("neon");

TEST(Sha512NeonMasked, NeonIsAbsentOnceMasked)
{
	ASSERT_EQ(masked, 0);
	EXPECT_FALSE(kcshim_cpu_has(KCSHIM_ARM_FEATURE_NEON));
	EXPECT_FALSE(elf_hwcap & HWCAP_NEON);
	EXPECT_FALSE(cpu_has_neon());
	// what depends on NEON goes with it
	EXPECT_FALSE(kcshim_cpu_has(KCSHIM_ARM_FEATURE_SHA2));
}

TEST(Sha512NeonMasked, GenericDriversServeAndNeonDriversDoNotRegister)
{
	ASSERT_EQ(masked, 0);
	kcshim_init();
	std::vector<kcshim_alg_info> algs;
	kcshim_for_each_alg([](const kcshim_alg_info *a, void *arg) {
		static_cast<std::vector<kcshim_alg_info> *>(arg)->push_back(*a);
		return 0;
	}, &algs);
	for (const char *name : {"sha512", "sha384"}) {
		SCOPED_TRACE(name);
		const std::string generic = std::string(name) + "-generic";
		bool found_generic = false;
		for (const auto &a : algs) {
			EXPECT_NE(std::string_view(a.driver), std::string(name) + "-neon")
				<< "registered with NEON masked";
			if (a.driver == generic) {
				found_generic = true;
				EXPECT_EQ(a.selftest, KCSHIM_SELFTEST_PASSED);
			}
		}
		EXPECT_TRUE(found_generic);

		struct crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);
		ASSERT_FALSE(IS_ERR(tfm)) << kcshim_last_error();
		kcshim::test::Shash owned(tfm);
		EXPECT_EQ(crypto_shash_driver_name(tfm), generic);
	}
}

}  // namespace
