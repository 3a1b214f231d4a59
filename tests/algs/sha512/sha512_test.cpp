// SPDX-License-Identifier: GPL-2.0
// The SHA-384 / SHA-512 generic drivers through the kernel API: registration, our own vectors via
// the self-test manager, API equivalences (digest / update+final / finup, export+import), the
// export format of sha512.h, and OpenSSL as the independent reference for random messages.
#include "support/shash_testing.h"

#include "sha512/sha512.h"

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

class Sha512Driver : public ::testing::TestWithParam<Sha512Case> {
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
	std::string name;
	bool found = false;
	kcshim_alg_info info{};
};

TEST_P(Sha512Driver, RegisteredWithKernelNamesSizesAndPriority)
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
	EXPECT_EQ(found.info.priority, 100);
	EXPECT_EQ(found.info.blocksize, 128u);
	EXPECT_EQ(found.info.digestsize, c.digestsize);
	EXPECT_EQ(found.info.descsize, sizeof(struct sha512_state));
	EXPECT_EQ(found.info.statesize, sizeof(struct sha512_state));
	EXPECT_STREQ(crypto_shash_driver_name(tfm_.get()), c.driver);
}

TEST_P(Sha512Driver, OwnVectorsPassSelfTestManager)
{
	const auto &c = GetParam();
	bool seen = false;

	for (const auto &r : run_selftest(c.driver)) {
		if (r.source != "own" || r.driver != c.driver)
			continue;
		seen = true;
		EXPECT_TRUE(r.passed) << r.message;
		EXPECT_EQ(r.vectors, 12u) << "FIPS 180-4 examples + 8 padding/block-boundary lengths";
		EXPECT_GT(r.runs, r.vectors);
	}
	EXPECT_TRUE(seen) << "no \"own\" suite result for " << c.driver;
	EXPECT_EQ(kcshim_driver_selftest_state(c.driver, nullptr), KCSHIM_SELFTEST_PASSED);
}

TEST_P(Sha512Driver, DigestEqualsUpdateFinalAndFinupForRandomSplits)
{
	std::mt19937_64 rng(test_seed());

	for (int iter = 0; iter < 300; iter++) {
		const std::size_t len = rng() % (4 * 128 + 2);
		const Bytes msg = random_bytes(rng, len);
		const auto cuts = random_cuts(rng, len, 1 + rng() % 6);
		const Bytes want = tfm_digest(tfm_.get(), msg);

		SCOPED_TRACE("len=" + std::to_string(len) + " cuts=" + cuts_str(cuts));
		EXPECT_EQ(hex(split_digest(tfm_.get(), msg, cuts, false)), hex(want));
		EXPECT_EQ(hex(split_digest(tfm_.get(), msg, cuts, true)), hex(want));
	}
}

TEST_P(Sha512Driver, ExportMidStreamImportIntoFreshDescContinues)
{
	std::mt19937_64 rng(test_seed());
	ShashPtr other = alloc_shash(GetParam().driver);
	ASSERT_TRUE(other);

	for (int iter = 0; iter < 200; iter++) {
		const std::size_t len = rng() % 2000;
		const Bytes msg = random_bytes(rng, len);
		const std::size_t cut = len ? rng() % (len + 1) : 0;
		Bytes state(crypto_shash_statesize(tfm_.get())), out(GetParam().digestsize);

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
	expect_every_length_matches(tfm_.get(), 4 * 128 + 2,
				    [this](std::span<const std::uint8_t> m) { return reference(m); });
}

TEST_P(Sha512Driver, RandomLengthsAndSplitsTo20000MatchOpenSSL)
{
	expect_random_splits_match(tfm_.get(),
				   [this](std::span<const std::uint8_t> m) { return reference(m); });
}

TEST_P(Sha512Driver, UnalignedInputGivesSameDigest)
{
	std::mt19937_64 rng(test_seed());

	for (std::size_t len : {0, 1, 7, 111, 112, 127, 128, 137, 397}) {
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

TEST_P(Sha512Driver, MillionAMatchesFips180Example)
{
	const Bytes msg(1000000, 'a');

	EXPECT_EQ(hex(tfm_digest(tfm_.get(), msg)), GetParam().million_a);
}

INSTANTIATE_TEST_SUITE_P(Generic, Sha512Driver, ::testing::ValuesIn(kCases),
			 [](const auto &info) { return std::string(info.param.cra_name); });

}  // namespace
