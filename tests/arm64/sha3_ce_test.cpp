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

#include "arm64/variant_testing.h"

namespace {

using kcshim::test::Desc;
using kcshim::test::Shash;
using kcshim::test::arm64::all_algs;
using kcshim::test::arm64::alloc;
using kcshim::test::arm64::find_driver;
using kcshim::test::arm64::hex;
using kcshim::test::arm64::test_seed;

struct Pair {
	const char *name, *ce, *generic;
};

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
	const auto algs = all_algs();
	for (const Pair &p : kPairs) {
		SCOPED_TRACE(p.ce);
		const kcshim_alg_info *gen = find_driver(algs, p.generic);
		ASSERT_NE(gen, nullptr) << p.generic << " is not registered";
		EXPECT_EQ(gen->selftest, KCSHIM_SELFTEST_PASSED);

		const kcshim_alg_info *ce = find_driver(algs, p.ce);
		if (!cpu_has_sha3()) {
			EXPECT_EQ(ce, nullptr) << p.ce << " registered on a CPU without SHA3";
			continue;
		}
		ASSERT_NE(ce, nullptr) << p.ce << " is not registered";
		EXPECT_STREQ(ce->name, p.name);
		EXPECT_EQ(ce->priority, 200);
		EXPECT_GT(ce->priority, gen->priority);
		EXPECT_EQ(ce->kind, KCSHIM_KIND_SHASH);
		EXPECT_EQ(ce->selftest, KCSHIM_SELFTEST_PASSED);
		EXPECT_EQ(ce->blocksize, gen->blocksize);
		EXPECT_EQ(ce->digestsize, gen->digestsize);
		EXPECT_EQ(ce->descsize, gen->descsize);
		EXPECT_EQ(ce->statesize, gen->statesize);
	}
}

TEST(Sha3Ce, LookupByNameGetsTheHighestPriorityDriver)
{
	kcshim_init();
	for (const Pair &p : kPairs) {
		Shash tfm = alloc(p.name);
		ASSERT_TRUE(tfm);
		EXPECT_STREQ(crypto_shash_driver_name(tfm.get()), cpu_has_sha3() ? p.ce : p.generic);
	}
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
							      {{p.ce, cpu_has_sha3()}});
}

// The export format is sha3.h's for both drivers: a state exported by one finishes in the other.
TEST(Sha3Ce, ExportedStateMovesBetweenCeAndGeneric)
{
	if (!cpu_has_sha3())
		GTEST_SKIP() << "no SHA3 extension: no CE drivers";
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_state_moves(p.ce, p.generic, rng, 700);
}

}  // namespace
