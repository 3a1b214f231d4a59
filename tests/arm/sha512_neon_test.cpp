// SPDX-License-Identifier: GPL-2.0
// algs/sha512/arm (sha512-neon, sha384-neon) under qemu-arm. Both CPUs tests/cross_test.sh runs
// this for (KCSHIM_TEST_QEMU_CPU: cortex-a8, cortex-a15) have NEON, so the drivers must register
// at priority 300, win lookups of "sha512" and "sha384", pass their self-tests and equal the
// generic drivers on random inputs split at random points, share the generic export format and
// fall back to the generic code where SIMD is not usable. Random cases replay with
// KCSHIM_TEST_SEED=<n>. tests/arm/sha512_neon_masked_test.cpp covers a CPU without NEON.
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

#include "support/kernel_api.h"
#include "support/seed.h"

#ifndef KCSHIM_TEST_QEMU_CPU
#define KCSHIM_TEST_QEMU_CPU ""
#endif

namespace {

using kcshim::test::Desc;
using kcshim::test::Shash;
using kcshim_test::test_seed;

struct Pair {
	const char *name, *neon, *generic;
};

constexpr Pair kPairs[] = {
	{"sha512", "sha512-neon", "sha512-generic"},
	{"sha384", "sha384-neon", "sha384-generic"},
};

using Bytes = std::vector<uint8_t>;

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

std::string hex(const Bytes &b)
{
	static const char digits[] = "0123456789abcdef";
	std::string s;
	for (uint8_t c : b) {
		s += digits[c >> 4];
		s += digits[c & 15];
	}
	return s;
}

Bytes random_bytes(std::mt19937_64 &rng, size_t len)
{
	Bytes b(len);
	for (auto &c : b)
		c = static_cast<uint8_t>(rng());
	return b;
}

// The digest of msg[off..] by updates of the given lengths (the rest in finup), each from a
// buffer at offset off, so the source alignment varies too.
Bytes split_digest(struct crypto_shash *tfm, const Bytes &msg, const std::vector<size_t> &cuts)
{
	Bytes out(crypto_shash_digestsize(tfm));
	Desc d(tfm);
	EXPECT_EQ(crypto_shash_init(d.get()), 0);
	size_t pos = 0;
	for (size_t cut : cuts) {
		EXPECT_EQ(crypto_shash_update(d.get(), msg.data() + pos, cut - pos), 0);
		pos = cut;
	}
	EXPECT_EQ(crypto_shash_finup(d.get(), msg.data() + pos, msg.size() - pos, out.data()), 0);
	return out;
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
	const auto algs = all_algs();
	for (const Pair &p : kPairs) {
		SCOPED_TRACE(p.neon);
		const kcshim_alg_info *gen = find_driver(algs, p.generic);
		const kcshim_alg_info *neon = find_driver(algs, p.neon);
		ASSERT_NE(gen, nullptr) << p.generic << " is not registered";
		ASSERT_NE(neon, nullptr) << p.neon << " is not registered";
		EXPECT_STREQ(neon->name, p.name);
		EXPECT_EQ(neon->priority, 300);
		EXPECT_GT(neon->priority, gen->priority);
		EXPECT_EQ(neon->kind, KCSHIM_KIND_SHASH);
		EXPECT_EQ(neon->selftest, KCSHIM_SELFTEST_PASSED);
		EXPECT_EQ(gen->selftest, KCSHIM_SELFTEST_PASSED);
		EXPECT_EQ(neon->blocksize, gen->blocksize);
		EXPECT_EQ(neon->digestsize, gen->digestsize);
		EXPECT_EQ(neon->descsize, gen->descsize);
		EXPECT_EQ(neon->statesize, gen->statesize);
	}
}

TEST(Sha512Neon, LookupByNameGetsTheNeonDriver)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	kcshim_init();
	for (const Pair &p : kPairs) {
		Shash tfm = alloc(p.name);
		ASSERT_TRUE(tfm);
		EXPECT_STREQ(crypto_shash_driver_name(tfm.get()), p.neon);
	}
}

