// SPDX-License-Identifier: GPL-2.0
// lskcipher (kernel 6.7+): registration checks, setkey, encrypt/decrypt with the IV + state in
// siv, CONT/FINAL chunking, the skcipher API over an lskcipher driver, ecb() over an lskcipher,
// the listing, and the self-tests through ecb(name) vectors.
//
// Seeds: KCSHIM_TEST_SEED=<n> replays a run; the seed is printed and named in every failure.
#include <gtest/gtest.h>

#include <kcshim/kcshim.h>
#include <kcshim/testvec.h>

#include <crypto/internal/skcipher.h>
#include <linux/unaligned.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "tests/shim/crypto/lskcipher_test_drivers.h"
#include "tests/support/kernel_api.h"
#include "tests/support/seed.h"

using namespace kcshim::test;

namespace {

uint64_t seed()
{
	return kcshim_test::test_seed();
}

struct LskcipherFree {
	void operator()(struct crypto_lskcipher *t) const { crypto_free_lskcipher(t); }
};
using Lskcipher = std::unique_ptr<struct crypto_lskcipher, LskcipherFree>;

const std::vector<uint8_t> key = {0x13, 0x57, 0x9b, 0xdf, 0x02, 0x46, 0x8a};

std::vector<uint8_t> random_bytes(std::mt19937_64 &rng, size_t n)
{
	std::vector<uint8_t> v(n);
	for (auto &b : v)
		b = static_cast<uint8_t>(rng());
	return v;
}

// testks's output for data from position pos: the reference the drivers must equal.
std::vector<uint8_t> reference(std::vector<uint8_t> data, uint64_t pos = 0)
{
	test_testks_xor(key.data(), static_cast<unsigned>(key.size()), pos, data.data(), data.size());
	return data;
}

struct AlgRow {
	std::string driver;
	kcshim_alg_kind kind;
	int priority;
	bool instance;
	unsigned int statesize, ivsize;
	kcshim_selftest_state selftest;
};

// The listing's row for driver, if it is registered.
std::optional<AlgRow> listed(const std::string &driver)
{
	struct Query {
		std::string driver;
		std::optional<AlgRow> row;
	} q{driver, {}};
	kcshim_for_each_alg(
		[](const kcshim_alg_info *a, void *arg) {
			auto *q = static_cast<Query *>(arg);
			if (q->driver == a->driver)
				q->row = AlgRow{a->driver, a->kind, a->priority, a->instance,
						a->statesize, a->ivsize, a->selftest};
			return 0;
		},
		&q);
	return q.row;
}

class LskcipherApi : public ::testing::Test {
protected:
	void SetUp() override { kcshim_init(); }
	void TearDown() override
	{
		for (auto it = registered.rbegin(); it != registered.rend(); ++it)
			crypto_unregister_lskcipher(*it);
	}
	// Registers alg (made by make) as driver at priority; the test fails if that fails.
	void reg(struct lskcipher_alg *alg, const char *driver, int priority,
		 void (*make)(struct lskcipher_alg *, const char *, int) = test_make_testks)
	{
		make(alg, driver, priority);
		ASSERT_EQ(crypto_register_lskcipher(alg), 0) << kcshim_last_error();
		registered.push_back(alg);
	}
	std::vector<struct lskcipher_alg *> registered;
	struct lskcipher_alg a{}, b{}, c{};
};

TEST_F(LskcipherApi, RegistrationRefusesBadSizesAndCallbacks)
{
	struct Case {
		const char *what;
		void (*spoil)(struct lskcipher_alg *);
	} cases[] = {
		{"chunksize not a power of two", [](auto *x) { x->co.chunksize = 3; }},
		{"chunksize over PAGE_SIZE / 8", [](auto *x) { x->co.chunksize = PAGE_SIZE / 4; }},
		{"ivsize over PAGE_SIZE / 8", [](auto *x) { x->co.ivsize = PAGE_SIZE / 8 + 1; }},
		{"statesize over PAGE_SIZE / 2", [](auto *x) { x->co.statesize = PAGE_SIZE / 2 + 1; }},
		{"ivsize + statesize over PAGE_SIZE / 2", [](auto *x) {
			 x->co.ivsize = PAGE_SIZE / 8;
			 x->co.statesize = PAGE_SIZE / 2 - PAGE_SIZE / 16;
		 }},
		{"min_keysize > max_keysize", [](auto *x) { x->co.min_keysize = 17; }},
		{"no encrypt", [](auto *x) { x->encrypt = nullptr; }},
		{"no setkey", [](auto *x) { x->setkey = nullptr; }},
	};
	for (const Case &k : cases) {
		test_make_testks(&a, "testks-bad", 100);
		k.spoil(&a);
		EXPECT_EQ(crypto_register_lskcipher(&a), -EINVAL) << k.what;
		EXPECT_FALSE(listed("testks-bad")) << k.what;
	}
}

TEST_F(LskcipherApi, RegistrationRefusesADriverNameTwiceWithEexist)
{
	reg(&a, "testks-dup", 100);
	test_make_testks(&b, "testks-dup", 200);
	EXPECT_EQ(crypto_register_lskcipher(&b), -EEXIST);
	// all or nothing: the second fails, the first is unregistered again
	struct lskcipher_alg two[2];
	test_make_testks(&two[0], "testks-many", 100);
	test_make_testks(&two[1], "testks-dup", 100);
	EXPECT_EQ(crypto_register_lskciphers(two, 2), -EEXIST);
	EXPECT_FALSE(listed("testks-many"));
	auto row = listed("testks-dup");
	ASSERT_TRUE(row);
	EXPECT_EQ(row->kind, KCSHIM_KIND_LSKCIPHER);
	EXPECT_EQ(row->statesize, unsigned(TESTKS_STATE_SIZE));
	EXPECT_EQ(row->selftest, KCSHIM_SELFTEST_PASSED);
}

TEST_F(LskcipherApi, SetkeyRefusesLengthsOutsideLimitsAndTheDriversRefusal)
{
	reg(&a, "testks-key", 100);
	Lskcipher tfm(crypto_alloc_lskcipher("testks-key", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	uint8_t k[TESTKS_MAX_KEY_SIZE + 2] = {1};
	EXPECT_EQ(crypto_lskcipher_setkey(tfm.get(), k, 0), -EINVAL);
	EXPECT_EQ(crypto_lskcipher_setkey(tfm.get(), k, TESTKS_MAX_KEY_SIZE + 1), -EINVAL);
	EXPECT_EQ(crypto_lskcipher_setkey(tfm.get(), k + 1, 4), -EINVAL) << "all-zero key";
	EXPECT_EQ(crypto_lskcipher_setkey(tfm.get(), k, TESTKS_MAX_KEY_SIZE), 0);
	// a misaligned key reaches the driver through an aligned copy
	EXPECT_EQ(crypto_lskcipher_setkey(tfm.get(), k, 5), 0);
}

TEST_F(LskcipherApi, AllocAccessorsAndInitExit)
{
	reg(&a, "testks-acc", 100);
	int inits = test_testks_inits, exits = test_testks_exits;
	{
		Lskcipher tfm(crypto_alloc_lskcipher("testks", 0, 0));
		ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
		EXPECT_STREQ(crypto_lskcipher_driver_name(tfm.get()), "testks-acc");
		EXPECT_EQ(crypto_lskcipher_blocksize(tfm.get()), 1u);
		EXPECT_EQ(crypto_lskcipher_chunksize(tfm.get()), 1u) << "chunksize defaults to the block";
		EXPECT_EQ(crypto_lskcipher_ivsize(tfm.get()), 0u);
		EXPECT_EQ(crypto_lskcipher_statesize(tfm.get()), unsigned(TESTKS_STATE_SIZE));
		EXPECT_EQ(crypto_lskcipher_min_keysize(tfm.get()), 1u);
		EXPECT_EQ(crypto_lskcipher_max_keysize(tfm.get()), unsigned(TESTKS_MAX_KEY_SIZE));
		EXPECT_EQ(test_testks_inits, inits + 1);
	}
	EXPECT_EQ(test_testks_exits, exits + 1);
	EXPECT_EQ(PTR_ERR(crypto_alloc_lskcipher("testks-none", 0, 0)), -ENOENT);
	// an lskcipher tfm runs only on an lskcipher driver
	EXPECT_EQ(PTR_ERR(crypto_alloc_lskcipher("cbc(cast5)", 0, 0)), -ENOENT);
	EXPECT_EQ(PTR_ERR(crypto_alloc_lskcipher("cast5", 0, 0)), -ENOENT);
}

TEST_F(LskcipherApi, OneShotEqualsReferenceAlignedOrNotAndLeavesTheStateInSiv)
{
	reg(&a, "testks-one", 100);
	Lskcipher tfm(crypto_alloc_lskcipher("testks-one", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	ASSERT_EQ(crypto_lskcipher_setkey(tfm.get(), key.data(), key.size()), 0);
	std::mt19937_64 rng(seed());
	for (unsigned int offset : {0u, 1u, 3u}) {
		auto msg = random_bytes(rng, 1000 + rng() % 5000);
		unsigned len = static_cast<unsigned>(msg.size());
		std::vector<uint8_t> src(len + 8), dst(len + 8);
		std::copy(msg.begin(), msg.end(), src.begin() + offset);
		alignas(8) uint8_t siv[TESTKS_STATE_SIZE + 8] = {};
		u8 *state = siv + offset;
		ASSERT_EQ(crypto_lskcipher_encrypt(tfm.get(), src.data() + offset,
						   dst.data() + offset, len, state), 0);
		std::vector<uint8_t> got(dst.begin() + offset, dst.begin() + offset + len);
		EXPECT_EQ(got, reference(msg)) << "offset " << offset << " len " << len
					       << " KCSHIM_TEST_SEED=" << seed();
		EXPECT_EQ(get_unaligned_le64(state), len) << "the position after the message";
		// decryption is a new message: it starts at position 0 again (no CONT)
		ASSERT_EQ(crypto_lskcipher_decrypt(tfm.get(), dst.data() + offset,
						   dst.data() + offset, len, state), 0);
		EXPECT_TRUE(std::equal(msg.begin(), msg.end(), dst.begin() + offset));
	}
}

TEST_F(LskcipherApi, ContFinalChunksEqualOneShot)
{
	reg(&a, "testks-cont", 100);
	Lskcipher tfm(crypto_alloc_lskcipher("testks-cont", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	ASSERT_EQ(crypto_lskcipher_setkey(tfm.get(), key.data(), key.size()), 0);
	struct lskcipher_alg *alg = crypto_lskcipher_alg(tfm.get());
	std::mt19937_64 rng(seed());
	for (int round = 0; round < 50; round++) {
		auto msg = random_bytes(rng, rng() % 3000);
		std::vector<uint8_t> oneshot(msg.size()), chunked(msg.size());
		u8 siv[TESTKS_STATE_SIZE];
		ASSERT_EQ(crypto_lskcipher_encrypt(tfm.get(), msg.data(), oneshot.data(),
						   static_cast<unsigned>(msg.size()), siv), 0);
		std::vector<size_t> cuts = {0, msg.size()};
		for (int n = rng() % 5; n; n--)
			cuts.push_back(msg.empty() ? 0 : rng() % msg.size());
		std::sort(cuts.begin(), cuts.end());
		std::string splits;
		for (size_t i = 0; i + 1 < cuts.size(); i++) {
			u32 flags = (i ? CRYPTO_LSKCIPHER_FLAG_CONT : 0) |
				    (i + 2 == cuts.size() ? CRYPTO_LSKCIPHER_FLAG_FINAL : 0);
			unsigned len = static_cast<unsigned>(cuts[i + 1] - cuts[i]);
			splits += std::to_string(len) + " ";
			ASSERT_EQ(alg->encrypt(tfm.get(), msg.data() + cuts[i],
					       chunked.data() + cuts[i], len, siv, flags), 0);
			EXPECT_EQ(get_unaligned_le64(siv), cuts[i + 1]) << "state after a chunk";
		}
		ASSERT_EQ(chunked, oneshot) << "len " << msg.size() << " chunks " << splits
					    << "KCSHIM_TEST_SEED=" << seed();
	}
}

// Encrypts msg through the skcipher API in place of one request over a scatterlist cut at cuts,
// each entry at its own misalignment.
std::vector<uint8_t> sg_encrypt(struct crypto_skcipher *tfm, struct skcipher_request *req,
				const std::vector<uint8_t> &msg, std::vector<size_t> cuts,
				std::mt19937_64 &rng, u8 *iv, u32 flags, int *err)
{
	cuts.insert(cuts.begin(), 0);
	cuts.push_back(msg.size());
	std::sort(cuts.begin(), cuts.end());
	size_t n = cuts.size() - 1;
	std::vector<std::vector<uint8_t>> bufs(n);
	std::vector<struct scatterlist> sg(n ? n : 1);
	sg_init_table(sg.data(), static_cast<unsigned>(sg.size()));
	std::vector<unsigned> offsets(n);
	for (size_t i = 0; i < n; i++) {
		offsets[i] = static_cast<unsigned>(rng() % 16);
		bufs[i].assign(offsets[i] + cuts[i + 1] - cuts[i] + 1, 0);
		std::copy(msg.begin() + cuts[i], msg.begin() + cuts[i + 1],
			  bufs[i].begin() + offsets[i]);
		sg_set_buf(&sg[i], bufs[i].data() + offsets[i],
			   static_cast<unsigned>(cuts[i + 1] - cuts[i]));
	}
	skcipher_request_set_callback(req, flags, nullptr, nullptr);
	skcipher_request_set_crypt(req, sg.data(), sg.data(), static_cast<unsigned>(msg.size()),
				   iv);
	*err = crypto_skcipher_encrypt(req);
	std::vector<uint8_t> out;
	for (size_t i = 0; i < n; i++)
		out.insert(out.end(), bufs[i].begin() + offsets[i],
			   bufs[i].begin() + offsets[i] + (cuts[i + 1] - cuts[i]));
	return out;
}

struct RequestFree {
	void operator()(struct skcipher_request *r) const { skcipher_request_free(r); }
};
using Request = std::unique_ptr<struct skcipher_request, RequestFree>;

TEST_F(LskcipherApi, SkcipherApiOverScatterlistsEqualsReference)
{
	reg(&a, "testks-sg", 100);
	Skcipher tfm(crypto_alloc_skcipher("testks", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	EXPECT_STREQ(crypto_skcipher_driver_name(tfm.get()), "testks-sg");
	EXPECT_EQ(crypto_skcipher_statesize(tfm.get()), unsigned(TESTKS_STATE_SIZE));
	Request req(skcipher_request_alloc(tfm.get(), GFP_KERNEL));
	std::mt19937_64 rng(seed());
	int err;
	sg_encrypt(tfm.get(), req.get(), {1, 2, 3}, {}, rng, nullptr, 0, &err);
	EXPECT_EQ(err, -ENOKEY) << "before setkey";
	uint8_t zero[4] = {};
	EXPECT_EQ(crypto_skcipher_setkey(tfm.get(), zero, 4), -EINVAL) << "the driver refuses";
	ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key.data(), key.size()), 0);
	for (int round = 0; round < 100; round++) {
		auto msg = random_bytes(rng, rng() % 9000);
		std::vector<size_t> cuts;
		for (int n = rng() % 6; n; n--)
			cuts.push_back(msg.empty() ? 0 : rng() % msg.size());
		auto got = sg_encrypt(tfm.get(), req.get(), msg, cuts, rng, nullptr, 0, &err);
		ASSERT_EQ(err, 0);
		std::string splits;
		for (size_t c : cuts)
			splits += std::to_string(c) + " ";
		ASSERT_EQ(got, reference(msg)) << "len " << msg.size() << " cuts at " << splits
					       << "KCSHIM_TEST_SEED=" << seed();
	}
}

TEST_F(LskcipherApi, SkcipherRequestsContinueTheStateWithReqContAndNotfinal)
{
	reg(&a, "testks-req", 100);
	Skcipher tfm(crypto_alloc_skcipher("testks-req", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key.data(), key.size()), 0);
	Request req(skcipher_request_alloc(tfm.get(), GFP_KERNEL));
	std::mt19937_64 rng(seed());
	auto msg = random_bytes(rng, 3000);
	auto want = reference(msg);
	size_t cut1 = 1 + rng() % 1000, cut2 = cut1 + 1 + rng() % 1000;
	int err;
	std::vector<uint8_t> got;
	size_t at = 0;
	for (size_t end : {cut1, cut2, msg.size()}) {
		u32 flags = (at ? CRYPTO_SKCIPHER_REQ_CONT : 0) |
			    (end < msg.size() ? CRYPTO_SKCIPHER_REQ_NOTFINAL : 0);
		std::vector<uint8_t> part(msg.begin() + at, msg.begin() + end);
		auto out = sg_encrypt(tfm.get(), req.get(), part, {part.size() / 2}, rng, nullptr,
				      flags, &err);
		ASSERT_EQ(err, 0);
		got.insert(got.end(), out.begin(), out.end());
		uint8_t state[TESTKS_STATE_SIZE];
		ASSERT_EQ(crypto_skcipher_export(req.get(), state), 0);
		EXPECT_EQ(get_unaligned_le64(state), end) << "the state exported after a request";
		at = end;
	}
	EXPECT_EQ(got, want) << "cuts " << cut1 << " " << cut2 << " KCSHIM_TEST_SEED=" << seed();

	// import: continue from a chosen position
	uint8_t state[TESTKS_STATE_SIZE];
	put_unaligned_le64(1234, state);
	ASSERT_EQ(crypto_skcipher_import(req.get(), state), 0);
	std::vector<uint8_t> part(msg.begin(), msg.begin() + 100);
	auto out = sg_encrypt(tfm.get(), req.get(), part, {}, rng, nullptr, CRYPTO_SKCIPHER_REQ_CONT,
			      &err);
	ASSERT_EQ(err, 0);
	EXPECT_EQ(out, reference(part, 1234));
}

TEST_F(LskcipherApi, IvAndStateThroughTheSkcipherApi)
{
	reg(&a, "testivks-iv", 100, test_make_testivks);
	Skcipher tfm(crypto_alloc_skcipher("testivks", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	EXPECT_EQ(crypto_skcipher_ivsize(tfm.get()), 8u);
	ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key.data(), key.size()), 0);
	Request req(skcipher_request_alloc(tfm.get(), GFP_KERNEL));
	std::mt19937_64 rng(seed());
	auto msg = random_bytes(rng, 777);
	uint8_t iv[8];
	put_unaligned_le64(5000, iv);
	int err;
	auto got = sg_encrypt(tfm.get(), req.get(), msg, {100, 500}, rng, iv, 0, &err);
	ASSERT_EQ(err, 0);
	EXPECT_EQ(got, reference(msg, 5000));
	EXPECT_EQ(get_unaligned_le64(iv), 5777u) << "the IV returned";
}

TEST_F(LskcipherApi, EcbInstanceOverLskcipherTakesTheHighestPriorityAndGoesWithIt)
{
	reg(&a, "testks-low", 100);
	reg(&b, "testks-high", 200);
	reg(&c, "testivks-e", 300, test_make_testivks);
	{
		Lskcipher tfm(crypto_alloc_lskcipher("ecb(testks)", 0, 0));
		ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
		EXPECT_STREQ(crypto_lskcipher_driver_name(tfm.get()), "ecb(testks-high)");
		EXPECT_STREQ(crypto_tfm_alg_name(crypto_lskcipher_tfm(tfm.get())), "ecb(testks)");
		EXPECT_EQ(crypto_tfm_alg_priority(crypto_lskcipher_tfm(tfm.get())), 200);
		EXPECT_EQ(crypto_lskcipher_statesize(tfm.get()), unsigned(TESTKS_STATE_SIZE));
		ASSERT_EQ(crypto_lskcipher_setkey(tfm.get(), key.data(), key.size()), 0);
		std::vector<uint8_t> msg(300, 0x5a), out(300);
		u8 siv[TESTKS_STATE_SIZE];
		ASSERT_EQ(crypto_lskcipher_encrypt(tfm.get(), msg.data(), out.data(), 300, siv), 0);
		EXPECT_EQ(out, reference(msg));
	}
	auto row = listed("ecb(testks-high)");
	ASSERT_TRUE(row);
	EXPECT_EQ(row->kind, KCSHIM_KIND_LSKCIPHER);
	EXPECT_TRUE(row->instance);
	EXPECT_EQ(row->priority, 200);
	{
		Skcipher tfm(crypto_alloc_skcipher("ecb(testks-low)", 0, 0));
		ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
		EXPECT_STREQ(crypto_skcipher_driver_name(tfm.get()), "ecb(testks-low)");
	}
	// ecb over an lskcipher with an IV, or over an instance, is no lskcipher instance; no cipher
	// of that name either
	EXPECT_EQ(PTR_ERR(crypto_alloc_skcipher("ecb(testivks)", 0, 0)), -ENOENT);
	EXPECT_EQ(PTR_ERR(crypto_alloc_lskcipher("ecb(ecb(testks))", 0, 0)), -ENOENT);
	EXPECT_FALSE(listed("ecb(testivks-e)"));
	// ecb over a cipher is still the skcipher instance
	Skcipher ecb_cast5(crypto_alloc_skcipher("ecb(cast5)", 0, 0));
	ASSERT_FALSE(IS_ERR(ecb_cast5.get()));
	EXPECT_EQ(listed(crypto_skcipher_driver_name(ecb_cast5.get()))->kind, KCSHIM_KIND_SKCIPHER);

	// the instance goes with its lskcipher
	crypto_unregister_lskcipher(&b);
	registered.erase(std::find(registered.begin(), registered.end(), &b));
	EXPECT_FALSE(listed("ecb(testks-high)"));
	Lskcipher tfm(crypto_alloc_lskcipher("ecb(testks)", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	EXPECT_STREQ(crypto_lskcipher_driver_name(tfm.get()), "ecb(testks-low)");
}

// Kernel-format vectors for ecb(testks), as testmgr has ecb(arc4)'s, with a generic_driver.
const uint8_t vec_key[] = {0x13, 0x57, 0x9b, 0xdf, 0x02, 0x46, 0x8a};
uint8_t vec_ptext[40], vec_ctext[40];
kcshim_cipher_vec vecs[1];
const kcshim_vector_suite suites[] = {
	{"ecb(testks)", "testks-generic", KCSHIM_SUITE_CIPHER, vecs, 1, false, false},
};
const kcshim_vector_source source = {"testks-vectors", suites, 1};

class LskcipherSelftest : public LskcipherApi {
protected:
	void SetUp() override
	{
		LskcipherApi::SetUp();
		for (unsigned i = 0; i < sizeof(vec_ptext); i++)
			vec_ptext[i] = static_cast<uint8_t>(i * 11);
		std::vector<uint8_t> c = reference({vec_ptext, vec_ptext + sizeof(vec_ptext)});
		std::copy(c.begin(), c.end(), vec_ctext);
		vecs[0] = {};
		vecs[0].key = reinterpret_cast<const char *>(vec_key);
		vecs[0].klen = sizeof(vec_key);
		vecs[0].ptext = reinterpret_cast<const char *>(vec_ptext);
		vecs[0].ctext = reinterpret_cast<const char *>(vec_ctext);
		vecs[0].len = sizeof(vec_ptext);
		ASSERT_EQ(kcshim_register_vector_source(&source), 0);
	}
	void TearDown() override
	{
		LskcipherApi::TearDown();
		kcshim_unregister_vector_source(&source);
	}
};

// A result row, its strings copied (the result's live only during the callback).
struct Row {
	std::string alg, source, message;
	unsigned int vectors, runs;
	bool passed;
	kcshim_selftest_row row;
};

void collect(const kcshim_selftest_result *r, void *arg)
{
	static_cast<std::vector<Row> *>(arg)->push_back(
		{r->alg, r->source, r->message, r->vectors, r->runs, r->passed, r->row});
}

TEST_F(LskcipherSelftest, DriverIsTestedWithEcbVectorsThroughTheSkcipherApi)
{
	reg(&a, "testks-generic", 100);
	std::vector<Row> run;
	ASSERT_EQ(kcshim_selftest("testks-generic", collect, &run), 0);
	ASSERT_EQ(run.size(), 1u);
	EXPECT_EQ(run[0].alg, "ecb(testks)");
	EXPECT_EQ(run[0].source, "testks-vectors");
	EXPECT_TRUE(run[0].passed) << run[0].message;
	EXPECT_EQ(run[0].runs, 16u) << "8 configurations, both directions";
}

TEST_F(LskcipherSelftest, AWrongDriverFailsAndIsNoLongerFound)
{
	reg(&a, "testks-generic", 100);
	// a driver whose keystream is off by one position: the ecb(testks) vector catches it
	test_make_testks(&b, "testks-wrong", 500);
	b.encrypt = b.decrypt = [](struct crypto_lskcipher *tfm, const u8 *src, u8 *dst,
				   unsigned len, u8 *siv, u32 flags) {
		u64 pos = flags & CRYPTO_LSKCIPHER_FLAG_CONT ? get_unaligned_le64(siv) : 0;
		memmove(dst, src, len);
		test_testks_xor(vec_key, sizeof(vec_key), pos + 1, dst, len);
		put_unaligned_le64(pos + len, siv);
		return 0;
	};
	ASSERT_EQ(crypto_register_lskcipher(&b), 0);
	registered.push_back(&b);
	auto row = listed("testks-wrong");
	ASSERT_TRUE(row);
	EXPECT_EQ(row->selftest, KCSHIM_SELFTEST_FAILED);
	Skcipher tfm(crypto_alloc_skcipher("testks", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	EXPECT_STREQ(crypto_skcipher_driver_name(tfm.get()), "testks-generic");
	const char *message = nullptr;
	kcshim_driver_selftest_state("testks-wrong", &message);
	ASSERT_NE(message, nullptr);
	EXPECT_NE(std::string(message).find("alg: skcipher: testks-wrong encryption test failed "
					    "(wrong result) on test vector 1"),
		  std::string::npos)
		<< message;
}

TEST_F(LskcipherSelftest, EcbInstanceExtraTestsCompareWithTheGenericLskcipher)
{
	reg(&a, "testks-generic", 100);
	reg(&b, "testks-fast", 300);
	kcshim_selftest_options opts{4, seed(), nullptr};
	std::vector<Row> run;
	ASSERT_EQ(kcshim_instantiate("ecb(testks-fast)"), 0);
	ASSERT_EQ(kcshim_selftest_with("ecb(testks-fast)", &opts, collect, &run), 0);
	ASSERT_EQ(run.size(), 2u);
	EXPECT_EQ(run[0].alg, "ecb(testks)");
	EXPECT_TRUE(run[0].passed) << run[0].message;
	EXPECT_EQ(run[1].row, KCSHIM_ROW_EXTRA);
	EXPECT_EQ(run[1].source, "vs testks-generic");
	EXPECT_EQ(run[1].vectors, 32u);
	EXPECT_TRUE(run[1].passed) << run[1].message;

	std::vector<Row> generic;
	ASSERT_EQ(kcshim_selftest_with("testks-generic", &opts, collect, &generic), 0);
	ASSERT_EQ(generic.size(), 2u);
	EXPECT_EQ(generic[1].row, KCSHIM_ROW_IS_GENERIC);
}

}  // namespace
