// SPDX-License-Identifier: GPL-2.0
// The SHA-3 / SHAKE generic drivers through the kernel API: registration, our own vectors via the
// self-test manager, API equivalences (digest / update+final / finup, export+import), the export
// format of sha3.h, and OpenSSL as the independent reference for random messages and splits.
#include "support/shash_testing.h"

#include "sha3/sha3.h"

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

class Sha3Driver : public ::testing::TestWithParam<Sha3Case> {
protected:
	void SetUp() override
	{
		tfm_ = alloc_shash(GetParam().driver);
		ASSERT_TRUE(tfm_);
	}

	Bytes reference(std::span<const std::uint8_t> msg) const
	{
		return openssl_digest(GetParam().md(), msg, GetParam().digestsize);
	}

	ShashPtr tfm_;
};

struct AlgInfo {
	bool found = false;
	kcshim_alg_info info{};
	std::string name;
};

TEST_P(Sha3Driver, RegisteredWithKernelNamesSizesAndPriority)
{
	const auto &c = GetParam();
	AlgInfo found;

	found.name = c.driver;
	kcshim_for_each_alg(
		[](const kcshim_alg_info *info, void *arg) {
			auto *f = static_cast<AlgInfo *>(arg);
			if (std::string(info->driver) != f->name)
				return 0;
			f->found = true;
			f->info = *info;
			return 1;
		},
		&found);

	ASSERT_TRUE(found.found) << c.driver << " is not registered";
	EXPECT_STREQ(found.info.name, c.cra_name);
	EXPECT_EQ(found.info.priority, 0) << "the kernel's sha3 generic drivers have priority 0";
	EXPECT_EQ(found.info.kind, KCSHIM_KIND_SHASH);
	EXPECT_EQ(found.info.blocksize, c.blocksize);
	EXPECT_EQ(found.info.digestsize, c.digestsize);
	EXPECT_EQ(found.info.descsize, sizeof(struct sha3_state));
	EXPECT_EQ(found.info.statesize, sizeof(struct sha3_state));
	EXPECT_FALSE(found.info.keyed);

	EXPECT_STREQ(crypto_shash_driver_name(tfm_.get()), c.driver);
	EXPECT_EQ(crypto_shash_digestsize(tfm_.get()), c.digestsize);
	EXPECT_EQ(crypto_shash_blocksize(tfm_.get()), c.blocksize);
}

TEST_P(Sha3Driver, OwnVectorsPassSelfTestManager)
{
	const auto &c = GetParam();
	bool seen = false;

	for (const auto &r : run_selftest(c.driver)) {
		if (r.source != "own" || r.driver != c.driver)
			continue;
		seen = true;
		EXPECT_TRUE(r.passed) << r.message;
		EXPECT_EQ(r.vectors, 9u) << "FIPS 202 examples + 6 block-boundary lengths";
		EXPECT_GT(r.runs, r.vectors) << "each vector runs under several configurations";
	}
	EXPECT_TRUE(seen) << "no \"own\" suite result for " << c.driver;
	EXPECT_EQ(kcshim_driver_selftest_state(c.driver, nullptr), KCSHIM_SELFTEST_PASSED);
}

TEST_P(Sha3Driver, DigestEqualsUpdateFinalAndFinupForRandomSplits)
{
	std::mt19937_64 rng(test_seed());
	const unsigned int bs = GetParam().blocksize;

	for (int iter = 0; iter < 300; iter++) {
		const std::size_t len = rng() % (4 * bs + 2);
		const Bytes msg = random_bytes(rng, len);
		const auto cuts = random_cuts(rng, len, 1 + rng() % 6);
		const Bytes want = tfm_digest(tfm_.get(), msg);

		SCOPED_TRACE("len=" + std::to_string(len) + " cuts=" + cuts_str(cuts));
		EXPECT_EQ(hex(split_digest(tfm_.get(), msg, cuts, false)), hex(want));
		EXPECT_EQ(hex(split_digest(tfm_.get(), msg, cuts, true)), hex(want));
	}
}

TEST_P(Sha3Driver, ExportMidStreamImportIntoFreshDescContinues)
{
	std::mt19937_64 rng(test_seed());
	const unsigned int statesize = crypto_shash_statesize(tfm_.get());
	ShashPtr other = alloc_shash(GetParam().driver);
	ASSERT_TRUE(other);

	for (int iter = 0; iter < 200; iter++) {
		const std::size_t len = rng() % 2000;
		const Bytes msg = random_bytes(rng, len);
		const std::size_t cut = len ? rng() % (len + 1) : 0;
		Bytes state(statesize), out(crypto_shash_digestsize(tfm_.get()));

		SCOPED_TRACE("len=" + std::to_string(len) + " export at " + std::to_string(cut));
		Desc a(tfm_.get()), b(other.get());
		ASSERT_EQ(crypto_shash_init(a), 0);
		ASSERT_EQ(crypto_shash_update(a, msg.data(), cut), 0);
		ASSERT_EQ(crypto_shash_export(a, state.data()), 0);
		ASSERT_EQ(crypto_shash_import(b, state.data()), 0);
		ASSERT_EQ(crypto_shash_finup(b, msg.data() + cut, len - cut, out.data()), 0);
		EXPECT_EQ(hex(out), hex(tfm_digest(tfm_.get(), msg)));
	}
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
	expect_every_length_matches(tfm_.get(), 4 * GetParam().blocksize + 2,
				    [this](std::span<const std::uint8_t> m) { return reference(m); });
}

TEST_P(Sha3Driver, RandomLengthsAndSplitsTo20000MatchOpenSSL)
{
	expect_random_splits_match(tfm_.get(),
				   [this](std::span<const std::uint8_t> m) { return reference(m); });
}

TEST_P(Sha3Driver, UnalignedInputGivesSameDigest)
{
	std::mt19937_64 rng(test_seed());
	const unsigned int bs = GetParam().blocksize;

	for (std::size_t len : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{bs - 1},
				std::size_t{bs}, std::size_t{bs + 9}, std::size_t{3 * bs + 13}}) {
		const Bytes msg = random_bytes(rng, len);
		const std::string want = hex(reference(msg));

		for (std::size_t off = 1; off < 8; off++) {
			Bytes buf(len + off);
			std::copy(msg.begin(), msg.end(), buf.begin() + off);
			std::span<const std::uint8_t> m(buf.data() + off, len);
			const auto cuts = random_cuts(rng, len, 3);

			SCOPED_TRACE("len=" + std::to_string(len) + " offset=" + std::to_string(off) +
				     " cuts=" + cuts_str(cuts));
			EXPECT_EQ(hex(tfm_digest(tfm_.get(), m)), want);
			EXPECT_EQ(hex(split_digest(tfm_.get(), m, cuts, true)), want);
		}
	}
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
