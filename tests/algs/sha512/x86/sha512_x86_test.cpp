// SPDX-License-Identifier: GPL-2.0
// algs/sha512/x86: sha384/sha512-avx512 (priority 180) register exactly where the CPU has AVX2,
// BMI1, BMI2, AVX-512F and AVX-512VL with the OS saving zmm state, sha384/sha512-avx2 (170) where
// it has AVX2, BMI1 and BMI2 with ymm state; "sha384"/"sha512" resolve to the best of them. Built
// three times: as the CPU is, with "avx512vl" masked and with "avx2" masked (KCSHIM_TEST_MASK,
// before the drivers' init), so that masking a feature is seen to pick the next driver. Each
// registered driver passes its vectors and 10,000 random cases against the generic driver
// (testmgr's extra tests), equals it on every length up to three blocks and on large buffers
// (misaligned, split, from imported states, SIMD off), and shares its export format.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include <asm/cpufeature.h>
#include <asm/fpu/xstate.h>

#include "tests/support/feature_mask.h"
#include "tests/support/variant_testing.h"

namespace {

namespace v = kcshim::test::variants;

bool has_avx2()
{
	return boot_cpu_has(X86_FEATURE_AVX2) && boot_cpu_has(X86_FEATURE_BMI1) &&
	       boot_cpu_has(X86_FEATURE_BMI2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, nullptr);
}

bool has_avx512()
{
	return has_avx2() && boot_cpu_has(X86_FEATURE_AVX512F) &&
	       boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 nullptr);
}

struct Algorithm {
	v::DriverPair avx512;
	v::DriverPair avx2;
};

const Algorithm kAlgorithms[] = {
	{{"sha512", "sha512-avx512", "sha512-generic"}, {"sha512", "sha512-avx2", "sha512-generic"}},
	{{"sha384", "sha384-avx512", "sha384-generic"}, {"sha384", "sha384-avx2", "sha384-generic"}},
};

TEST(KCSHIM_TEST_SUITE, MaskedFeatureIsAbsent)
{
	std::cout << "masked: \"" KCSHIM_TEST_MASK "\"\n";
	if (std::string(KCSHIM_TEST_MASK) == "avx512vl") {
		EXPECT_FALSE(has_avx512());
	}
	if (std::string(KCSHIM_TEST_MASK) == "avx2") {
		EXPECT_FALSE(has_avx2() || has_avx512());
	}
}

TEST(KCSHIM_TEST_SUITE, DriversRegisterAsTheCpuAllows)
{
	for (const Algorithm &a : kAlgorithms) {
		v::expect_registered_as_the_cpu_allows(a.avx512, has_avx512(), 180);
		v::expect_registered_as_the_cpu_allows(a.avx2, has_avx2(), 170);
	}
}

TEST(KCSHIM_TEST_SUITE, LookupGetsTheFastestDriverTheCpuHas)
{
	for (const Algorithm &a : kAlgorithms)
		v::expect_lookup_winner(has_avx512() ? a.avx512 : a.avx2, has_avx2());
}

TEST(KCSHIM_TEST_SUITE, SelftestsAndTenThousandExtraCasesAgainstGenericPass)
{
	for (const Algorithm &a : kAlgorithms)
		v::expect_variant_selftests(a.avx2.name, a.avx2.generic,
					    {{a.avx512.variant, has_avx512()},
					     {a.avx2.variant, has_avx2()}},
					    1250);
}

// Every length 0..400 (one to four blocks with the padding's second block from 112 bytes on),
// then 200 buffers of up to 64 KiB.
TEST(KCSHIM_TEST_SUITE, EqualsGenericOnEveryLengthAndLargeBuffers)
{
	for (const Algorithm &a : kAlgorithms)
		v::for_each_registered({&a.avx512, &a.avx2}, [](const v::DriverPair &p, auto &rng) {
			v::expect_equals_generic(p.variant, p.generic, rng, 401, 200, 65536);
		});
}

TEST(KCSHIM_TEST_SUITE, StatesCrossWithTheGenericDriver)
{
	for (const Algorithm &a : kAlgorithms)
		v::for_each_registered({&a.avx512, &a.avx2}, [](const v::DriverPair &p, auto &rng) {
			v::expect_state_moves(p.variant, p.generic, rng, 4096);
		});
}

}  // namespace
