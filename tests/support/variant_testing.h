// SPDX-License-Identifier: GPL-2.0
// What the tests of the arch variants (algs/*/x86, algs/*/arm64) share: the seed of the random
// cases, the registered algorithms, digests by driver name, and the checks every variant answers
// to (registration, lookup, self-tests, equality with the generic driver). Random cases print
// their seed and replay with KCSHIM_TEST_SEED=<n>.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <crypto/internal/simd.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>

#include "tests/support/bytes.h"
#include "tests/support/kernel_api.h"
#include "tests/support/seed.h"

namespace kcshim::test::variants {

using kcshim_test::cuts_str;
using kcshim_test::hex;
using kcshim_test::random_bytes;
using kcshim_test::test_seed;

inline std::vector<kcshim_alg_info> all_algs()
{
	kcshim_init();
	std::vector<kcshim_alg_info> out;
	kcshim_for_each_alg([](const kcshim_alg_info *a, void *arg) {
		static_cast<std::vector<kcshim_alg_info> *>(arg)->push_back(*a);
		return 0;
	}, &out);
	return out;
}

inline const kcshim_alg_info *find_driver(const std::vector<kcshim_alg_info> &algs,
					  std::string_view drv)
{
	for (const auto &a : algs)
		if (drv == a.driver)
			return &a;
	return nullptr;
}

// crypto_alloc_shash(@name), or a failed expectation and an empty Shash.
inline Shash alloc(const char *name)
{
	struct crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);
	if (IS_ERR(tfm)) {
		ADD_FAILURE() << "crypto_alloc_shash(\"" << name << "\") = " << PTR_ERR(tfm) << " "
			      << kcshim_last_error();
		return nullptr;
	}
	return Shash(tfm);
}

// The one-shot digest of @msg by @tfm, in hex ("" if it failed).
inline std::string digest_hex(struct crypto_shash *tfm, const std::vector<uint8_t> &msg)
{
	return hex(digest(tfm, msg));
}

// The digest of @msg by @tfm fed through update() calls that end at @cuts (ascending), starting
// from the exported state @state if it is not empty, else from init(); in hex ("" on an error).
inline std::string split_digest_hex(struct crypto_shash *tfm, const uint8_t *msg, size_t len,
				    const std::vector<size_t> &cuts,
				    const std::vector<uint8_t> &state = {})
{
	std::vector<uint8_t> out(crypto_shash_digestsize(tfm));
	Desc d(tfm);
	if (state.empty() ? crypto_shash_init(d.get()) : crypto_shash_import(d.get(), state.data()))
		return "";
	size_t at = 0;
	for (size_t cut : cuts) {
		if (crypto_shash_update(d.get(), msg + at, static_cast<unsigned>(cut - at)))
			return "";
		at = cut;
	}
	if (crypto_shash_finup(d.get(), msg + at, static_cast<unsigned>(len - at), out.data()))
		return "";
	return hex(out);
}

// @variant gives @generic's digests on every length below @every, then on @random_cases random
// lengths below @max_len. Each message sits at a random misalignment and goes to @variant through
// up to four random update() splits; every third case starts from a random imported state, and
// every seventh runs with SIMD unusable (crypto_simd_usable() false: the generic fallback).
inline void expect_equals_generic(const char *variant, const char *generic, std::mt19937_64 &rng,
				  size_t every, unsigned int random_cases, size_t max_len)
{
	kcshim_init();
	Shash var = alloc(variant), gen = alloc(generic);
	ASSERT_TRUE(var && gen);
	ASSERT_EQ(crypto_shash_statesize(var.get()), crypto_shash_statesize(gen.get()));
	for (size_t iter = 0; iter < every + random_cases; iter++) {
		const size_t len = iter < every ? iter : rng() % max_len;
		const size_t misalign = rng() % 16;
		const std::vector<uint8_t> buf = random_bytes(rng, len + misalign);
		const uint8_t *msg = buf.data() + misalign;
		const std::vector<size_t> cuts = kcshim_test::random_cuts(rng, len, rng() % 5);
		const std::vector<uint8_t> state =
			iter % 3 == 2 ? random_bytes(rng, crypto_shash_statesize(gen.get()))
				      : std::vector<uint8_t>();
		const bool nosimd = iter % 7 == 6;
		SCOPED_TRACE(std::string(variant) + " len=" + std::to_string(len) + " misalign=" +
			     std::to_string(misalign) + " cuts=" + cuts_str(cuts) +
			     (state.empty() ? "" : " from an imported state") +
			     (nosimd ? " simd off" : ""));
		crypto_simd_disabled_for_test = nosimd;
		const std::string got = split_digest_hex(var.get(), msg, len, cuts, state);
		crypto_simd_disabled_for_test = false;
		EXPECT_EQ(got, split_digest_hex(gen.get(), msg, len, {}, state));
		if (::testing::Test::HasFailure())
			return;	// one reproducer is enough
	}
}

