// SPDX-License-Identifier: GPL-2.0
// algs/sha3/x86: the six -avx512 drivers (priority 200) register exactly where the CPU has
// AVX-512F and AVX-512VL with the OS saving zmm state, the six -bmi2 drivers (150) where it has
// BMI1 and BMI2; each name resolves to the best of them. Built three times: as the CPU is, with
// "avx512vl" masked and with "bmi2" masked (KCSHIM_TEST_MASK, before the drivers' init), so that
// masking a feature is seen to pick the next driver. Each registered driver passes its vectors and
// 10,000 random cases against its generic driver (testmgr's extra tests), equals it on every
// length up to three blocks and on large buffers (misaligned, split, from imported states, SIMD
// off), and shares its export format.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include <asm/cpufeature.h>
#include <asm/fpu/xstate.h>

#include "tests/support/feature_mask.h"
#include "tests/support/variant_testing.h"

namespace {

namespace v = kcshim::test::variants;

bool has_bmi2()
{
	return boot_cpu_has(X86_FEATURE_BMI1) && boot_cpu_has(X86_FEATURE_BMI2);
}

bool has_avx512()
{
	return boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 nullptr);
}

struct Algorithm {
	v::DriverPair avx512;
	v::DriverPair bmi2;
};

const Algorithm kAlgorithms[] = {
	{{"sha3-224", "sha3-224-avx512", "sha3-224-generic"},
	 {"sha3-224", "sha3-224-bmi2", "sha3-224-generic"}},
	{{"sha3-256", "sha3-256-avx512", "sha3-256-generic"},
	 {"sha3-256", "sha3-256-bmi2", "sha3-256-generic"}},
	{{"sha3-384", "sha3-384-avx512", "sha3-384-generic"},
	 {"sha3-384", "sha3-384-bmi2", "sha3-384-generic"}},
	{{"sha3-512", "sha3-512-avx512", "sha3-512-generic"},
	 {"sha3-512", "sha3-512-bmi2", "sha3-512-generic"}},
	{{"shake128", "shake128-avx512", "shake128-generic"},
	 {"shake128", "shake128-bmi2", "shake128-generic"}},
	{{"shake256", "shake256-avx512", "shake256-generic"},
	 {"shake256", "shake256-bmi2", "shake256-generic"}},
};

TEST(KCSHIM_TEST_SUITE, MaskedFeatureIsAbsent)
{
	std::cout << "masked: \"" KCSHIM_TEST_MASK "\"\n";
	if (std::string(KCSHIM_TEST_MASK) == "avx512vl") {
		EXPECT_FALSE(has_avx512());
	}
	if (std::string(KCSHIM_TEST_MASK) == "bmi2") {
		EXPECT_FALSE(has_bmi2());
	}
}

TEST(KCSHIM_TEST_SUITE, DriversRegisterAsTheCpuAllows)
{
	for (const Algorithm &a : kAlgorithms) {
		v::expect_registered_as_the_cpu_allows(a.avx512, has_avx512(), 200);
		v::expect_registered_as_the_cpu_allows(a.bmi2, has_bmi2(), 150);
	}
}

TEST(KCSHIM_TEST_SUITE, LookupGetsTheFastestDriverTheCpuHas)
{
	for (const Algorithm &a : kAlgorithms)
		v::expect_lookup_winner(has_avx512() ? a.avx512 : a.bmi2,
					has_avx512() || has_bmi2());
}

TEST(KCSHIM_TEST_SUITE, SelftestsAndTenThousandExtraCasesAgainstGenericPass)
{
	for (const Algorithm &a : kAlgorithms)
		v::expect_variant_selftests(a.bmi2.name, a.bmi2.generic,
					    {{a.avx512.variant, has_avx512()},
					     {a.bmi2.variant, has_bmi2()}},
					    1250);
}

// Every length 0..510 (up to three blocks of SHAKE128's 168 bytes, seven of SHA3-512's 72), then
// 100 buffers of up to 32 KiB.
TEST(KCSHIM_TEST_SUITE, EqualsGenericOnEveryLengthAndLargeBuffers)
{
	for (const Algorithm &a : kAlgorithms)
		v::for_each_registered({&a.avx512, &a.bmi2}, [](const v::DriverPair &p, auto &rng) {
			v::expect_equals_generic(p.variant, p.generic, rng, 511, 100, 32768);
		});
}

TEST(KCSHIM_TEST_SUITE, StatesCrossWithTheGenericDriver)
{
	for (const Algorithm &a : kAlgorithms)
		v::for_each_registered({&a.avx512, &a.bmi2}, [](const v::DriverPair &p, auto &rng) {
			v::expect_state_moves(p.variant, p.generic, rng, 4096);
		});
}

}  // namespace
