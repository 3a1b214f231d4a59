// SPDX-License-Identifier: GPL-2.0
// algs/cast5/x86: ecb-, cbc- and ctr-cast5-x86_64 (priority 210) register on every x86-64 CPU and
// win the lookups of their modes. Each passes its vectors and 10,000 random cases against the
// template over cast5-generic (testmgr's extra tests), and equals it on every length up to 100
// blocks with every key length, in place and out of place, both directions.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "algs/cast5/cast5_test_util.h"
#include "support/variant_testing.h"

namespace {

namespace v = kcshim::test::variants;
using cast5_test::Bytes;

constexpr unsigned int kBlock = 8;	// CAST5_BLOCK_SIZE

struct Mode {
	const char *name, *driver, *generic;
	bool stream;	// any length, not only whole blocks
};

const Mode kModes[] = {
	{"ecb(cast5)", "ecb-cast5-x86_64", "ecb(cast5-generic)", false},
	{"cbc(cast5)", "cbc-cast5-x86_64", "cbc(cast5-generic)", false},
	{"ctr(cast5)", "ctr-cast5-x86_64", "ctr(cast5-generic)", true},
};

TEST(Cast5X86, DriversRegisterAboveTheKernelsCast5Avx)
{
	const auto algs = v::all_algs();
	for (const Mode &m : kModes) {
		const kcshim_alg_info *d = v::find_driver(algs, m.driver);
		ASSERT_NE(d, nullptr) << m.driver;
		EXPECT_STREQ(d->name, m.name);
		EXPECT_EQ(d->priority, 210);
		EXPECT_EQ(d->kind, KCSHIM_KIND_SKCIPHER);
		EXPECT_EQ(d->selftest, KCSHIM_SELFTEST_PASSED);
	}
}

TEST(Cast5X86, LookupGetsTheX86Drivers)
{
	kcshim_init();
	for (const Mode &m : kModes) {
		cast5_test::Skcipher tfm = cast5_test::alloc_skcipher(m.name);
		ASSERT_TRUE(tfm);
		EXPECT_STREQ(crypto_skcipher_driver_name(tfm.get()), m.driver);
	}
}

TEST(Cast5X86, SelftestsAndTenThousandExtraCasesAgainstGenericPass)
{
	kcshim_init();
	for (const Mode &m : kModes) {
		// the template makes the generic driver on its first lookup; the tfm keeps it
		cast5_test::Skcipher gen = cast5_test::alloc_skcipher(m.generic);
		ASSERT_TRUE(gen);
		v::expect_variant_selftests(m.name, m.generic, {{m.driver, true}}, 1250);
	}
}

// Every length up to 100 blocks (the six-block path, the one-block rest, CTR's partial last
// block), a random key of every length 5..16 (12 rounds up to 10 bytes), in place every other
// time; the IV that comes back must match too.
TEST(Cast5X86, EqualsGenericOnEveryLengthAndKeyLength)
{
	std::mt19937_64 rng(v::test_seed());
	for (const Mode &m : kModes) {
		SCOPED_TRACE(m.name);
		cast5_test::Skcipher ours = cast5_test::alloc_skcipher(m.driver);
		cast5_test::Skcipher gen = cast5_test::alloc_skcipher(m.generic);
		ASSERT_TRUE(ours && gen);
		for (unsigned int len = 0; len <= 800; len += m.stream ? 1 : kBlock) {
			const Bytes key = cast5_test::random_bytes(rng, 5 + len % 12);
			ASSERT_EQ(crypto_skcipher_setkey(ours.get(), key.data(), key.size()), 0);
			ASSERT_EQ(crypto_skcipher_setkey(gen.get(), key.data(), key.size()), 0);
			const Bytes in = cast5_test::random_bytes(rng, len);
			const Bytes iv0 = cast5_test::random_bytes(rng, kBlock);
			for (bool enc : {true, false}) {
				Bytes a = in, b(len), iv_a = iv0, iv_b = iv0;
				const bool in_place = len % 2;
				ASSERT_EQ(cast5_test::skcipher_crypt(ours.get(), enc, a.data(),
								     in_place ? a.data() : b.data(),
								     len, iv_a.data()), 0);
				Bytes want(len), iv_want = iv0;
				ASSERT_EQ(cast5_test::skcipher_crypt(gen.get(), enc, in.data(),
								     want.data(), len,
								     iv_want.data()), 0);
				EXPECT_EQ(cast5_test::hex(in_place ? a : b), cast5_test::hex(want))
					<< (enc ? "encrypt" : "decrypt") << ", length " << len
					<< ", key " << key.size() << " bytes";
				if (std::string(m.name) != "ecb(cast5)") {
					EXPECT_EQ(cast5_test::hex(iv_a), cast5_test::hex(iv_want))
						<< "IV out, length " << len;
				}
				if (::testing::Test::HasFailure())
					return;
			}
		}
	}
}

}  // namespace
