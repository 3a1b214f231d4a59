// SPDX-License-Identifier: GPL-2.0
// The SHA-3 / SHAKE generic drivers through the kernel API: registration, our own vectors via the
// self-test manager, API equivalences (digest / update+final / finup, export+import), the export
// format of sha3.h, and OpenSSL as the independent reference for random messages and splits.
#include "tests/support/shash_testing.h"

#include "algs/sha3/sha3.h"

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace kcshim_test;

struct Sha3Case {
	const char *cra_name;
	const char *driver;
	const EVP_MD *(*md)();
	unsigned int digestsize;
	unsigned int blocksize;
};

const Sha3Case kCases[] = {
	{"sha3-224", "sha3-224-generic", EVP_sha3_224, 28, 144},
	{"sha3-256", "sha3-256-generic", EVP_sha3_256, 32, 136},
	{"sha3-384", "sha3-384-generic", EVP_sha3_384, 48, 104},
	{"sha3-512", "sha3-512-generic", EVP_sha3_512, 64, 72},
	{"shake128", "shake128-generic", EVP_shake128, 32, 168},
	{"shake256", "shake256-generic", EVP_shake256, 64, 136},
};

using Sha3Driver = ShashDriverTest<Sha3Case>;

TEST_P(Sha3Driver, RegisteredWithKernelNamesSizesAndPriority)
{
	const auto &c = GetParam();
	const auto found = registered_alg(c.driver);

	ASSERT_TRUE(found) << c.driver << " is not registered";
	EXPECT_STREQ(found->name, c.cra_name);
	EXPECT_EQ(found->priority, 0) << "the kernel's sha3 generic drivers have priority 0";
	EXPECT_EQ(found->kind, KCSHIM_KIND_SHASH);
	EXPECT_EQ(found->blocksize, c.blocksize);
	EXPECT_EQ(found->digestsize, c.digestsize);
	EXPECT_EQ(found->descsize, sizeof(struct sha3_state));
	EXPECT_EQ(found->statesize, sizeof(struct sha3_state));
	EXPECT_FALSE(found->keyed);

	EXPECT_STREQ(crypto_shash_driver_name(tfm_.get()), c.driver);
	EXPECT_EQ(crypto_shash_digestsize(tfm_.get()), c.digestsize);
	EXPECT_EQ(crypto_shash_blocksize(tfm_.get()), c.blocksize);
}

TEST_P(Sha3Driver, OwnVectorsPassSelfTestManager)
{
	expect_own_vectors_pass(GetParam().driver, 9, "FIPS 202 examples + 6 block-boundary lengths");
}

TEST_P(Sha3Driver, DigestEqualsUpdateFinalAndFinupForRandomSplits)
{
	expect_splits_match_one_shot(tfm_.get(), 4 * GetParam().blocksize + 2);
}

TEST_P(Sha3Driver, ExportMidStreamImportIntoFreshDescContinues)
{
	ShashPtr other = alloc_shash(GetParam().driver);
	ASSERT_TRUE(other);
	expect_export_import_continues(tfm_.get(), other.get());
}

// The export format is struct sha3_state, as sha3.h documents it.
TEST_P(Sha3Driver, ExportIsTheDocumentedSpongeState)
{
	const unsigned int bs = GetParam().blocksize;
	const Bytes msg(bs + 5, 0x5a);
	struct sha3_state st;
	Desc desc(tfm_.get());

	ASSERT_EQ(crypto_shash_statesize(tfm_.get()), sizeof(st));
	ASSERT_EQ(crypto_shash_init(desc), 0);
	ASSERT_EQ(crypto_shash_export(desc, &st), 0);
	EXPECT_EQ(st.rsiz, bs);
	EXPECT_EQ(st.partial, 0u);
	for (auto lane : st.st)
		EXPECT_EQ(lane, 0u);

	ASSERT_EQ(crypto_shash_update(desc, msg.data(), 3), 0);
	ASSERT_EQ(crypto_shash_export(desc, &st), 0);
	EXPECT_EQ(st.partial, 3u);
	EXPECT_EQ(st.st[0], 0x5a5a5aULL) << "bytes are XORed in little-endian lane order";

	ASSERT_EQ(crypto_shash_update(desc, msg.data() + 3, msg.size() - 3), 0);
	ASSERT_EQ(crypto_shash_export(desc, &st), 0);
	EXPECT_EQ(st.partial, 5u);
}

