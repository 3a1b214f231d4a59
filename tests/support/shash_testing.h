// SPDX-License-Identifier: GPL-2.0
// Helpers for testing shash drivers through the kernel API from C++: RAII over tfms and
// descriptors, one-shot and split hashing, OpenSSL as the independent reference, the seeded
// RNG every randomised test uses (seed printed, replayed with KCSHIM_TEST_SEED=<n>), and the
// checks every generic driver's parameterised test runs (ShashDriverTest).
//
// Used by tests/algs/sha3 and tests/algs/sha512. Errors are gtest failures: a helper that cannot
// do its job records a failure and returns an empty result.
#pragma once

#include <crypto/hash.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>

#include <openssl/evp.h>

#include <gtest/gtest.h>

#include "tests/support/bytes.h"
#include "tests/support/seed.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kcshim_test {

struct ShashFree {
	void operator()(crypto_shash *tfm) const { crypto_free_shash(tfm); }
};
using ShashPtr = std::unique_ptr<crypto_shash, ShashFree>;

// The tfm for name (cra_name or driver name), or nullptr with a test failure.
inline ShashPtr alloc_shash(const char *name)
{
	kcshim_init();
	crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);
	if (IS_ERR(tfm)) {
		ADD_FAILURE() << "crypto_alloc_shash(\"" << name << "\") = " << PTR_ERR(tfm) << " "
			      << kcshim_last_error();
		return nullptr;
	}
	return ShashPtr(tfm);
}

// A descriptor for tfm: sizeof(struct shash_desc) + descsize bytes, aligned as the struct
// (SHASH_DESC_ON_STACK is C only). The context is poisoned, as testmgr does, so a driver that
// reads it before init shows up.
class Desc {
public:
	explicit Desc(crypto_shash *tfm)
		: size_(sizeof(shash_desc) + crypto_shash_descsize(tfm)),
		  mem_(static_cast<shash_desc *>(::operator new(size_, align_)))
	{
		std::memset(static_cast<void *>(mem_.get()), 0xfe, size_);
		mem_->tfm = tfm;
	}
	shash_desc *get() const { return mem_.get(); }
	operator shash_desc *() const { return mem_.get(); }

private:
	struct Delete {
		void operator()(shash_desc *p) const { ::operator delete(p, align_); }
	};
	static constexpr std::align_val_t align_{alignof(shash_desc)};
	std::size_t size_;
	std::unique_ptr<shash_desc, Delete> mem_;
};

inline Bytes tfm_digest(crypto_shash *tfm, std::span<const std::uint8_t> msg)
{
	Bytes out(crypto_shash_digestsize(tfm));
	int err = crypto_shash_tfm_digest(tfm, msg.data(), msg.size(), out.data());
	EXPECT_EQ(err, 0) << "crypto_shash_tfm_digest";
	return out;
}

// The message cut at the sorted points cuts (pieces may be empty): init, one update per piece but
// the last, then finup of the last piece, or update + final.
inline Bytes split_digest(crypto_shash *tfm, std::span<const std::uint8_t> msg,
			  const std::vector<std::size_t> &cuts, bool use_finup)
{
	Desc desc(tfm);
	Bytes out(crypto_shash_digestsize(tfm));
	std::size_t pos = 0;

	EXPECT_EQ(crypto_shash_init(desc), 0);
	for (std::size_t end : cuts) {
		EXPECT_EQ(crypto_shash_update(desc, msg.data() + pos, end - pos), 0);
		pos = end;
	}
	if (use_finup) {
		EXPECT_EQ(crypto_shash_finup(desc, msg.data() + pos, msg.size() - pos, out.data()), 0);
	} else {
		EXPECT_EQ(crypto_shash_update(desc, msg.data() + pos, msg.size() - pos), 0);
		EXPECT_EQ(crypto_shash_final(desc, out.data()), 0);
	}
	return out;
}

