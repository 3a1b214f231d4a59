// SPDX-License-Identifier: GPL-2.0
// algs/cast5/x86: ecb-, cbc- and ctr-cast5-x86_64 (priority 210) register on every x86-64 CPU,
// ecb-, cbc- and ctr-cast5-avx512 (220) exactly where the CPU has AVX-512F, BW and VBMI with the
// OS saving zmm state; a lookup of each mode gets the best of them. Built twice: as the CPU is,
// and with "avx512vbmi" masked before the drivers' init (KCSHIM_TEST_MASK), so that masking the
// feature is seen to pick the six-way drivers. Each registered driver passes its vectors and
// 10,000 random cases against the template over cast5-generic (testmgr's extra tests), and equals
// it on every length up to 150 blocks with every key length, in place and out of place, both
// directions, with SIMD usable and not.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include <asm/cpufeature.h>
#include <asm/fpu/xstate.h>
#include <crypto/internal/simd.h>

#include "tests/algs/cast5/cast5_test_util.h"
#include "tests/support/feature_mask.h"
#include "tests/support/variant_testing.h"

namespace {

namespace v = kcshim::test::variants;
using cast5_test::Bytes;

constexpr unsigned int kBlock = 8;	// CAST5_BLOCK_SIZE

bool has_avx512()
{
	return boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512BW) &&
	       boot_cpu_has(X86_FEATURE_AVX512VBMI) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 nullptr);
}

struct Mode {
	const char *name, *x86, *avx512, *generic;
	bool stream;	// any length, not only whole blocks
};

const Mode kModes[] = {
	{"ecb(cast5)", "ecb-cast5-x86_64", "ecb-cast5-avx512", "ecb(cast5-generic)", false},
	{"cbc(cast5)", "cbc-cast5-x86_64", "cbc-cast5-avx512", "cbc(cast5-generic)", false},
	{"ctr(cast5)", "ctr-cast5-x86_64", "ctr-cast5-avx512", "ctr(cast5-generic)", true},
};

TEST(KCSHIM_TEST_SUITE, MaskedFeatureIsAbsent)
{
	std::cout << "masked: \"" KCSHIM_TEST_MASK "\"\n";
	if (std::string(KCSHIM_TEST_MASK) == "avx512vbmi") {
		EXPECT_FALSE(has_avx512());
	}
}

void expect_registered(const std::vector<kcshim_alg_info> &algs, const char *name,
		       const char *driver, int priority)
{
	const kcshim_alg_info *d = v::find_driver(algs, driver);
	ASSERT_NE(d, nullptr) << driver;
	EXPECT_STREQ(d->name, name);
	EXPECT_EQ(d->priority, priority);
	EXPECT_EQ(d->kind, KCSHIM_KIND_SKCIPHER);
	EXPECT_EQ(d->selftest, KCSHIM_SELFTEST_PASSED);
}

TEST(KCSHIM_TEST_SUITE, DriversRegisterAboveTheKernelsCast5AvxAsTheCpuAllows)
{
	const auto algs = v::all_algs();
	for (const Mode &m : kModes) {
		expect_registered(algs, m.name, m.x86, 210);
		if (has_avx512())
			expect_registered(algs, m.name, m.avx512, 220);
		else
			EXPECT_EQ(v::find_driver(algs, m.avx512), nullptr) << m.avx512;
	}
}

TEST(KCSHIM_TEST_SUITE, LookupGetsTheFastestDriverTheCpuHas)
{
	kcshim_init();
	for (const Mode &m : kModes) {
		cast5_test::Skcipher tfm = cast5_test::alloc_skcipher(m.name);
		ASSERT_TRUE(tfm);
		EXPECT_STREQ(crypto_skcipher_driver_name(tfm.get()), has_avx512() ? m.avx512 : m.x86);
	}
}

TEST(KCSHIM_TEST_SUITE, SelftestsAndTenThousandExtraCasesAgainstGenericPass)
{
	kcshim_init();
	for (const Mode &m : kModes) {
		// the template makes the generic driver on its first lookup; the tfm keeps it
		cast5_test::Skcipher gen = cast5_test::alloc_skcipher(m.generic);
		ASSERT_TRUE(gen);
		v::expect_variant_selftests(m.name, m.generic,
					    {{m.x86, true}, {m.avx512, has_avx512()}}, 1250);
	}
}

// Every length up to 150 blocks (the 64-block and six-block paths, the one-block rest, CTR's
// partial last block), a random key of every length 5..16 (12 rounds up to 10 bytes), in place
// every other time, with SIMD unusable every fifth time; the IV that comes back must match too.
void expect_equals_generic_on_every_length(const Mode &m, const char *driver)
{
	SCOPED_TRACE(driver);
	std::mt19937_64 rng(v::test_seed());
	cast5_test::Skcipher ours = cast5_test::alloc_skcipher(driver);
	cast5_test::Skcipher gen = cast5_test::alloc_skcipher(m.generic);
	ASSERT_TRUE(ours && gen);
	for (unsigned int len = 0; len <= 150 * kBlock; len += m.stream ? 1 : kBlock) {
		const Bytes key = cast5_test::random_bytes(rng, 5 + len % 12);
		ASSERT_EQ(crypto_skcipher_setkey(ours.get(), key.data(), key.size()), 0);
		ASSERT_EQ(crypto_skcipher_setkey(gen.get(), key.data(), key.size()), 0);
		const Bytes in = cast5_test::random_bytes(rng, len);
		const Bytes iv0 = cast5_test::random_bytes(rng, kBlock);
		const bool nosimd = len / kBlock % 5 == 4;
		for (bool enc : {true, false}) {
			Bytes a = in, b(len), iv_a = iv0, iv_b = iv0;
			const bool in_place = len % 2;
			crypto_simd_disabled_for_test = nosimd;
			const int err = cast5_test::skcipher_crypt(ours.get(), enc, a.data(),
								   in_place ? a.data() : b.data(),
								   len, iv_a.data());
			crypto_simd_disabled_for_test = false;
			ASSERT_EQ(err, 0);
			Bytes want(len), iv_want = iv0;
			ASSERT_EQ(cast5_test::skcipher_crypt(gen.get(), enc, in.data(), want.data(), len,
							     iv_want.data()), 0);
			EXPECT_EQ(cast5_test::hex(in_place ? a : b), cast5_test::hex(want))
				<< (enc ? "encrypt" : "decrypt") << ", length " << len << ", key "
				<< key.size() << " bytes" << (nosimd ? ", SIMD off" : "");
			if (std::string(m.name) != "ecb(cast5)") {
				EXPECT_EQ(cast5_test::hex(iv_a), cast5_test::hex(iv_want))
					<< "IV out, length " << len;
			}
			if (::testing::Test::HasFailure())
				return;
		}
	}
}

TEST(KCSHIM_TEST_SUITE, EqualsGenericOnEveryLengthAndKeyLength)
{
	for (const Mode &m : kModes) {
		expect_equals_generic_on_every_length(m, m.x86);
		if (has_avx512())
			expect_equals_generic_on_every_length(m, m.avx512);
	}
}

}  // namespace