TEST_P(Sha3Driver, ImportRejectsCorruptState)
{
	struct sha3_state st;
	Desc desc(tfm_.get());

	ASSERT_EQ(crypto_shash_init(desc), 0);
	ASSERT_EQ(crypto_shash_export(desc, &st), 0);

	struct sha3_state bad = st;
	bad.partial = bad.rsiz;
	EXPECT_EQ(crypto_shash_import(desc, &bad), -EINVAL) << "partial must be below the rate";

	bad = st;
	bad.rsiz = st.rsiz == 136 ? 72 : 136;
	EXPECT_EQ(crypto_shash_import(desc, &bad), -EINVAL) << "rate of another algorithm";

	EXPECT_EQ(crypto_shash_import(desc, &st), 0);
}

TEST_P(Sha3Driver, EveryLengthUpToFourBlocksMatchesOpenSSL)
{
	expect_every_length_matches(tfm_.get(), 4 * GetParam().blocksize + 2, reference_fn());
}

TEST_P(Sha3Driver, RandomLengthsAndSplitsTo20000MatchOpenSSL)
{
	expect_random_splits_match(tfm_.get(), reference_fn());
}

TEST_P(Sha3Driver, UnalignedInputGivesSameDigest)
{
	const std::size_t bs = GetParam().blocksize;

	expect_unaligned_input_matches(tfm_.get(), {0, 1, 7, bs - 1, bs, bs + 9, 3 * bs + 13},
				       reference_fn());
}

INSTANTIATE_TEST_SUITE_P(Generic, Sha3Driver, ::testing::ValuesIn(kCases),
			 [](const auto &info) {
				 std::string n = info.param.cra_name;
				 n.erase(std::remove(n.begin(), n.end(), '-'), n.end());
				 return n;
			 });

// Keccak-f[1600] of the all-zero state (the Keccak team's KeccakF-1600 intermediate values),
// reached through the API: import an empty sponge, absorb one block of zeroes, export.
TEST(Keccak, PermutationOfZeroStateMatchesKnownAnswer)
{
	static const std::uint64_t want[25] = {
		0xf1258f7940e1dde7ULL, 0x84d5ccf933c0478aULL, 0xd598261ea65aa9eeULL,
		0xbd1547306f80494dULL, 0x8b284e056253d057ULL, 0xff97a42d7f8e6fd4ULL,
		0x90fee5a0a44647c4ULL, 0x8c5bda0cd6192e76ULL, 0xad30a6f71b19059cULL,
		0x30935ab7d08ffc64ULL, 0xeb5aa93f2317d635ULL, 0xa9a6e6260d712103ULL,
		0x81a57c16dbcf555fULL, 0x43b831cd0347c826ULL, 0x01f22f1a11a5569fULL,
		0x05e5635a21d9ae61ULL, 0x64befef28cc970f2ULL, 0x613670957bc46611ULL,
		0xb87c5a554fd00ecbULL, 0x8c3ee88a1ccf32c8ULL, 0x940c7922ae3a2614ULL,
		0x1841f924a2c509e4ULL, 0x16f53526e70465c2ULL, 0x75f644e97f30a13bULL,
		0xeaf1ff7b5ceca249ULL,
	};
	ShashPtr tfm = alloc_shash("sha3-256-generic");
	ASSERT_TRUE(tfm);
	Desc desc(tfm.get());
	struct sha3_state st = {};
	const Bytes zeroes(SHA3_256_BLOCK_SIZE, 0);

	st.rsiz = SHA3_256_BLOCK_SIZE;
	ASSERT_EQ(crypto_shash_import(desc, &st), 0);
	ASSERT_EQ(crypto_shash_update(desc, zeroes.data(), zeroes.size()), 0);
	ASSERT_EQ(crypto_shash_export(desc, &st), 0);
	for (int i = 0; i < 25; i++)
		EXPECT_EQ(st.st[i], want[i]) << "lane " << i;
}

// The "one million 'a'" message, too large for a stored vector.
TEST(Sha3, MillionAMatchesKnownAnswer)
{
	ShashPtr tfm = alloc_shash("sha3-256-generic");
	ASSERT_TRUE(tfm);
	const Bytes msg(1000000, 'a');

	EXPECT_EQ(hex(tfm_digest(tfm.get(), msg)),
		  "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1");
}

// Lookups by cra_name find a driver of that name (the generic one, or a better arch driver).
TEST(Sha3, CraNamesResolve)
{
	for (const auto &c : kCases) {
		ShashPtr tfm = alloc_shash(c.cra_name);
		ASSERT_TRUE(tfm) << c.cra_name;
		EXPECT_STREQ(crypto_shash_alg_name(tfm.get()), c.cra_name);
	}
}

}  // namespace
