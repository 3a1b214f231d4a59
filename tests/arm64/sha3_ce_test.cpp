// SPDX-License-Identifier: GPL-2.0
// algs/sha3/arm64 (sha3-*-ce, shake*-ce) under qemu-aarch64. The CPU the run is for comes from
// the build (KCSHIM_TEST_QEMU_CPU, cross_test.sh's CPU argument): under "max" the SHA3 extension
// is there and the CE drivers must register, win lookups, pass their self-tests and equal the
// generic drivers on random inputs; under "cortex-a53" it is not and they must not register while
// the generic drivers still pass. Random cases replay with KCSHIM_TEST_SEED=<n>.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <asm/cpufeature.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>

#include "support/kernel_api.h"

#ifndef KCSHIM_TEST_QEMU_CPU
#define KCSHIM_TEST_QEMU_CPU ""
#endif

namespace {

using kcshim::test::Desc;
using kcshim::test::Shash;

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

// Whether the CPU this run is for has the SHA3 extension; the CPUs qemu models that we run under
// are known, anything else (a real board) answers from the hardware.
bool cpu_has_sha3()
{
	const std::string_view cpu = KCSHIM_TEST_QEMU_CPU;
	if (cpu == "max")
		return true;
	if (cpu == "cortex-a53")
		return false;
	return kcshim_cpu_has(KCSHIM_ARM64_FEATURE_SHA3);
}

uint64_t test_seed()
{
	static const uint64_t seed = [] {
		if (const char *env = std::getenv("KCSHIM_TEST_SEED"))
			return static_cast<uint64_t>(std::strtoull(env, nullptr, 0));
		return (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
	}();
	std::cout << "[ seed     ] KCSHIM_TEST_SEED=" << seed << '\n';
	return seed;
}

std::vector<kcshim_alg_info> all_algs()
{
	kcshim_init();
	std::vector<kcshim_alg_info> out;
	kcshim_for_each_alg([](const kcshim_alg_info *a, void *arg) {
		static_cast<std::vector<kcshim_alg_info> *>(arg)->push_back(*a);
		return 0;
	}, &out);
	return out;
}

const kcshim_alg_info *find_driver(const std::vector<kcshim_alg_info> &algs, std::string_view drv)
{
	for (const auto &a : algs)
		if (drv == a.driver)
			return &a;
	return nullptr;
}

Shash alloc(const char *name)
{
	struct crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);
	if (IS_ERR(tfm)) {
		ADD_FAILURE() << "crypto_alloc_shash(\"" << name << "\") = " << PTR_ERR(tfm) << " "
			      << kcshim_last_error();
		return nullptr;
	}
	return Shash(tfm);
}

std::string hex(const std::vector<uint8_t> &b)
{
	static const char digits[] = "0123456789abcdef";
	std::string s;
	for (uint8_t c : b) {
		s += digits[c >> 4];
		s += digits[c & 15];
	}
	return s;
}

TEST(Sha3Ce, Sha3ExtensionIsReportedAsTheQemuCpuHasIt)
{
	std::cout << "qemu cpu: \"" << KCSHIM_TEST_QEMU_CPU << "\"\n";
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

struct Row {
	std::string driver, source, message;
	unsigned int vectors, runs;
	bool passed;
	kcshim_selftest_row row;
};

// Own vectors, then testmgr's extra self-tests: 800 random cases per driver against the generic
// driver (random lengths and splits, final/finup/digest, export + import, SIMD off).
TEST(Sha3Ce, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	kcshim_init();
	const kcshim_selftest_options opts{100, test_seed(), nullptr};
	for (const Pair &p : kPairs) {
		SCOPED_TRACE(p.name);
		std::vector<Row> rows;
		int failed = kcshim_selftest_with(p.name, &opts, [](const kcshim_selftest_result *r,
								     void *arg) {
			static_cast<std::vector<Row> *>(arg)->push_back(
				{r->driver, r->source, r->message, r->vectors, r->runs, r->passed,
				 r->row});
		}, &rows);
		EXPECT_EQ(failed, 0);

		bool gen_own = false, gen_is_generic = false, ce_own = false, ce_extra = false;
		for (const Row &r : rows) {
			SCOPED_TRACE(r.driver + " " + r.source);
			EXPECT_TRUE(r.passed || r.row == KCSHIM_ROW_NOT_COMPARED) << r.message;
			EXPECT_NE(r.row, KCSHIM_ROW_NOT_COMPARED) << r.message;
			if (r.driver == p.generic) {
				gen_own |= r.row == KCSHIM_ROW_VECTORS && r.source == "own" &&
					   r.passed && r.runs > r.vectors;
				gen_is_generic |= r.row == KCSHIM_ROW_IS_GENERIC;
			} else if (r.driver == p.ce) {
				ce_own |= r.row == KCSHIM_ROW_VECTORS && r.source == "own" &&
					  r.passed && r.runs > r.vectors;
				if (r.row == KCSHIM_ROW_EXTRA) {
					ce_extra = r.passed;
					EXPECT_EQ(r.source, std::string("vs ") + p.generic);
					EXPECT_EQ(r.vectors, 800u);
					EXPECT_GE(r.runs, 800u);
				}
			} else {
				ADD_FAILURE() << "unexpected driver " << r.driver;
			}
		}
		EXPECT_TRUE(gen_own) << p.generic << ": no passing \"own\" vector row";
		EXPECT_TRUE(gen_is_generic) << p.generic << ": not recognised as the generic driver";
		EXPECT_EQ(ce_own, cpu_has_sha3()) << p.ce << ": passing \"own\" vector row";
		EXPECT_EQ(ce_extra, cpu_has_sha3()) << p.ce << ": passing extra-tests row";
	}
}

// The export format is sha3.h's for both drivers: a state exported by one finishes in the other.
TEST(Sha3Ce, ExportedStateMovesBetweenCeAndGeneric)
{
	if (!cpu_has_sha3())
		GTEST_SKIP() << "no SHA3 extension: no CE drivers";
	kcshim_init();
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs) {
		Shash ce = alloc(p.ce), gen = alloc(p.generic);
		ASSERT_TRUE(ce && gen);
		for (int iter = 0; iter < 100; iter++) {
			const size_t len = rng() % 700;
			const size_t cut = rng() % (len + 1);
			const bool ce_first = iter & 1;
			std::vector<uint8_t> msg(len);
			for (auto &c : msg)
				c = static_cast<uint8_t>(rng());
			struct crypto_shash *from = ce_first ? ce.get() : gen.get();
			struct crypto_shash *to = ce_first ? gen.get() : ce.get();
			std::vector<uint8_t> state(crypto_shash_statesize(from));
			std::vector<uint8_t> out(crypto_shash_digestsize(to));

			SCOPED_TRACE(std::string(p.name) + " len=" + std::to_string(len) + " export at " +
				     std::to_string(cut) + " from " + crypto_shash_driver_name(from));
			ASSERT_EQ(crypto_shash_statesize(to), state.size());
			Desc a(from), b(to);
			ASSERT_EQ(crypto_shash_init(a.get()), 0);
			ASSERT_EQ(crypto_shash_update(a.get(), msg.data(), cut), 0);
			ASSERT_EQ(crypto_shash_export(a.get(), state.data()), 0);
			ASSERT_EQ(crypto_shash_import(b.get(), state.data()), 0);
			ASSERT_EQ(crypto_shash_finup(b.get(), msg.data() + cut, len - cut, out.data()),
				  0);
			EXPECT_EQ(hex(out), hex(kcshim::test::digest(gen.get(), msg)));
			EXPECT_EQ(hex(out), hex(kcshim::test::digest(ce.get(), msg)));
		}
	}
}

}  // namespace