// An arch variant's driver beside the generic driver of its algorithm.
struct DriverPair {
	const char *name, *variant, *generic;
};

// Runs @check(pair, rng) for each of @pairs whose variant is registered on this CPU, each with a
// generator seeded from the run's seed.
template <typename Check>
void for_each_registered(std::initializer_list<const DriverPair *> pairs, Check check)
{
	const auto algs = all_algs();
	for (const DriverPair *p : pairs) {
		if (!find_driver(algs, p->variant))
			continue;
		std::mt19937_64 rng(test_seed());
		check(*p, rng);
	}
}

// On a CPU with the feature (@has_feature), @p.variant is registered at @priority above the
// generic driver, with the generic driver's sizes and passed self-tests; without it, absent. The
// generic driver is there and passed either way.
inline void expect_registered_as_the_cpu_allows(const DriverPair &p, bool has_feature, int priority)
{
	SCOPED_TRACE(p.variant);
	const auto algs = all_algs();
	const kcshim_alg_info *gen = find_driver(algs, p.generic);
	ASSERT_NE(gen, nullptr) << p.generic << " is not registered";
	EXPECT_EQ(gen->selftest, KCSHIM_SELFTEST_PASSED);

	const kcshim_alg_info *v = find_driver(algs, p.variant);
	if (!has_feature) {
		EXPECT_EQ(v, nullptr) << p.variant << " registered on a CPU without its feature";
		return;
	}
	ASSERT_NE(v, nullptr) << p.variant << " is not registered";
	EXPECT_STREQ(v->name, p.name);
	EXPECT_EQ(v->priority, priority);
	EXPECT_GT(v->priority, gen->priority);
	EXPECT_EQ(v->kind, KCSHIM_KIND_SHASH);
	EXPECT_EQ(v->selftest, KCSHIM_SELFTEST_PASSED);
	EXPECT_EQ(v->blocksize, gen->blocksize);
	EXPECT_EQ(v->digestsize, gen->digestsize);
	EXPECT_EQ(v->descsize, gen->descsize);
	EXPECT_EQ(v->statesize, gen->statesize);
}

// A lookup of @p.name gets the variant on a CPU with its feature, the generic driver without.
inline void expect_lookup_winner(const DriverPair &p, bool has_feature)
{
	kcshim_init();
	Shash tfm = alloc(p.name);
	ASSERT_TRUE(tfm);
	EXPECT_STREQ(crypto_shash_driver_name(tfm.get()), has_feature ? p.variant : p.generic);
}

struct SelftestRow {
	std::string driver, source, message;
	unsigned int vectors, runs;
	bool passed;
	kcshim_selftest_row row;
};

// An arch driver of an algorithm and whether it must be registered on this CPU.
struct Variant {
	const char *driver;
	bool registered;
};

