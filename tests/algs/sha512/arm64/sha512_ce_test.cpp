// SPDX-License-Identifier: GPL-2.0
// algs/sha512/arm64 (sha384-ce, sha512-ce) under qemu-aarch64. Under "max" the SHA512 extension is
// there and the CE drivers must register at priority 200, win lookups, pass their self-tests,
// equal the generic drivers on random lengths and splits and share their export format; under
// "cortex-a53" it is not and they must not register while the generic drivers still pass. Random
// cases replay with KCSHIM_TEST_SEED=<n>.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tests/support/arm64_variant_testing.h"

namespace {

using kcshim::test::arm64::test_seed;

using Pair = kcshim::test::arm64::DriverPair;

constexpr Pair kPairs[] = {
	{"sha384", "sha384-ce", "sha384-generic"},
	{"sha512", "sha512-ce", "sha512-generic"},
};

bool cpu_has_sha512()
{
	return kcshim::test::arm64::cpu_has(KCSHIM_ARM64_FEATURE_SHA512);
}

TEST(Sha512Ce, Sha512ExtensionIsReportedAsTheQemuCpuHasIt)
{
	std::cout << "qemu cpu: \"" << kcshim::test::arm64::qemu_cpu() << "\"\n";
	EXPECT_EQ(kcshim_cpu_has(KCSHIM_ARM64_FEATURE_SHA512), cpu_has_sha512());
	EXPECT_EQ(!!(elf_hwcap & HWCAP_SHA512), cpu_has_sha512());
}

TEST(Sha512Ce, CeDriversRegisterOnlyWithTheSha512Extension)
{
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_registered_as_the_cpu_allows(p, cpu_has_sha512(), 200);
}

TEST(Sha512Ce, LookupByNameGetsTheHighestPriorityDriver)
{
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_lookup_winner(p, cpu_has_sha512());
}

TEST(Sha512Ce, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_variant_selftests(p.name, p.generic,
							      {{p.variant, cpu_has_sha512()}});
}

// Every length up to two blocks and a bit (the padding needs a second block from 112 bytes in
// one), then random lengths, at random misalignments and splits, also with SIMD unusable.
TEST(Sha512Ce, CeEqualsGenericOnRandomLengthsAndSplits)
{
	if (!cpu_has_sha512())
		GTEST_SKIP() << "no SHA512 extension: no CE drivers";
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_equals_generic(p.variant, p.generic, rng, 300, 200, 5000);
}

// The export format is sha512.h's for both drivers: a state exported by one finishes in the other.
TEST(Sha512Ce, ExportedStateMovesBetweenCeAndGeneric)
{
	if (!cpu_has_sha512())
		GTEST_SKIP() << "no SHA512 extension: no CE drivers";
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_state_moves(p.variant, p.generic, rng, 1000);
}

}  // namespace
