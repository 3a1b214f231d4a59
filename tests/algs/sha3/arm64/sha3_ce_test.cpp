// SPDX-License-Identifier: GPL-2.0
// algs/sha3/arm64 (sha3-*-ce, shake*-ce) under qemu-aarch64. The CPU the run is for comes from
// the build (KCSHIM_TEST_QEMU_CPU, cross_test.sh's CPU argument): under "max" the SHA3 extension
// is there and the CE drivers must register, win lookups, pass their self-tests and equal the
// generic drivers on random inputs; under "cortex-a53" it is not and they must not register while
// the generic drivers still pass. Random cases replay with KCSHIM_TEST_SEED=<n>.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/arm64_variant_testing.h"

namespace {

using kcshim::test::Desc;
using kcshim::test::arm64::all_algs;
using kcshim::test::arm64::hex;
using kcshim::test::arm64::test_seed;

using Pair = kcshim::test::arm64::DriverPair;

constexpr Pair kPairs[] = {
	{"sha3-224", "sha3-224-ce", "sha3-224-generic"},
	{"sha3-256", "sha3-256-ce", "sha3-256-generic"},
	{"sha3-384", "sha3-384-ce", "sha3-384-generic"},
	{"sha3-512", "sha3-512-ce", "sha3-512-generic"},
	{"shake128", "shake128-ce", "shake128-generic"},
	{"shake256", "shake256-ce", "shake256-generic"},
};

bool cpu_has_sha3()
{
	return kcshim::test::arm64::cpu_has(KCSHIM_ARM64_FEATURE_SHA3);
}

TEST(Sha3Ce, Sha3ExtensionIsReportedAsTheQemuCpuHasIt)
{
	std::cout << "qemu cpu: \"" << kcshim::test::arm64::qemu_cpu() << "\"\n";
	EXPECT_EQ(kcshim_cpu_has(KCSHIM_ARM64_FEATURE_SHA3), cpu_has_sha3());
	EXPECT_EQ(!!(elf_hwcap & HWCAP_SHA3), cpu_has_sha3());
}

TEST(Sha3Ce, CeDriversRegisterOnlyWithTheSha3Extension)
{
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_registered_as_the_cpu_allows(p, cpu_has_sha3(), 200);
}

TEST(Sha3Ce, LookupByNameGetsTheHighestPriorityDriver)
{
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_lookup_winner(p, cpu_has_sha3());
}

// `kcshim speed sha3-256 --drivers all` runs every non-internal driver of the cra_name (the CLI
// is not cross-built; this is the listing it uses).
TEST(Sha3Ce, SpeedRunsBothDriversOfSha3_256)
{
	std::set<std::string> drivers;
	for (const auto &a : all_algs())
		if (!a.internal && std::string_view(a.name) == "sha3-256")
			drivers.insert(a.driver);
	std::set<std::string> want{"sha3-256-generic"};
	if (cpu_has_sha3())
		want.insert("sha3-256-ce");
	EXPECT_EQ(drivers, want);
}

// Own vectors, then testmgr's extra self-tests: 800 random cases per driver against the generic
// driver (random lengths and splits, final/finup/digest, export + import, SIMD off).
TEST(Sha3Ce, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_variant_selftests(p.name, p.generic,
							      {{p.variant, cpu_has_sha3()}});
}

// The export format is sha3.h's for both drivers: a state exported by one finishes in the other.
TEST(Sha3Ce, ExportedStateMovesBetweenCeAndGeneric)
{
	if (!cpu_has_sha3())
		GTEST_SKIP() << "no SHA3 extension: no CE drivers";
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_state_moves(p.variant, p.generic, rng, 700);
}

}  // namespace