// Runs the self-tests of every driver of @alg: own vectors, then testmgr's extra self-tests
// (@iterations, 8 random cases each: 800 per driver by default, against the generic one, with
// random lengths and splits, final/finup/digest, export + import, SIMD off). Expects them all to pass, @generic to pass its
// vectors and be recognised as the generic driver, and each of @variants to pass its vectors and
// the extra tests against @generic if it must be registered (and to be absent otherwise); no other
// driver may run.
inline void expect_variant_selftests(const char *alg, const char *generic,
				     std::initializer_list<Variant> variants,
				     unsigned int iterations = 100)
{
	SCOPED_TRACE(alg);
	kcshim_init();
	const kcshim_selftest_options opts{iterations, test_seed(), nullptr};
	std::vector<SelftestRow> rows;
	int failed = kcshim_selftest_with(alg, &opts, [](const kcshim_selftest_result *r, void *arg) {
		static_cast<std::vector<SelftestRow> *>(arg)->push_back(
			{r->driver, r->source, r->message, r->vectors, r->runs, r->passed, r->row});
	}, &rows);
	EXPECT_EQ(failed, 0);

	auto own_passed = [](const SelftestRow &r) {
		return r.row == KCSHIM_ROW_VECTORS && r.source == "own" && r.passed &&
		       r.runs > r.vectors;
	};
	bool gen_own = false, gen_is_generic = false;
	for (const SelftestRow &r : rows) {
		SCOPED_TRACE(r.driver + " " + r.source);
		EXPECT_TRUE(r.passed || r.row == KCSHIM_ROW_NOT_COMPARED) << r.message;
		EXPECT_NE(r.row, KCSHIM_ROW_NOT_COMPARED) << r.message;
		if (r.driver == generic) {
			gen_own |= own_passed(r);
			gen_is_generic |= r.row == KCSHIM_ROW_IS_GENERIC;
		} else if (std::none_of(variants.begin(), variants.end(),
					[&](const Variant &v) { return r.driver == v.driver; })) {
			ADD_FAILURE() << "unexpected driver " << r.driver;
		}
	}
	EXPECT_TRUE(gen_own) << generic << ": no passing \"own\" vector row";
	EXPECT_TRUE(gen_is_generic) << generic << ": not recognised as the generic driver";

	for (const Variant &v : variants) {
		bool var_own = false, var_extra = false;
		for (const SelftestRow &r : rows) {
			if (r.driver != v.driver)
				continue;
			var_own |= own_passed(r);
			if (r.row == KCSHIM_ROW_EXTRA) {
				var_extra = r.passed;
				EXPECT_EQ(r.source, std::string("vs ") + generic) << v.driver;
				EXPECT_EQ(r.vectors, iterations * 8u) << v.driver;
				EXPECT_GE(r.runs, 800u) << v.driver;
			}
		}
		EXPECT_EQ(var_own, v.registered) << v.driver << ": passing \"own\" vector row";
		EXPECT_EQ(var_extra, v.registered) << v.driver << ": passing extra-tests row";
	}
}

// A state exported by one of the two drivers after a random prefix (of a random message shorter
// than @max_len) finishes in the other with the digest both give in one go; 100 cases, the
// direction alternating.
inline void expect_state_moves(const char *variant, const char *generic, std::mt19937_64 &rng,
			       size_t max_len)
{
	kcshim_init();
	Shash var = alloc(variant), gen = alloc(generic);
	ASSERT_TRUE(var && gen);
	for (int iter = 0; iter < 100; iter++) {
		const size_t len = rng() % max_len;
		const size_t cut = rng() % (len + 1);
		const bool var_first = iter & 1;
		const std::vector<uint8_t> msg = random_bytes(rng, len);
		struct crypto_shash *from = var_first ? var.get() : gen.get();
		struct crypto_shash *to = var_first ? gen.get() : var.get();
		std::vector<uint8_t> state(crypto_shash_statesize(from));
		std::vector<uint8_t> out(crypto_shash_digestsize(to));

		SCOPED_TRACE(std::string(generic) + " len=" + std::to_string(len) + " export at " +
			     std::to_string(cut) + " from " + crypto_shash_driver_name(from));
		ASSERT_EQ(crypto_shash_statesize(to), state.size());
		Desc a(from), b(to);
		ASSERT_EQ(crypto_shash_init(a.get()), 0);
		ASSERT_EQ(crypto_shash_update(a.get(), msg.data(), cut), 0);
		ASSERT_EQ(crypto_shash_export(a.get(), state.data()), 0);
		ASSERT_EQ(crypto_shash_import(b.get(), state.data()), 0);
		ASSERT_EQ(crypto_shash_finup(b.get(), msg.data() + cut, len - cut, out.data()), 0);
		EXPECT_EQ(hex(out), digest_hex(gen.get(), msg));
		EXPECT_EQ(hex(out), digest_hex(var.get(), msg));
	}
}

}  // namespace kcshim::test::variants
