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

#include "arm64/variant_testing.h"

namespace {

using kcshim::test::Shash;
using kcshim::test::arm64::all_algs;
using kcshim::test::arm64::alloc;
using kcshim::test::arm64::find_driver;
using kcshim::test::arm64::test_seed;

struct Pair {
	const char *name, *ce, *generic;
};

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
	const auto algs = all_algs();
	for (const Pair &p : kPairs) {
		SCOPED_TRACE(p.ce);
		const kcshim_alg_info *gen = find_driver(algs, p.generic);
		ASSERT_NE(gen, nullptr) << p.generic << " is not registered";
		EXPECT_EQ(gen->selftest, KCSHIM_SELFTEST_PASSED);

		const kcshim_alg_info *ce = find_driver(algs, p.ce);
		if (!cpu_has_sha512()) {
			EXPECT_EQ(ce, nullptr) << p.ce << " registered on a CPU without SHA512";
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

TEST(Sha512Ce, LookupByNameGetsTheHighestPriorityDriver)
{
	kcshim_init();
	for (const Pair &p : kPairs) {
		Shash tfm = alloc(p.name);
		ASSERT_TRUE(tfm);
		EXPECT_STREQ(crypto_shash_driver_name(tfm.get()), cpu_has_sha512() ? p.ce : p.generic);
	}
}

TEST(Sha512Ce, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_variant_selftests(p.name, p.generic,
							      {{p.ce, cpu_has_sha512()}});
}

// Every length up to two blocks and a bit (the padding needs a second block from 112 bytes in
// one), then random lengths, at random misalignments and splits, also with SIMD unusable.
TEST(Sha512Ce, CeEqualsGenericOnRandomLengthsAndSplits)
{
	if (!cpu_has_sha512())
		GTEST_SKIP() << "no SHA512 extension: no CE drivers";
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_equals_generic(p.ce, p.generic, rng, 300, 200, 5000);
}

// The export format is sha512.h's for both drivers: a state exported by one finishes in the other.
TEST(Sha512Ce, ExportedStateMovesBetweenCeAndGeneric)
{
	if (!cpu_has_sha512())
		GTEST_SKIP() << "no SHA512 extension: no CE drivers";
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs)
		kcshim::test::arm64::expect_state_moves(p.ce, p.generic, rng, 1000);
}

}  // namespace