struct Row {
	std::string driver, source, message;
	unsigned int vectors;
	bool passed;
	kcshim_selftest_row row;
};

// Own vectors, then testmgr's extra self-tests against the generic driver (random lengths and
// splits, final/finup/digest, export + import, SIMD off).
TEST(Sha512Neon, SelftestsAndExtraSelftestsAgainstGenericPass)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	kcshim_init();
	const kcshim_selftest_options opts{100, test_seed(), nullptr};
	for (const Pair &p : kPairs) {
		SCOPED_TRACE(p.name);
		std::vector<Row> rows;
		int failed = kcshim_selftest_with(p.name, &opts, [](const kcshim_selftest_result *r,
								     void *arg) {
			static_cast<std::vector<Row> *>(arg)->push_back(
				{r->driver, r->source, r->message, r->vectors, r->passed, r->row});
		}, &rows);
		EXPECT_EQ(failed, 0);
		bool own = false, extra = false;
		for (const Row &r : rows) {
			SCOPED_TRACE(r.driver + " " + r.source);
			EXPECT_TRUE(r.passed) << r.message;
			if (r.driver != p.neon)
				continue;
			own |= r.row == KCSHIM_ROW_VECTORS && r.source == "own" && r.passed;
			if (r.row == KCSHIM_ROW_EXTRA) {
				extra = r.passed;
				EXPECT_EQ(r.source, std::string("vs ") + p.generic);
				EXPECT_EQ(r.vectors, 800u);
			}
		}
		EXPECT_TRUE(own) << p.neon << ": no passing \"own\" vector row";
		EXPECT_TRUE(extra) << p.neon << ": no passing extra-tests row";
	}
}

// Lengths around the block size and its multiples, and random ones, in 1 to 4 updates at
// random points, from buffers at random offsets.
TEST(Sha512Neon, EqualsGenericOnRandomLengthsAndSplits)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	kcshim_init();
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs) {
		Shash neon = alloc(p.neon), gen = alloc(p.generic);
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
			Bytes buf = random_bytes(rng, off + len);
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
			const Bytes want = kcshim::test::digest(gen.get(), msg);
			EXPECT_EQ(hex(split_digest(neon.get(), msg, cuts)), hex(want));
			EXPECT_EQ(hex(kcshim::test::digest(neon.get(), msg)), hex(want));
		}
	}
}

// The export format is sha512.h's for both drivers: a state exported by one finishes in the other.
TEST(Sha512Neon, ExportedStateMovesBetweenNeonAndGeneric)
{
	if (!cpu_has_neon())
		GTEST_SKIP() << "no NEON";
	kcshim_init();
	std::mt19937_64 rng(test_seed());
	for (const Pair &p : kPairs) {
		Shash neon = alloc(p.neon), gen = alloc(p.generic);
		ASSERT_TRUE(neon && gen);
		for (int iter = 0; iter < 100; iter++) {
			const size_t len = rng() % 1100;
			const size_t cut = rng() % (len + 1);
			const bool neon_first = iter & 1;
			const Bytes msg = random_bytes(rng, len);
			struct crypto_shash *from = neon_first ? neon.get() : gen.get();
			struct crypto_shash *to = neon_first ? gen.get() : neon.get();
			Bytes state(crypto_shash_statesize(from));
			Bytes out(crypto_shash_digestsize(to));

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
		}
	}
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
	std::mt19937_64 rng(test_seed());
	Shash neon = alloc("sha512-neon"), gen = alloc("sha512-generic");
	ASSERT_TRUE(neon && gen);

	// a state begun with SIMD, continued without it, finished with it again
	const Bytes msg = random_bytes(rng, 1000);
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
	EXPECT_EQ(hex(out), hex(want));
	EXPECT_EQ(hex(off), hex(want)) << "digest with SIMD disabled for test";

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
