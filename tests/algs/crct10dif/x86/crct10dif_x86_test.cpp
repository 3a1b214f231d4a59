// SPDX-License-Identifier: GPL-2.0
// algs/crct10dif/x86: crct10dif-vpclmul-avx512 (priority 300) registers exactly where the CPU
// has VPCLMULQDQ and AVX-512BW, crct10dif-pclmul (200) where it has PCLMULQDQ; "crct10dif"
// resolves to the best of them. Built three times: as the CPU is, with "vpclmulqdq" masked and
// with "pclmulqdq" masked (KCSHIM_TEST_MASK, before the drivers' init), so that masking a feature
// is seen to pick the next driver. Each registered driver passes its vectors and 10,000 random
// cases against crct10dif-generic (testmgr's extra tests), equals it on every length 0..1100 and
// on large buffers (misaligned, split, from imported states, SIMD off), and exports states that
// the generic driver imports and the other way round.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include <asm/cpufeature.h>
#include <asm/fpu/xstate.h>

#include "tests/support/feature_mask.h"
#include "tests/support/variant_testing.h"

namespace {

namespace v = kcshim::test::variants;

bool has_pclmul()
{
	return boot_cpu_has(X86_FEATURE_PCLMULQDQ) && boot_cpu_has(X86_FEATURE_SSSE3);
}

bool has_vpclmul()
{
	return has_pclmul() && boot_cpu_has(X86_FEATURE_VPCLMULQDQ) &&
	       boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512BW) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 nullptr);
}

const v::DriverPair vpclmul{"crct10dif", "crct10dif-vpclmul-avx512", "crct10dif-generic"};
const v::DriverPair pclmul{"crct10dif", "crct10dif-pclmul", "crct10dif-generic"};

TEST(KCSHIM_TEST_SUITE, MaskedFeatureIsAbsent)
{
	std::cout << "masked: \"" KCSHIM_TEST_MASK "\"\n";
	if (std::string(KCSHIM_TEST_MASK) == "vpclmulqdq") {
		EXPECT_FALSE(has_vpclmul());
	}
	if (std::string(KCSHIM_TEST_MASK) == "pclmulqdq") {
		EXPECT_FALSE(has_pclmul() || has_vpclmul());
	}
}

TEST(KCSHIM_TEST_SUITE, DriversRegisterAsTheCpuAllows)
{
	v::expect_registered_as_the_cpu_allows(vpclmul, has_vpclmul(), 300);
	v::expect_registered_as_the_cpu_allows(pclmul, has_pclmul(), 200);
}

TEST(KCSHIM_TEST_SUITE, LookupGetsTheFastestDriverTheCpuHas)
{
	v::expect_lookup_winner(has_vpclmul() ? vpclmul : pclmul, has_pclmul());
}

TEST(KCSHIM_TEST_SUITE, SelftestsAndTenThousandExtraCasesAgainstGenericPass)
{
	v::expect_variant_selftests("crct10dif", "crct10dif-generic",
				    {{vpclmul.variant, has_vpclmul()}, {pclmul.variant, has_pclmul()}},
				    1250);
}

// Every length 0..1100 (the short path, one zmm, eight zmm, the tails), then 200 buffers of up
// to 64 KiB.
TEST(KCSHIM_TEST_SUITE, EqualsGenericOnEveryLengthAndLargeBuffers)
{
	v::for_each_registered({&vpclmul, &pclmul}, [](const v::DriverPair &p, auto &rng) {
		v::expect_equals_generic(p.variant, p.generic, rng, 1101, 200, 65536);
	});
}

TEST(KCSHIM_TEST_SUITE, StatesCrossWithTheGenericDriver)
{
	v::for_each_registered({&vpclmul, &pclmul}, [](const v::DriverPair &p, auto &rng) {
		v::expect_state_moves(p.variant, p.generic, rng, 4096);
	});
}

}  // namespace