// OpenSSL's digest of msg; outlen is used for the XOFs (SHAKE) only.
inline Bytes openssl_digest(const EVP_MD *md, std::span<const std::uint8_t> msg, std::size_t outlen)
{
	std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
	Bytes out(outlen);
	unsigned int len = 0;

	if (!ctx || !EVP_DigestInit_ex(ctx.get(), md, nullptr) ||
	    !EVP_DigestUpdate(ctx.get(), msg.data(), msg.size())) {
		ADD_FAILURE() << "OpenSSL digest setup failed";
		return {};
	}
	if (EVP_MD_flags(md) & EVP_MD_FLAG_XOF) {
		if (!EVP_DigestFinalXOF(ctx.get(), out.data(), outlen))
			ADD_FAILURE() << "EVP_DigestFinalXOF failed";
	} else {
		if (!EVP_DigestFinal_ex(ctx.get(), out.data(), &len) || len != outlen)
			ADD_FAILURE() << "EVP_DigestFinal_ex failed or gave " << len << " bytes";
	}
	return out;
}

// The independent digest a driver is compared with (OpenSSL, here).
using ReferenceFn = std::function<Bytes(std::span<const std::uint8_t>)>;

// Every length 0..max_len of one random message: one-shot and split in two places.
inline void expect_every_length_matches(crypto_shash *tfm, std::size_t max_len,
					const ReferenceFn &reference)
{
	std::mt19937_64 rng(test_seed());
	const Bytes msg = random_bytes(rng, max_len);

	for (std::size_t len = 0; len <= msg.size(); len++) {
		std::span<const std::uint8_t> m(msg.data(), len);
		const auto cuts = random_cuts(rng, len, 2);

		SCOPED_TRACE("len=" + std::to_string(len) + " cuts=" + cuts_str(cuts));
		const std::string want = hex(reference(m));
		ASSERT_EQ(hex(tfm_digest(tfm, m)), want);
		ASSERT_EQ(hex(split_digest(tfm, m, cuts, false)), want);
	}
}

// 150 random messages of 0..20000 bytes, up to 11 random cuts, finup or final at random.
inline void expect_random_splits_match(crypto_shash *tfm, const ReferenceFn &reference)
{
	std::mt19937_64 rng(test_seed());

	for (int iter = 0; iter < 150; iter++) {
		const std::size_t len = rng() % 20001;
		const Bytes msg = random_bytes(rng, len);
		const auto cuts = random_cuts(rng, len, rng() % 12);

		SCOPED_TRACE("iter=" + std::to_string(iter) + " len=" + std::to_string(len) +
			     " cuts=" + cuts_str(cuts));
		ASSERT_EQ(hex(split_digest(tfm, msg, cuts, rng() & 1)), hex(reference(msg)));
	}
}

struct SelftestOutcome {
	std::string driver, source;
	unsigned int vectors = 0, runs = 0;
	bool passed = false;
	std::string message;
};

// kcshim_selftest(name), collected.
inline std::vector<SelftestOutcome> run_selftest(const char *name)
{
	std::vector<SelftestOutcome> out;
	kcshim_init();
	int ret = kcshim_selftest(
		name,
		[](const kcshim_selftest_result *r, void *arg) {
			static_cast<std::vector<SelftestOutcome> *>(arg)->push_back(
				{r->driver, r->source, r->vectors, r->runs, r->passed, r->message});
		},
		&out);
	EXPECT_GE(ret, 0) << "kcshim_selftest(\"" << name << "\")";
	return out;
}

// The registry's entry for driver (a cra_driver_name), or nullopt.
inline std::optional<kcshim_alg_info> registered_alg(const char *driver)
{
	struct Search {
		std::string driver;
		std::optional<kcshim_alg_info> found;
	} search{driver, std::nullopt};

	kcshim_init();
	kcshim_for_each_alg(
		[](const kcshim_alg_info *info, void *arg) {
			auto *s = static_cast<Search *>(arg);
			if (s->driver != info->driver)
				return 0;
			s->found = *info;
			return 1;
		},
		&search);
	return search.found;
}

// driver's "own" vectors pass the self-test manager: the suite ran, has vectors vectors (what
// says which), ran each under more than one configuration, and the driver is marked passed.
inline void expect_own_vectors_pass(const char *driver, unsigned int vectors, const char *what)
{
	bool seen = false;

	for (const auto &r : run_selftest(driver)) {
		if (r.source != "own" || r.driver != driver)
			continue;
		seen = true;
		EXPECT_TRUE(r.passed) << r.message;
		EXPECT_EQ(r.vectors, vectors) << what;
		EXPECT_GT(r.runs, r.vectors) << "each vector runs under several configurations";
	}
	EXPECT_TRUE(seen) << "no \"own\" suite result for " << driver;
	EXPECT_EQ(kcshim_driver_selftest_state(driver, nullptr), KCSHIM_SELFTEST_PASSED);
}

