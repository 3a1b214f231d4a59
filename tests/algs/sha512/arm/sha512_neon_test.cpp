// SPDX-License-Identifier: GPL-2.0
// algs/sha512/arm (sha512-neon, sha384-neon) under qemu-arm. Both CPUs tests/cross_test.sh runs
// this for (KCSHIM_TEST_QEMU_CPU: cortex-a8, cortex-a15) have NEON, so the drivers must register
// at priority 300, win lookups of "sha512" and "sha384", pass their self-tests and equal the
// generic drivers on random inputs split at random points, share the generic export format and
// fall back to the generic code where SIMD is not usable. Random cases replay with
// KCSHIM_TEST_SEED=<n>. tests/algs/sha512/arm/sha512_neon_masked_test.cpp covers a CPU without NEON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <asm/cpufeature.h>
#include <asm/neon.h>
#include <crypto/internal/simd.h>
#include <kcshim/irq_context.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>
#include <linux/preempt.h>

#include "tests/support/kernel_api.h"
#include "tests/support/variant_testing.h"

#ifndef KCSHIM_TEST_QEMU_CPU
#define KCSHIM_TEST_QEMU_CPU ""
#endif

namespace {

using kcshim::test::Desc;
using kcshim::test::Shash;

struct Pair {
	const char *name, *neon, *generic;
};

constexpr Pair kPairs[] = {
	{"sha512", "sha512-neon", "sha512-generic"},
	{"sha384", "sha384-neon", "sha384-generic"},
};

using Bytes = std::vector<uint8_t>;

namespace v = kcshim::test::variants;

v::DriverPair pair_of(const Pair &p)
{
	return {p.name, p.neon, p.generic};
}

TEST(Sha512Neon, NeonIsReportedOnTheQemuCpu)
{
	const std::string_view cpu = KCSHIM_TEST_QEMU_CPU;
	std::cout << "qemu cpu: \"" << cpu << "\"\n";
	if (cpu != "cortex-a8" && cpu != "cortex-a15")
		GTEST_SKIP() << "not a CPU this test knows: the hardware answers";
	EXPECT_TRUE(kcshim_cpu_has(KCSHIM_ARM_FEATURE_NEON));
	EXPECT_TRUE(elf_hwcap & HWCAP_NEON);
	EXPECT_TRUE(cpu_has_neon());
}

TEST(Sha512Neon, NeonDriversRegisterAt300AndPassTheirSelftests)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON: sha512_neon_masked_test's case";
	for (const Pair &p : kPairs)
		v::expect_registered_as_the_cpu_allows(pair_of(p), true, 300);
}

TEST(Sha512Neon, LookupByNameGetsTheNeonDriver)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	for (const Pair &p : kPairs)
		v::expect_lookup_winner(pair_of(p), true);
}

// Own vectors, then testmgr's extra self-tests against the generic driver (random lengths and
// splits, final/finup/digest, export + import, SIMD off).
TEST(Sha512Neon, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	for (const Pair &p : kPairs)
		v::expect_variant_selftests(p.name, p.generic, {{p.neon, true}});
}

// Lengths around the block size and its multiples, and random ones, in 1 to 4 updates at
// random points, from buffers at random offsets.
TEST(Sha512Neon, EqualsGenericOnRandomLengthsAndSplits)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	kcshim_init();
	std::mt19937_64 rng(v::test_seed());
	for (const Pair &p : kPairs) {
		Shash neon = v::alloc(p.neon), gen = v::alloc(p.generic);
		ASSERT_TRUE(neon && gen);
		// every block count up to 5 with the lengths where the padding changes: one byte
		// short of a block, a whole block, one more, and 111/112 (the length field fits or not)
		std::vector<size_t> lengths;
		for (size_t blocks = 0; blocks <= 5; blocks++)
			for (size_t extra : {0, 1, 111, 112, 127})
				lengths.push_back(blocks * 128 + extra);
		while (lengths.size() < 300)
			lengths.push_back(rng() % 2200);
		for (size_t len : lengths) {
			const size_t off = rng() % 16;
			Bytes buf = v::random_bytes(rng, off + len);
			Bytes msg(buf.begin() + static_cast<std::ptrdiff_t>(off), buf.end());
			std::vector<size_t> cuts(rng() % 4);
			for (auto &c : cuts)
				c = len ? rng() % (len + 1) : 0;
			std::sort(cuts.begin(), cuts.end());

			std::string trace = std::string(p.name) + " len=" + std::to_string(len) +
					    " offset=" + std::to_string(off) + " updates at";
			for (size_t c : cuts)
				trace += " " + std::to_string(c);
			SCOPED_TRACE(trace);
			const std::string want = v::digest_hex(gen.get(), msg);
			EXPECT_EQ(v::split_digest_hex(neon.get(), msg.data(), len, cuts), want);
			EXPECT_EQ(v::digest_hex(neon.get(), msg), want);
		}
	}
}

