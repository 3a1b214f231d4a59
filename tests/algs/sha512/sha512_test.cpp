// SPDX-License-Identifier: GPL-2.0
// The SHA-384 / SHA-512 generic drivers through the kernel API: registration, our own vectors via
// the self-test manager, API equivalences (digest / update+final / finup, export+import), the
// export format of sha512.h, and OpenSSL as the independent reference for random messages.
#include "tests/support/shash_testing.h"

#include "algs/sha512/sha512.h"

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace kcshim_test;

struct Sha512Case {
	const char *cra_name;
	const char *driver;
	const EVP_MD *(*md)();
	unsigned int digestsize;
	const char *million_a;	/* FIPS 180-4 example: one million 'a' */
};

const Sha512Case kCases[] = {
	{"sha384", "sha384-generic", EVP_sha384, 48,
	 "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
	 "07b8b3dc38ecc4ebae97ddd87f3d8985"},
	{"sha512", "sha512-generic", EVP_sha512, 64,
	 "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
	 "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
};

using Sha512Driver = ShashDriverTest<Sha512Case>;

TEST_P(Sha512Driver, RegisteredWithKernelNamesSizesAndPriority)
{
	const auto &c = GetParam();
	const auto found = registered_alg(c.driver);

	ASSERT_TRUE(found) << c.driver << " is not registered";
	EXPECT_STREQ(found->name, c.cra_name);
	EXPECT_EQ(found->priority, 100);
	EXPECT_EQ(found->blocksize, 128u);
	EXPECT_EQ(found->digestsize, c.digestsize);
	EXPECT_EQ(found->descsize, sizeof(struct sha512_state));
	EXPECT_EQ(found->statesize, sizeof(struct sha512_state));
	EXPECT_STREQ(crypto_shash_driver_name(tfm_.get()), c.driver);
}

TEST_P(Sha512Driver, OwnVectorsPassSelfTestManager)
{
	expect_own_vectors_pass(GetParam().driver, 12,
				"FIPS 180-4 examples + 8 padding/block-boundary lengths");
}

TEST_P(Sha512Driver, DigestEqualsUpdateFinalAndFinupForRandomSplits)
{
	expect_splits_match_one_shot(tfm_.get(), 4 * 128 + 2);
}

TEST_P(Sha512Driver, ExportMidStreamImportIntoFreshDescContinues)
{
	ShashPtr other = alloc_shash(GetParam().driver);
	ASSERT_TRUE(other);
	expect_export_import_continues(tfm_.get(), other.get());
}

// The export format is the kernel's struct sha512_state, as sha512.h documents it; the byte count
// is 128 bits wide and carries from count[0] into count[1].
TEST_P(Sha512Driver, ExportIsTheDocumentedStateAndCountCarries)
{
	struct sha512_state st;
	Desc desc(tfm_.get());
	const Bytes msg(10, 'x');

	ASSERT_EQ(crypto_shash_statesize(tfm_.get()), sizeof(st));
	ASSERT_EQ(crypto_shash_init(desc), 0);
	ASSERT_EQ(crypto_shash_update(desc, msg.data(), 3), 0);
	ASSERT_EQ(crypto_shash_export(desc, &st), 0);
	EXPECT_EQ(st.state[0], GetParam().digestsize == 64 ? SHA512_H0 : SHA384_H0);
	EXPECT_EQ(st.count[0], 3u);
	EXPECT_EQ(st.count[1], 0u);
	EXPECT_EQ(std::string(reinterpret_cast<const char *>(st.buf), 3), "xxx");

	/* 2^64 - 5 bytes hashed (123 of them in buf): 10 more wrap the low word */
	st.count[0] = ~0ULL - 4;
	ASSERT_EQ(crypto_shash_import(desc, &st), 0);
	ASSERT_EQ(crypto_shash_update(desc, msg.data(), msg.size()), 0);
	ASSERT_EQ(crypto_shash_export(desc, &st), 0);
	EXPECT_EQ(st.count[0], 5u);
	EXPECT_EQ(st.count[1], 1u);
}

TEST_P(Sha512Driver, EveryLengthUpToFourBlocksMatchesOpenSSL)
{
	expect_every_length_matches(tfm_.get(), 4 * 128 + 2, reference_fn());
}

TEST_P(Sha512Driver, RandomLengthsAndSplitsTo20000MatchOpenSSL)
{
	expect_random_splits_match(tfm_.get(), reference_fn());
}

TEST_P(Sha512Driver, UnalignedInputGivesSameDigest)
{
	expect_unaligned_input_matches(tfm_.get(), {0, 1, 7, 111, 112, 127, 128, 137, 397},
				       reference_fn());
}

TEST_P(Sha512Driver, MillionAMatchesFips180Example)
{
	const Bytes msg(1000000, 'a');

	EXPECT_EQ(hex(tfm_digest(tfm_.get(), msg)), GetParam().million_a);
}

INSTANTIATE_TEST_SUITE_P(Generic, Sha512Driver, ::testing::ValuesIn(kCases),
			 [](const auto &info) { return std::string(info.param.cra_name); });

}  // namespace