// 300 random messages shorter than len_below, each cut in 1..6 random places: update + final and
// update + finup both give the one-shot digest.
inline void expect_splits_match_one_shot(crypto_shash *tfm, std::size_t len_below)
{
	std::mt19937_64 rng(test_seed());

	for (int iter = 0; iter < 300; iter++) {
		const std::size_t len = rng() % len_below;
		const Bytes msg = random_bytes(rng, len);
		const auto cuts = random_cuts(rng, len, 1 + rng() % 6);
		const Bytes want = tfm_digest(tfm, msg);

		SCOPED_TRACE("len=" + std::to_string(len) + " cuts=" + cuts_str(cuts));
		EXPECT_EQ(hex(split_digest(tfm, msg, cuts, false)), hex(want));
		EXPECT_EQ(hex(split_digest(tfm, msg, cuts, true)), hex(want));
	}
}

// 200 random messages of 0..1999 bytes: a state exported at a random point from a descriptor of
// tfm and imported into one of other (a second tfm of the same driver) finishes to tfm's
// one-shot digest.
inline void expect_export_import_continues(crypto_shash *tfm, crypto_shash *other)
{
	std::mt19937_64 rng(test_seed());

	for (int iter = 0; iter < 200; iter++) {
		const std::size_t len = rng() % 2000;
		const Bytes msg = random_bytes(rng, len);
		const std::size_t cut = len ? rng() % (len + 1) : 0;
		Bytes state(crypto_shash_statesize(tfm)), out(crypto_shash_digestsize(tfm));

		SCOPED_TRACE("len=" + std::to_string(len) + " export at " + std::to_string(cut));
		Desc a(tfm), b(other);
		ASSERT_EQ(crypto_shash_init(a), 0);
		ASSERT_EQ(crypto_shash_update(a, msg.data(), cut), 0);
		ASSERT_EQ(crypto_shash_export(a, state.data()), 0);
		ASSERT_EQ(crypto_shash_import(b, state.data()), 0);
		ASSERT_EQ(crypto_shash_finup(b, msg.data() + cut, len - cut, out.data()), 0);
		EXPECT_EQ(hex(out), hex(tfm_digest(tfm, msg)));
	}
}

// A random message of each length in lengths, placed 1..7 bytes past an aligned address: one-shot
// and cut in three random places (finup last), it gives reference's digest.
inline void expect_unaligned_input_matches(crypto_shash *tfm,
					   std::initializer_list<std::size_t> lengths,
					   const ReferenceFn &reference)
{
	std::mt19937_64 rng(test_seed());

	for (std::size_t len : lengths) {
		const Bytes msg = random_bytes(rng, len);
		const std::string want = hex(reference(msg));

		for (std::size_t off = 1; off < 8; off++) {
			Bytes buf(len + off);
			std::copy(msg.begin(), msg.end(), buf.begin() + off);
			std::span<const std::uint8_t> m(buf.data() + off, len);
			const auto cuts = random_cuts(rng, len, 3);

			SCOPED_TRACE("len=" + std::to_string(len) + " offset=" + std::to_string(off) +
				     " cuts=" + cuts_str(cuts));
			EXPECT_EQ(hex(tfm_digest(tfm, m)), want);
			EXPECT_EQ(hex(split_digest(tfm, m, cuts, true)), want);
		}
	}
}

// The fixture of a generic driver's parameterised test. Case names the driver (driver), its
// OpenSSL counterpart (md) and digest size (digestsize); tfm_ is the driver's tfm, reference()
// OpenSSL's digest.
template <class Case>
class ShashDriverTest : public ::testing::TestWithParam<Case> {
protected:
	void SetUp() override
	{
		tfm_ = alloc_shash(this->GetParam().driver);
		ASSERT_TRUE(tfm_);
	}

	Bytes reference(std::span<const std::uint8_t> msg) const
	{
		return openssl_digest(this->GetParam().md(), msg, this->GetParam().digestsize);
	}

	ReferenceFn reference_fn() const
	{
		return [this](std::span<const std::uint8_t> m) { return reference(m); };
	}

	ShashPtr tfm_;
};

}  // namespace kcshim_test