// The export format is sha512.h's for both drivers: a state exported by one finishes in the other.
TEST(Sha512Neon, ExportedStateMovesBetweenNeonAndGeneric)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	std::mt19937_64 rng(v::test_seed());
	for (const Pair &p : kPairs)
		v::expect_state_moves(p.neon, p.generic, rng, 1100);
}

// Where crypto_simd_usable() is false the drivers take the generic code: with SIMD disabled for
// test (as testmgr does), and in the emulated hardirq context, where a kernel_neon_begin() would
// be reported.
// One descriptor and output per context: nothing is allocated in the emulated interrupts.
struct IrqCase {
	IrqCase(struct crypto_shash *tfm, Bytes msg, Bytes want)
		: msg(std::move(msg)), want(std::move(want)), descs{Desc(tfm), Desc(tfm), Desc(tfm)},
		  outs(3, Bytes(this->want.size()))
	{
	}
	Bytes msg, want;
	Desc descs[3];
	std::vector<Bytes> outs;
};

TEST(Sha512Neon, SimdUnusableFallsBackToGeneric)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	kcshim_init();
	std::mt19937_64 rng(v::test_seed());
	Shash neon = v::alloc("sha512-neon"), gen = v::alloc("sha512-generic");
	ASSERT_TRUE(neon && gen);

	// a state begun with SIMD, continued without it, finished with it again
	const Bytes msg = v::random_bytes(rng, 1000);
	Bytes out(crypto_shash_digestsize(neon.get()));
	Desc d(neon.get());
	ASSERT_EQ(crypto_shash_init(d.get()), 0);
	ASSERT_EQ(crypto_shash_update(d.get(), msg.data(), 300), 0);
	crypto_simd_disabled_for_test = true;
	EXPECT_FALSE(crypto_simd_usable());
	EXPECT_EQ(crypto_shash_update(d.get(), msg.data() + 300, 400), 0);
	Bytes off = kcshim::test::digest(neon.get(), msg);
	crypto_simd_disabled_for_test = false;
	ASSERT_EQ(crypto_shash_finup(d.get(), msg.data() + 700, 300, out.data()), 0);
	const Bytes want = kcshim::test::digest(gen.get(), msg);
	EXPECT_EQ(out, want);
	EXPECT_EQ(off, want) << "digest with SIMD disabled for test";

	std::vector<std::string> warnings;
	kcshim_set_log_handler([](int, const char *line, void *arg) {
		static_cast<std::vector<std::string> *>(arg)->push_back(line);
	}, &warnings);
	IrqCase c(neon.get(), msg, want);
	kcshim_irq_test_counts counts{};
	kcshim_run_irq_test([](void *arg) {
		auto *c = static_cast<IrqCase *>(arg);
		const int i = in_hardirq() ? 1 : in_serving_softirq() ? 2 : 0;
		return crypto_shash_digest(c->descs[i].get(), c->msg.data(),
					   static_cast<unsigned int>(c->msg.size()),
					   c->outs[i].data()) == 0 &&
		       c->outs[i] == c->want;
	}, 200, &c, &counts);
	kcshim_set_log_handler(nullptr, nullptr);
	EXPECT_FALSE(counts.task_failed);
	EXPECT_FALSE(counts.hardirq_failed);
	EXPECT_FALSE(counts.softirq_failed);
	EXPECT_GT(counts.hardirq_calls, 0);
	for (const std::string &w : warnings)
		EXPECT_EQ(w.find("kernel_neon_begin"), std::string::npos) << w;
}

}  // namespace
