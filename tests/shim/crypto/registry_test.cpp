// SPDX-License-Identifier: GPL-2.0
// Registration and lookup rules (crypto/algapi.c, crypto/api.c).
#include <gtest/gtest.h>

#include <kcshim/kcshim.h>

#include <linux/unaligned.h>

#include "tests/shim/test_drivers.h"
#include "tests/support/kernel_api.h"

using kcshim::test::Shash;

namespace {

std::string driver_of(const char *name)
{
	Shash tfm(crypto_alloc_shash(name, 0, 0));
	if (IS_ERR(tfm.get())) {
		long err = PTR_ERR(tfm.release());
		return "error " + std::to_string(err);
	}
	return crypto_shash_driver_name(tfm.get());
}

class Lookup : public ::testing::Test {
protected:
	void SetUp() override { kcshim_init(); }
	void TearDown() override
	{
		for (auto *a : registered)
			crypto_unregister_shash(a);
	}
	void reg(struct shash_alg *a, const char *driver, int prio)
	{
		test_make_fnv32(a, driver, prio);
		ASSERT_EQ(crypto_register_shash(a), 0) << kcshim_last_error();
		registered.push_back(a);
	}
	std::vector<struct shash_alg *> registered;
	struct shash_alg a{}, b{}, c{};
};

TEST_F(Lookup, HighestPriorityWins)
{
	reg(&a, "fnv32-low", 100);
	reg(&b, "fnv32-high", 200);
	reg(&c, "fnv32-mid", 150);
	EXPECT_EQ(driver_of("fnv32"), "fnv32-high");
}

TEST_F(Lookup, TieGoesToTheMostRecentlyRegistered)
{
	reg(&a, "fnv32-first", 100);
	reg(&b, "fnv32-second", 100);
	EXPECT_EQ(driver_of("fnv32"), "fnv32-second");
}

TEST_F(Lookup, ExactDriverNameWinsOverPriority)
{
	reg(&a, "fnv32-low", 100);
	reg(&b, "fnv32-high", 200);
	EXPECT_EQ(driver_of("fnv32-low"), "fnv32-low");
}

TEST_F(Lookup, UnknownNameIsEnoent)
{
	struct crypto_shash *tfm = crypto_alloc_shash("no-such-hash", 0, 0);
	ASSERT_TRUE(IS_ERR(tfm));
	EXPECT_EQ(PTR_ERR(tfm), -ENOENT);
}

TEST_F(Lookup, DuplicateDriverNameIsEexist)
{
	reg(&a, "fnv32-dup", 100);
	test_make_fnv32(&b, "fnv32-dup", 200);
	EXPECT_EQ(crypto_register_shash(&b), -EEXIST);
	// a driver name equal to an existing cra_name collides too
	test_make_fnv32(&c, "fnv32", 200);
	EXPECT_EQ(crypto_register_shash(&c), -EEXIST);
	EXPECT_EQ(driver_of("fnv32"), "fnv32-dup");
}

TEST_F(Lookup, EmptyDriverNameBecomesGeneric)
{
	reg(&a, "", 100);
	EXPECT_STREQ(a.base.cra_driver_name, "fnv32-generic");
}

TEST_F(Lookup, BadSizesAreEinval)
{
	test_make_fnv32(&a, "fnv32-big", 100);
	a.digestsize = HASH_MAX_DIGESTSIZE + 1;
	EXPECT_EQ(crypto_register_shash(&a), -EINVAL);
	test_make_fnv32(&b, "fnv32-mask", 100);
	b.base.cra_alignmask = 5;	// not 2^n - 1
	EXPECT_EQ(crypto_register_shash(&b), -EINVAL);
	test_make_fnv32(&c, "fnv32-neg", 100);
	c.base.cra_priority = -1;
	EXPECT_EQ(crypto_register_shash(&c), -EINVAL);
}

TEST_F(Lookup, InUseDriverOutlivesUnregistration)
{
	reg(&a, "fnv32-inuse", 100);
	Shash tfm(crypto_alloc_shash("fnv32-inuse", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	crypto_unregister_shash(&a);
	registered.clear();
	EXPECT_EQ(driver_of("fnv32-inuse").rfind("error", 0), 0u);	// gone from lookups
	std::vector<uint8_t> data = {'a', 'b', 'c'};
	auto d = kcshim::test::digest(tfm.get(), data);	// but the tfm still works
	ASSERT_EQ(d.size(), 4u);
	EXPECT_EQ(get_unaligned_le32(d.data()), test_fnv32(data.data(), data.size()));
}

TEST(Selftest, FailingDriverIsExcludedFromLookups)
{
	kcshim_init();
	// whichever driver wins on this CPU: sha512-generic or an arch variant (sha512-ce, sha512-neon)
	const std::string before = driver_of("sha512");
	ASSERT_EQ(before.rfind("error", 0), std::string::npos) << before;
	ASSERT_EQ(crypto_register_shash(test_broken_sha512()), 0);
	const char *msg = nullptr;
	EXPECT_EQ(kcshim_driver_selftest_state("sha512-broken", &msg), KCSHIM_SELFTEST_FAILED);
	EXPECT_NE(std::string(msg).find("sha512-broken"), std::string::npos) << msg;
	EXPECT_EQ(driver_of("sha512"), before);	// the broken driver's priority 300 does not win
	crypto_unregister_shash(test_broken_sha512());
}

}  // namespace
