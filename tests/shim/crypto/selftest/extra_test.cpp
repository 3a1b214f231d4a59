// SPDX-License-Identifier: GPL-2.0
// The extra self-tests (kcshim_selftest_with): drivers compared with the generic driver of their
// algorithm on random cases. Drivers equal to the generic pass; planted bugs the vectors miss are
// caught with a reproducer; the generic driver is skipped; a missing generic is reported.
//
// Seeds: KCSHIM_TEST_SEED=<n> replays a run; the seed is printed and named in every failure.
#include <gtest/gtest.h>

#include <kcshim/kcshim.h>

#include <crypto/internal/simd.h>

#include <cstdlib>
#include <functional>
#include <iostream>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "tests/shim/crypto/selftest/extra_test_drivers.h"
#include "tests/shim/test_drivers.h"
#include "tests/support/kernel_api.h"
#include "tests/support/seed.h"

namespace {

constexpr unsigned int iterations = 100;	// testmgr's default fuzz_iterations: 800 cases

uint64_t seed()
{
	return kcshim_test::test_seed();
}

struct Row {
	std::string driver, alg, source, message;
	unsigned int vectors, runs;
	bool passed;
	kcshim_selftest_row row;
};

struct Outcome {
	int ret;
	std::vector<Row> rows;		// vector suites' rows
	std::vector<Row> extra;		// the extra tests' rows
};

void collect(const kcshim_selftest_result *r, void *arg)
{
	Row row{r->driver, r->alg, r->source, r->message, r->vectors, r->runs, r->passed, r->row};
	auto *run = static_cast<Outcome *>(arg);
	(r->row == KCSHIM_ROW_VECTORS ? run->rows : run->extra).push_back(row);
}

Outcome selftest(const char *name)
{
	kcshim_selftest_options opts{iterations, seed(), nullptr};
	Outcome run;
	run.ret = kcshim_selftest_with(name, &opts, collect, &run);
	return run;
}

// The one extra-test row of name's selftest; *ret: what kcshim_selftest_with() returned.
Row extra_row(const char *name, int *ret = nullptr)
{
	Outcome run = selftest(name);
	EXPECT_EQ(run.extra.size(), 1u) << name;
	if (ret)
		*ret = run.ret;
	return run.extra.empty() ? Row{} : run.extra.front();
}

// The number after key in message ("psize=" -> 1210), or -1.
long number_after(const std::string &message, const std::string &key)
{
	size_t at = message.find(key);
	return at == std::string::npos ? -1 : std::strtol(message.c_str() + at + key.size(), nullptr, 10);
}

std::string driver_of(const char *name)
{
	kcshim::test::Shash tfm(crypto_alloc_shash(name, 0, 0));
	if (IS_ERR(tfm.get()))
		return "error " + std::to_string(PTR_ERR(tfm.release()));
	return crypto_shash_driver_name(tfm.get());
}

class ExtraTests : public ::testing::Test {
protected:
	void SetUp() override
	{
		kcshim_init();
		RecordProperty("KCSHIM_TEST_SEED", std::to_string(seed()));
	}
	void TearDown() override
	{
		for (auto it = unregister_.rbegin(); it != unregister_.rend(); ++it)
			(*it)();
	}
	void reg(struct shash_alg *alg)
	{
		ASSERT_EQ(crypto_register_shash(alg), 0) << kcshim_last_error();
		unregister_.push_back([alg] { crypto_unregister_shash(alg); });
	}
	void reg(struct crypto_alg *alg)
	{
		ASSERT_EQ(crypto_register_alg(alg), 0) << kcshim_last_error();
		unregister_.push_back([alg] { crypto_unregister_alg(alg); });
	}
	void reg(struct skcipher_alg *alg)
	{
		ASSERT_EQ(crypto_register_skcipher(alg), 0) << kcshim_last_error();
		unregister_.push_back([alg] { crypto_unregister_skcipher(alg); });
	}
	void load_module(const char *suffix)
	{
		struct kcshim_module *mod = nullptr;
		ASSERT_EQ(kcshim_load_module(KCSHIM_EXTRA_TEST_MODULE, suffix, &mod), 0)
			<< kcshim_last_error();
		unregister_.push_back([mod] { EXPECT_EQ(kcshim_unload_module(mod), 0); });
	}

	std::vector<std::function<void()>> unregister_;
};

TEST_F(ExtraTests, NotRunAtRegistrationNorWithoutOptions)
{
	reg(test_sha512_variant(SHA512_LONG_BUG));
	EXPECT_EQ(kcshim_driver_selftest_state("sha512-long-bug", nullptr), KCSHIM_SELFTEST_PASSED);
	Outcome run;
	EXPECT_EQ(kcshim_selftest("sha512-long-bug", collect, &run), 0);
	EXPECT_FALSE(run.rows.empty());
	EXPECT_TRUE(run.extra.empty());
}

TEST_F(ExtraTests, ShashEqualToTheGenericPasses)
{
	reg(test_sha512_variant(SHA512_FALLBACK));
	int ret;
	Row r = extra_row("sha512-fallback", &ret);
	EXPECT_EQ(ret, 0);
	EXPECT_EQ(r.row, KCSHIM_ROW_EXTRA);
	EXPECT_TRUE(r.passed) << r.message;
	EXPECT_EQ(r.driver, "sha512-fallback");
	EXPECT_EQ(r.alg, "sha512");
	EXPECT_EQ(r.source, "vs sha512-generic");
	EXPECT_EQ(r.vectors, 8 * iterations);
	EXPECT_EQ(r.runs, 8 * iterations);
	EXPECT_EQ(r.message, "");
}

TEST_F(ExtraTests, CipherEqualToTheGenericPasses)
{
	reg(test_cast5_variant(false));
	Row r = extra_row("cast5-fallback");
	EXPECT_EQ(r.row, KCSHIM_ROW_EXTRA);
	EXPECT_TRUE(r.passed) << r.message;
	EXPECT_EQ(r.alg, "cast5");
	EXPECT_EQ(r.source, "vs cast5-generic");
	EXPECT_EQ(r.runs, 2 * r.vectors);	// encryption and decryption of every case
}

TEST_F(ExtraTests, LongMessageBugIsCaughtWithAReproducer)
{
	// whichever driver wins on this CPU: sha512-generic or an arch variant (sha512-ce, sha512-neon)
	const std::string winner = driver_of("sha512");
	reg(test_sha512_variant(SHA512_LONG_BUG));
	int ret;
	Row r = extra_row("sha512-long-bug", &ret);
	EXPECT_EQ(ret, 1);
	EXPECT_EQ(r.row, KCSHIM_ROW_EXTRA);
	EXPECT_FALSE(r.passed);
	const std::string &m = r.message;
	EXPECT_EQ(m.rfind("alg: shash: sha512-long-bug test failed (wrong result) on test vector "
			  "\"random: psize=", 0), 0u) << m;
	EXPECT_GT(number_after(m, "psize="), 300) << m;
	EXPECT_EQ(number_after(m, "ksize="), 0) << m;
	for (const char *part : {"cfg=\"random: use_", "src_divs=[", "(chunks ", ": got ",
				 ", expected "})
		EXPECT_NE(m.find(part), std::string::npos) << part << " missing from: " << m;
	EXPECT_NE(m.find("; seed " + std::to_string(seed()) + ", case "), std::string::npos) << m;
	EXPECT_LE(static_cast<unsigned long>(number_after(m, ", case ")), 8ul * iterations) << m;

	// a failure of the extra tests takes the driver out of lookups, as a vector failure does
	EXPECT_EQ(kcshim_driver_selftest_state("sha512-long-bug", nullptr), KCSHIM_SELFTEST_FAILED);
	EXPECT_EQ(driver_of("sha512-long-bug").rfind("error", 0), 0u);
	EXPECT_EQ(driver_of("sha512"), winner);
}

TEST_F(ExtraTests, SameSeedReplaysTheSameFailure)
{
	reg(test_sha512_variant(SHA512_LONG_BUG));
	Row first = extra_row("sha512-long-bug");
	Row again = extra_row("sha512-long-bug");
	EXPECT_FALSE(first.passed);
	EXPECT_EQ(first.message, again.message);
	EXPECT_EQ(first.runs, again.runs);
}

TEST_F(ExtraTests, NoSimdFallbackBugIsCaughtAndTheConfigSaysNosimd)
{
	reg(test_sha512_variant(SHA512_NOSIMD_BUG));
	Row r = extra_row("sha512-nosimd-bug");
	EXPECT_FALSE(r.passed);
	EXPECT_NE(r.message.find("sha512-nosimd-bug test failed (wrong result)"), std::string::npos)
		<< r.message;
	EXPECT_NE(r.message.find("nosimd"), std::string::npos) << r.message;
	EXPECT_GT(number_after(r.message, "psize="), 300) << r.message;
}

TEST_F(ExtraTests, KeyDependentCipherBugIsCaught)
{
	reg(test_cast5_variant(true));
	Row r = extra_row("cast5-keybug");
	EXPECT_EQ(r.driver, "cast5-keybug");
	EXPECT_EQ(r.alg, "cast5");
	EXPECT_FALSE(r.passed);
	const std::string &m = r.message;
	EXPECT_EQ(m.rfind("alg: cipher: cast5-keybug encryption test failed (wrong result) "
			  "on test vector \"random: len=", 0), 0u) << m;
	EXPECT_GE(number_after(m, "klen="), 5) << m;
	EXPECT_NE(m.find("cfg=\"random:"), std::string::npos) << m;
	// the planted bug flips the last bit of a block: the first difference is a block's last byte
	EXPECT_EQ(number_after(m, "at byte ") % 8, 7) << m;
}

TEST_F(ExtraTests, OutOfPlaceSkcipherBugIsCaught)
{
	reg(test_ecb_cast5_oop_bug());
	Row r = extra_row("ecb-cast5-oop-bug");
	EXPECT_FALSE(r.passed);
	const std::string &m = r.message;
	EXPECT_NE(m.find("ecb-cast5-oop-bug"), std::string::npos) << m;
	EXPECT_NE(m.find("test failed (wrong result)"), std::string::npos) << m;
	EXPECT_EQ(m.find("inplace"), std::string::npos) << m;
	// the configuration, then the source and destination chunks, then where the output differs
	EXPECT_TRUE(std::regex_search(
		m, std::regex(R"(, cfg="random:[^"]*" \(chunks [0-9+]+ -> [0-9+]+\): at byte )")))
		<< m;
	long len = number_after(m, "len=");
	EXPECT_GT(len, 300) << m;
	EXPECT_EQ(number_after(m, "at byte "), len - 1) << m;
}

TEST_F(ExtraTests, SimdWrappedSkcipherIsComparedThroughItsWrapper)
{
	struct simd_skcipher_alg *simd[1];
	ASSERT_EQ(simd_register_skciphers_compat(test_ecb_cast5_internal(), 1, simd), 0)
		<< kcshim_last_error();
	unregister_.push_back([simd]() mutable {
		simd_unregister_skciphers(test_ecb_cast5_internal(), 1, simd);
	});
	Row r = extra_row("ecb-cast5-simdtest");
	EXPECT_EQ(r.row, KCSHIM_ROW_EXTRA);
	EXPECT_TRUE(r.passed) << r.message;
	EXPECT_EQ(r.source, "vs ecb(cast5-generic)");

	Outcome internal = selftest("__ecb-cast5-simdtest");
	EXPECT_EQ(internal.ret, 0);
	EXPECT_TRUE(internal.extra.empty());	// tested through the wrapper, as testmgr does
}

TEST_F(ExtraTests, GenericDriverIsSkipped)
{
	int err = kcshim_instantiate("cbc(cast5-generic)");
	ASSERT_TRUE(err == 0 || err == -EEXIST) << err;
	for (const char *driver : {"sha512-generic", "cast5-generic", "cbc(cast5-generic)"}) {
		SCOPED_TRACE(driver);
		int ret;
		Row r = extra_row(driver, &ret);
		EXPECT_EQ(ret, 0);
		EXPECT_EQ(r.row, KCSHIM_ROW_IS_GENERIC);
		EXPECT_TRUE(r.passed);
		EXPECT_EQ(r.vectors, 0u);
		EXPECT_EQ(r.runs, 0u);
	}
}

TEST_F(ExtraTests, MissingGenericIsReportedAsNotCompared)
{
	// registered until TearDown(), after this body returns: it must not live on its stack
	static struct shash_alg fast;
	test_make_fnv32(&fast, "fnv32-fast", 300);
	reg(&fast);
	int ret;
	Row r = extra_row("fnv32-fast", &ret);
	EXPECT_EQ(ret, 0);	// not a failure...
	EXPECT_EQ(r.row, KCSHIM_ROW_NOT_COMPARED);
	EXPECT_FALSE(r.passed);	// ...nor a pass
	EXPECT_EQ(r.vectors, 0u);
	EXPECT_EQ(r.source, "vs fnv32-generic");
	EXPECT_EQ(r.message, "no generic driver fnv32-generic to compare with");
	EXPECT_NE(kcshim_driver_selftest_state("fnv32-fast", nullptr), KCSHIM_SELFTEST_FAILED);
	EXPECT_EQ(driver_of("fnv32"), "fnv32-fast");
}

TEST_F(ExtraTests, SuffixedDriverIsComparedWithTheGenericOfItsSuffixFirst)
{
	load_module("sfx");
	Row fast = extra_row("testxor-fast@sfx");
	EXPECT_EQ(fast.row, KCSHIM_ROW_EXTRA);
	EXPECT_TRUE(fast.passed) << fast.message;
	EXPECT_EQ(fast.alg, "testxor");
	EXPECT_EQ(fast.source, "vs testxor-generic@sfx");
	EXPECT_EQ(extra_row("testxor-generic@sfx").row, KCSHIM_ROW_IS_GENERIC);
}

TEST_F(ExtraTests, SuffixedDriverFallsBackToThePlainGeneric)
{
	load_module("sfx");
	Row sha = extra_row("sha512-fallback@sfx");
	EXPECT_TRUE(sha.passed) << sha.message;
	EXPECT_EQ(sha.source, "vs sha512-generic");
	EXPECT_FALSE(extra_row("sha512-long-bug@sfx").passed);

	Row simd = extra_row("ecb-cast5-simdtest@sfx");
	EXPECT_TRUE(simd.passed) << simd.message;
	EXPECT_EQ(simd.source, "vs ecb(cast5-generic)");

	Row fnv = extra_row("fnv32-fast@sfx");
	EXPECT_EQ(fnv.row, KCSHIM_ROW_NOT_COMPARED);
	EXPECT_EQ(fnv.message,
		  "no generic driver fnv32-generic (nor fnv32-generic@sfx) to compare with");
}

}  // namespace
