// SPDX-License-Identifier: GPL-2.0
// AEAD: registration checks, lookup, the tfm's life, setkey/setauthsize and request errors, the
// walk over the data after the associated data (against a reference built from the cipher and
// hash APIs alone), scatterwalk_ffwd(), the self-tests of AEAD vectors (planted bugs caught) and
// the extra tests against the generic driver.
//
// Seeds: KCSHIM_TEST_SEED=<n> replays a run; the seed is printed and named in every failure.
#include <gtest/gtest.h>

#include <kcshim/kcshim.h>
#include <kcshim/testvec.h>

#include <crypto/internal/aead.h>
#include <crypto/scatterwalk.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tests/shim/crypto/aead_test_drivers.h"
#include "tests/support/kernel_api.h"
#include "tests/support/seed.h"

using namespace kcshim::test;
using Bytes = std::vector<uint8_t>;

namespace {

uint64_t seed()
{
	return kcshim_test::test_seed();
}

struct AeadFree {
	void operator()(struct crypto_aead *t) const { crypto_free_aead(t); }
};
struct AeadRequestFree {
	void operator()(struct aead_request *r) const { aead_request_free(r); }
};
using Aead = std::unique_ptr<struct crypto_aead, AeadFree>;
using AeadRequest = std::unique_ptr<struct aead_request, AeadRequestFree>;

Bytes pattern(size_t n, uint8_t start, uint8_t step = 7)
{
	Bytes v(n);
	for (size_t i = 0; i < n; i++)
		v[i] = static_cast<uint8_t>(start + i * step);
	return v;
}

Bytes random_bytes(std::mt19937_64 &rng, size_t n)
{
	Bytes v(n);
	for (auto &b : v)
		b = static_cast<uint8_t>(rng());
	return v;
}

const Bytes key = pattern(TESTETM_KEY_SIZE, 0x21);
const Bytes iv = pattern(TESTETM_IV_SIZE, 0xf8, 1);	// the counter wraps a byte at once

// testetm's ciphertext and tag, built from the cast5 cipher and the sha3-256 shash directly: no
// AEAD API, no walk, no scatterlists.
Bytes reference_seal(const Bytes &k, const Bytes &nonce, const Bytes &assoc, const Bytes &ptext,
		     unsigned int authsize)
{
	Cipher cast5(crypto_alloc_cipher("cast5", 0, 0));
	Shash sha3(crypto_alloc_shash("sha3-256", 0, 0));
	if (IS_ERR(cast5.get()) || IS_ERR(sha3.get()) ||
	    crypto_cipher_setkey(cast5.get(), k.data(), TESTETM_ENC_KEY_SIZE))
		return {};
	Bytes out = ptext, ctr = nonce;
	uint8_t ks[8];
	for (size_t i = 0; i < out.size(); i += 8) {
		crypto_cipher_encrypt_one(cast5.get(), ks, ctr.data());
		for (size_t j = i; j < std::min(out.size(), i + 8); j++)
			out[j] ^= ks[j - i];
		for (int j = 7; j >= 0 && ++ctr[j] == 0; j--)
			;
	}
	Bytes mac(k.begin() + TESTETM_ENC_KEY_SIZE, k.end());
	for (uint64_t len : {uint64_t(assoc.size()), uint64_t(ptext.size())})
		for (int b = 0; b < 8; b++)
			mac.push_back(static_cast<uint8_t>(len >> (8 * b)));
	mac.insert(mac.end(), assoc.begin(), assoc.end());
	mac.insert(mac.end(), out.begin(), out.end());
	Bytes tag = digest(sha3.get(), mac);
	out.insert(out.end(), tag.begin(), tag.begin() + authsize);
	return out;
}

// The "own" vectors of "testetm" (and of "testetm-auth", without the inauthentic ones), made by
// the reference, registered once per process.
struct OwnVectors {
	struct Vec {
		Bytes key, iv, assoc, ptext, ctext;
		kcshim_aead_vec v{};
	};
	std::vector<Vec> vecs;
	std::vector<kcshim_aead_vec> all, authentic;
	kcshim_vector_suite suites[2]{};
	kcshim_vector_source source{};

	void add(Bytes k, Bytes assoc, Bytes ptext, unsigned int authsize, int setkey_error = 0,
		 int setauthsize_error = 0, int flip = -1)
	{
		Vec x{std::move(k), iv, std::move(assoc), std::move(ptext), {}, {}};
		Bytes ok_key = x.key.size() == TESTETM_KEY_SIZE ? x.key : key;
		x.ctext = reference_seal(ok_key, x.iv, x.assoc, x.ptext, std::max(authsize, 4u));
		x.ctext.resize(x.ptext.size() + authsize);
		if (flip >= 0)	// a bit of the associated data, then of the ciphertext and tag
			(flip < int(x.assoc.size()) ? x.assoc[flip] : x.ctext[flip - x.assoc.size()]) ^= 1;
		vecs.push_back(std::move(x));
		Vec &v = vecs.back();
		v.v = {nullptr, nullptr, nullptr, nullptr, nullptr, unsigned(v.key.size()),
		       unsigned(v.ptext.size()), unsigned(v.ctext.size()), unsigned(v.assoc.size()),
		       setkey_error, setauthsize_error, 0, flip >= 0, false};
	}

	OwnVectors()
	{
		vecs.reserve(16);
		add(key, {}, {}, 32);
		add(key, pattern(16, 1), pattern(37, 2), 16);
		add(key, pattern(5, 3), pattern(8, 4), 4);
		add(key, pattern(200, 5), pattern(300, 6), 12);
		add(key, pattern(16, 1), pattern(37, 2), 16, 0, 0, 16 + 37 + 3);	// tag bit
		add(key, pattern(16, 1), pattern(37, 2), 16, 0, 0, 2);		// assoc bit
		add(pattern(31, 9), {}, pattern(8, 1), 16, -EINVAL);		// key length
		add(key, {}, pattern(8, 1), 2, 0, -EINVAL);			// tag length
		for (Vec &x : vecs) {
			x.v.key = reinterpret_cast<const char *>(x.key.data());
			x.v.iv = reinterpret_cast<const char *>(x.iv.data());
			x.v.assoc = reinterpret_cast<const char *>(x.assoc.data());
			x.v.ptext = reinterpret_cast<const char *>(x.ptext.data());
			x.v.ctext = reinterpret_cast<const char *>(x.ctext.data());
			all.push_back(x.v);
			if (!x.v.novrfy)
				authentic.push_back(x.v);
		}
		suites[0] = {"testetm", nullptr, KCSHIM_SUITE_AEAD, all.data(), unsigned(all.size()),
			     false, false};
		suites[1] = {"testetm-auth", nullptr, KCSHIM_SUITE_AEAD, authentic.data(),
			     unsigned(authentic.size()), false, false};
		source = {"own", suites, 2};
	}
};

void register_own_vectors()
{
	static OwnVectors own;
	static bool done = kcshim_register_vector_source(&own.source) == 0;
	ASSERT_TRUE(done);
}

struct AlgRow {
	kcshim_alg_kind kind;
	int priority;
	unsigned int blocksize, ivsize, maxauthsize, chunksize;
	kcshim_selftest_state selftest;
};

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
				q->row = AlgRow{a->kind, a->priority, a->blocksize, a->ivsize,
						a->maxauthsize, a->chunksize, a->selftest};
			return 0;
		},
		&q);
	return q.row;
}

// One request over buffers split into scatterlist entries at the given offsets.
struct SplitBuffer {
	Bytes data;
	std::vector<struct scatterlist> sg;

	SplitBuffer(Bytes bytes, std::vector<size_t> cuts) : data(std::move(bytes))
	{
		cuts.push_back(0);
		cuts.push_back(data.size());
		std::sort(cuts.begin(), cuts.end());
		sg.resize(cuts.size() - 1);
		sg_init_table(sg.data(), unsigned(sg.size()));
		for (size_t i = 0; i + 1 < cuts.size(); i++)
			sg_set_buf(&sg[i], data.data() + cuts[i], unsigned(cuts[i + 1] - cuts[i]));
	}
};

// Runs one request; in place when dst is null.
int crypt(struct crypto_aead *tfm, bool enc, SplitBuffer &src, SplitBuffer *dst,
	  unsigned int assoclen, unsigned int cryptlen, Bytes nonce)
{
	AeadRequest req(aead_request_alloc(tfm, GFP_KERNEL));
	aead_request_set_callback(req.get(), 0, nullptr, nullptr);
	aead_request_set_crypt(req.get(), src.sg.data(), dst ? dst->sg.data() : src.sg.data(),
			       cryptlen, nonce.data());
	aead_request_set_ad(req.get(), assoclen);
	return enc ? crypto_aead_encrypt(req.get()) : crypto_aead_decrypt(req.get());
}

class AeadTest : public ::testing::Test {
protected:
	void SetUp() override { kcshim_init(); }
	void TearDown() override
	{
		for (auto it = registered.rbegin(); it != registered.rend(); ++it)
			crypto_unregister_aead(&(*it)->alg);
	}
	struct testetm_alg *reg(const char *driver, int priority,
				enum testetm_flavour flavour = TESTETM_PLAIN,
				const char *name = "testetm")
	{
		algs.push_back(std::make_unique<struct testetm_alg>());
		struct testetm_alg *t = algs.back().get();
		test_make_testetm(t, name, driver, priority, flavour);
		EXPECT_EQ(crypto_register_aead(&t->alg), 0) << driver << ": " << kcshim_last_error();
		registered.push_back(t);
		return t;
	}
	Aead alloc(const char *name)
	{
		struct crypto_aead *tfm = crypto_alloc_aead(name, 0, 0);
		EXPECT_FALSE(IS_ERR(tfm)) << name << ": " << PTR_ERR(tfm);
		return Aead(IS_ERR(tfm) ? nullptr : tfm);
	}
	std::vector<std::unique_ptr<struct testetm_alg>> algs;
	std::vector<struct testetm_alg *> registered;
};

using AeadApi = AeadTest;

TEST_F(AeadApi, RegistrationRefusesBadSizesAndCallbacks)
{
	struct Case {
		const char *what;
		void (*spoil)(struct aead_alg *);
	} cases[] = {
		{"maxauthsize over PAGE_SIZE / 8", [](auto *x) { x->maxauthsize = PAGE_SIZE / 8 + 1; }},
		{"ivsize over PAGE_SIZE / 8", [](auto *x) { x->ivsize = PAGE_SIZE / 8 + 1; }},
		{"chunksize over PAGE_SIZE / 8", [](auto *x) { x->chunksize = PAGE_SIZE / 4; }},
		{"alignmask not 2^n - 1", [](auto *x) { x->base.cra_alignmask = 5; }},
		{"no setkey", [](auto *x) { x->setkey = nullptr; }},
		{"no encrypt", [](auto *x) { x->encrypt = nullptr; }},
		{"no decrypt", [](auto *x) { x->decrypt = nullptr; }},
	};
	for (const Case &k : cases) {
		struct testetm_alg t;
		test_make_testetm(&t, "testetm", "testetm-bad", 100, TESTETM_PLAIN);
		k.spoil(&t.alg);
		EXPECT_EQ(crypto_register_aead(&t.alg), -EINVAL) << k.what;
		EXPECT_FALSE(listed("testetm-bad")) << k.what;
	}
}

TEST_F(AeadApi, RegistrationRefusesADriverNameTwiceAndIsAllOrNothing)
{
	reg("testetm-dup", 100);
	struct testetm_alg two[2];
	test_make_testetm(&two[0], "testetm", "testetm-first", 100, TESTETM_PLAIN);
	test_make_testetm(&two[1], "testetm", "testetm-dup", 200, TESTETM_PLAIN);
	struct aead_alg algs2[2] = {two[0].alg, two[1].alg};
	EXPECT_EQ(crypto_register_aeads(algs2, 2), -EEXIST);
	EXPECT_FALSE(listed("testetm-first")) << "the first of the two stayed registered";
	EXPECT_TRUE(listed("testetm-dup"));
}

TEST_F(AeadApi, ListedAsAnAeadWithItsSizes)
{
	reg("testetm-listed", 150);
	auto row = listed("testetm-listed");
	ASSERT_TRUE(row);
	EXPECT_EQ(row->kind, KCSHIM_KIND_AEAD);
	EXPECT_EQ(row->priority, 150);
	EXPECT_EQ(row->blocksize, 1u);
	EXPECT_EQ(row->ivsize, unsigned(TESTETM_IV_SIZE));
	EXPECT_EQ(row->maxauthsize, unsigned(TESTETM_MAX_AUTHSIZE));
	EXPECT_EQ(row->chunksize, 8u);

	// a chunksize of 0 becomes the block size, as aead_prepare_alg() makes it
	struct testetm_alg *t = algs.emplace_back(std::make_unique<struct testetm_alg>()).get();
	test_make_testetm(t, "testetm", "testetm-nochunk", 100, TESTETM_PLAIN);
	t->alg.chunksize = 0;
	t->alg.base.cra_blocksize = 8;
	ASSERT_EQ(crypto_register_aead(&t->alg), 0) << kcshim_last_error();
	registered.push_back(t);
	EXPECT_EQ(listed("testetm-nochunk")->chunksize, 8u);
	EXPECT_EQ(t->alg.base.cra_flags & CRYPTO_ALG_TYPE_MASK, unsigned(CRYPTO_ALG_TYPE_AEAD));
}

TEST_F(AeadApi, LookupTakesTheHighestPriorityOrTheDriverNamed)
{
	reg("testetm-low", 100);
	reg("testetm-high", 300);
	reg("testetm-mid", 200);
	Aead best = alloc("testetm");
	ASSERT_TRUE(best);
	EXPECT_STREQ(crypto_aead_driver_name(best.get()), "testetm-high");
	Aead named = alloc("testetm-low");
	ASSERT_TRUE(named);
	EXPECT_STREQ(crypto_aead_driver_name(named.get()), "testetm-low");
	EXPECT_EQ(crypto_has_aead("testetm", 0, 0), 1);
	EXPECT_EQ(crypto_has_alg("testetm", 0, 0), 1);

	EXPECT_EQ(PTR_ERR(crypto_alloc_aead("testetm-nonesuch", 0, 0)), -ENOENT);
	EXPECT_EQ(crypto_has_aead("testetm-nonesuch", 0, 0), 0);
	// an AEAD is no skcipher
	EXPECT_EQ(PTR_ERR(crypto_alloc_skcipher("testetm", 0, 0)), -ENOENT);
	// and a cipher is no AEAD
	EXPECT_EQ(PTR_ERR(crypto_alloc_aead("cast5", 0, 0)), -ENOENT);
}

TEST_F(AeadApi, TfmRunsInitAndExitAndStartsKeylessWithTheLongestTag)
{
	reg("testetm-life", 100);
	int inits = test_testetm_inits, exits = test_testetm_exits;
	{
		Aead tfm = alloc("testetm-life");
		ASSERT_TRUE(tfm);
		EXPECT_EQ(test_testetm_inits, inits + 1);
		EXPECT_EQ(test_testetm_exits, exits);
		EXPECT_EQ(crypto_aead_authsize(tfm.get()), unsigned(TESTETM_MAX_AUTHSIZE));
		EXPECT_GT(crypto_aead_reqsize(tfm.get()), sizeof(struct shash_desc));
		EXPECT_TRUE(crypto_aead_get_flags(tfm.get()) & CRYPTO_TFM_NEED_KEY);
		EXPECT_EQ(crypto_aead_ivsize(tfm.get()), unsigned(TESTETM_IV_SIZE));
		EXPECT_EQ(crypto_aead_chunksize(tfm.get()), 8u);
	}
	EXPECT_EQ(test_testetm_exits, exits + 1);
}

TEST_F(AeadApi, RequestsNeedAKeyAndAFailedSetkeyTakesItAway)
{
	reg("testetm-key", 100);
	Aead tfm = alloc("testetm-key");
	ASSERT_TRUE(tfm);
	SplitBuffer buf(Bytes(64), {});
	EXPECT_EQ(crypt(tfm.get(), true, buf, nullptr, 0, 16, iv), -ENOKEY);
	EXPECT_EQ(crypt(tfm.get(), false, buf, nullptr, 0, 48, iv), -ENOKEY);

	ASSERT_EQ(crypto_aead_setkey(tfm.get(), key.data(), unsigned(key.size())), 0);
	EXPECT_FALSE(crypto_aead_get_flags(tfm.get()) & CRYPTO_TFM_NEED_KEY);
	EXPECT_EQ(crypt(tfm.get(), true, buf, nullptr, 0, 16, iv), 0);

	EXPECT_EQ(crypto_aead_setkey(tfm.get(), key.data(), 31), -EINVAL);
	EXPECT_TRUE(crypto_aead_get_flags(tfm.get()) & CRYPTO_TFM_NEED_KEY);
	EXPECT_EQ(crypt(tfm.get(), true, buf, nullptr, 0, 16, iv), -ENOKEY);
}

TEST_F(AeadApi, SetauthsizeChecksItsLimitsThenAsksTheDriver)
{
	reg("testetm-tag", 100);
	Aead tfm = alloc("testetm-tag");
	ASSERT_TRUE(tfm);
	EXPECT_EQ(crypto_aead_setauthsize(tfm.get(), 0), -EINVAL);
	EXPECT_EQ(crypto_aead_setauthsize(tfm.get(), TESTETM_MAX_AUTHSIZE + 1), -EINVAL);
	EXPECT_EQ(crypto_aead_setauthsize(tfm.get(), TESTETM_MIN_AUTHSIZE - 1), -EINVAL);
	EXPECT_EQ(crypto_aead_authsize(tfm.get()), unsigned(TESTETM_MAX_AUTHSIZE))
		<< "a refused authsize changed the tfm";
	EXPECT_EQ(crypto_aead_setauthsize(tfm.get(), 12), 0);
	EXPECT_EQ(crypto_aead_authsize(tfm.get()), 12u);

	// the tag written is authsize long
	ASSERT_EQ(crypto_aead_setkey(tfm.get(), key.data(), unsigned(key.size())), 0);
	Bytes ptext = pattern(20, 4), room = ptext;
	room.resize(20 + 12 + 4, 0xaa);
	SplitBuffer buf(room, {});
	ASSERT_EQ(crypt(tfm.get(), true, buf, nullptr, 0, 20, iv), 0);
	EXPECT_EQ(Bytes(buf.data.begin(), buf.data.begin() + 32), reference_seal(key, iv, {}, ptext, 12));
	EXPECT_EQ(Bytes(buf.data.begin() + 32, buf.data.end()), Bytes(4, 0xaa));
}

TEST_F(AeadApi, DecryptionShorterThanTheTagIsEinvalBeforeTheDriver)
{
	reg("testetm-short", 100);
	Aead tfm = alloc("testetm-short");
	ASSERT_TRUE(tfm);
	ASSERT_EQ(crypto_aead_setkey(tfm.get(), key.data(), unsigned(key.size())), 0);
	ASSERT_EQ(crypto_aead_setauthsize(tfm.get(), 16), 0);
	SplitBuffer buf(Bytes(64), {});
	int decrypts = test_testetm_decrypts;
	EXPECT_EQ(crypt(tfm.get(), false, buf, nullptr, 8, 15, iv), -EINVAL);
	EXPECT_EQ(test_testetm_decrypts, decrypts);
	// exactly a tag: an empty message, whose tag is wrong here
	EXPECT_EQ(crypt(tfm.get(), false, buf, nullptr, 8, 16, iv), -EBADMSG);
	EXPECT_EQ(test_testetm_decrypts, decrypts + 1);
}

// Random lengths, tags and splits (entries cut anywhere, across the associated data's end), in
// and out of place: the output is the reference's, it decrypts back, and a flipped bit in the
// associated data or the tag is refused with -EBADMSG.
TEST_F(AeadApi, SealsAndOpensAsTheReferenceOverSplitScatterlists)
{
	reg("testetm-walk", 100);
	reg("testetm-walk-aligned", 100, TESTETM_ALIGNED);
	std::mt19937_64 rng(seed());
	for (const char *driver : {"testetm-walk", "testetm-walk-aligned"}) {
		Aead tfm = alloc(driver);
		ASSERT_TRUE(tfm);
		ASSERT_EQ(crypto_aead_setkey(tfm.get(), key.data(), unsigned(key.size())), 0);
		for (int round = 0; round < 200; round++) {
			size_t alen = rng() % 4 == 0 ? 0 : rng() % 300;
			size_t plen = rng() % 4 == 0 ? rng() % 16 : rng() % 700;
			unsigned int authsize = TESTETM_MIN_AUTHSIZE + rng() % 29;
			bool inplace = rng() % 2;
			auto cuts = [&](size_t total) {
				std::vector<size_t> c;
				for (size_t n = rng() % 5; n && total; n--)
					c.push_back(rng() % total);
				return c;
			};
			Bytes assoc = random_bytes(rng, alen), ptext = random_bytes(rng, plen);
			Bytes want = reference_seal(key, iv, assoc, ptext, authsize);
			std::string what = std::string(driver) + " alen=" + std::to_string(alen) +
					   " plen=" + std::to_string(plen) + " authsize=" +
					   std::to_string(authsize) + (inplace ? " in place" : "") +
					   " KCSHIM_TEST_SEED=" + std::to_string(seed());
			ASSERT_EQ(crypto_aead_setauthsize(tfm.get(), authsize), 0) << what;

			Bytes in = assoc;
			in.insert(in.end(), ptext.begin(), ptext.end());
			in.resize(alen + plen + (inplace ? authsize : 0));
			SplitBuffer src(in, cuts(in.size()));
			SplitBuffer dst(Bytes(alen + plen + authsize), cuts(alen + plen + authsize));
			ASSERT_EQ(crypt(tfm.get(), true, src, inplace ? nullptr : &dst, unsigned(alen),
					unsigned(plen), iv), 0) << what;
			Bytes &out = inplace ? src.data : dst.data;
			ASSERT_EQ(Bytes(out.begin() + alen, out.end()), want) << what;
			if (!inplace) {
				ASSERT_EQ(src.data, in) << what << ": the source changed";
			}

			// back: assoc || ciphertext || tag
			Bytes sealed = assoc;
			sealed.insert(sealed.end(), want.begin(), want.end());
			SplitBuffer csrc(sealed, cuts(sealed.size()));
			SplitBuffer cdst(Bytes(alen + plen), cuts(alen + plen));
			ASSERT_EQ(crypt(tfm.get(), false, csrc, inplace ? nullptr : &cdst,
					unsigned(alen), unsigned(plen + authsize), iv), 0) << what;
			Bytes &opened = inplace ? csrc.data : cdst.data;
			ASSERT_EQ(Bytes(opened.begin() + alen, opened.begin() + alen + plen), ptext)
				<< what;

			sealed[rng() % sealed.size()] ^= uint8_t(1u << (rng() % 8));
			SplitBuffer forged(sealed, cuts(sealed.size()));
			EXPECT_EQ(crypt(tfm.get(), false, forged, nullptr, unsigned(alen),
					unsigned(plen + authsize), iv), -EBADMSG) << what;
		}
	}
}

TEST(ScatterwalkFfwd, SkipsWholeEntriesAndSplitsTheOneItEndsIn)
{
	Bytes data = pattern(30, 0);
	struct scatterlist sg[3], tmp[2];
	sg_init_table(sg, 3);
	sg_set_buf(&sg[0], data.data(), 10);
	sg_set_buf(&sg[1], data.data() + 10, 5);
	sg_set_buf(&sg[2], data.data() + 15, 15);

	EXPECT_EQ(scatterwalk_ffwd(tmp, sg, 0), &sg[0]);
	EXPECT_EQ(scatterwalk_ffwd(tmp, sg, 10), &sg[1]);
	EXPECT_EQ(scatterwalk_ffwd(tmp, sg, 15), &sg[2]);

	struct scatterlist *s = scatterwalk_ffwd(tmp, sg, 12);
	ASSERT_EQ(s, tmp);
	EXPECT_EQ(sg_virt(s), data.data() + 12);
	EXPECT_EQ(s->length, 3u);
	EXPECT_EQ(sg_next(s), &sg[2]) << "the rest of the list is chained after the split entry";

	s = scatterwalk_ffwd(tmp, sg, 20);
	ASSERT_EQ(s, tmp);
	EXPECT_EQ(sg_virt(s), data.data() + 20);
	EXPECT_EQ(s->length, 10u);
	EXPECT_EQ(sg_next(s), nullptr) << "the last entry's remainder ends the list";
}

// The self-tests of AEAD vector suites.
class AeadSelftest : public AeadTest {
protected:
	void SetUp() override
	{
		AeadTest::SetUp();
		register_own_vectors();
	}
	struct Row {
		std::string alg, source, message;
		unsigned int vectors, runs;
		bool passed;
		kcshim_selftest_row row;
	};
	std::vector<Row> selftest(const char *driver, unsigned int fuzz_iterations = 0)
	{
		std::vector<Row> rows;
		kcshim_selftest_options opts{fuzz_iterations, seed(), nullptr};
		int ret = kcshim_selftest_with(
			driver, fuzz_iterations ? &opts : nullptr,
			[](const kcshim_selftest_result *r, void *arg) {
				static_cast<std::vector<Row> *>(arg)->push_back(
					{r->alg, r->source, r->message, r->vectors, r->runs, r->passed,
					 r->row});
			},
			&rows);
		EXPECT_GE(ret, 0) << driver;
		return rows;
	}
};

TEST_F(AeadSelftest, OwnVectorsPassUnderEveryConfiguration)
{
	reg("testetm-vectors", 100);
	EXPECT_EQ(listed("testetm-vectors")->selftest, KCSHIM_SELFTEST_PASSED);
	auto rows = selftest("testetm-vectors");
	ASSERT_EQ(rows.size(), 1u);
	EXPECT_TRUE(rows[0].passed) << rows[0].message;
	EXPECT_EQ(rows[0].vectors, 8u);
	// 4 authentic vectors x 2 directions x 8 configurations, 2 inauthentic ones decrypted
	// under each, the refused key and tag once each
	EXPECT_EQ(rows[0].runs, 4u * 2 * 8 + 2 * 8 + 2 * 2);
}

TEST_F(AeadSelftest, AnAlignmaskIsHonouredForKeysAndWalkSteps)
{
	reg("testetm-aligned", 100, TESTETM_ALIGNED);
	const char *message = nullptr;
	EXPECT_EQ(kcshim_driver_selftest_state("testetm-aligned", &message),
		  KCSHIM_SELFTEST_PASSED)
		<< message;
}

TEST_F(AeadSelftest, ATagWrittenPastItsEndIsCaught)
{
	reg("testetm-overrun", 100, TESTETM_TAG_OVERRUN);
	const char *message = nullptr;
	EXPECT_EQ(kcshim_driver_selftest_state("testetm-overrun", &message),
		  KCSHIM_SELFTEST_FAILED);
	EXPECT_NE(std::string(message).find("alg: aead: testetm-overrun encryption test failed "
					    "(buffer overrun) on test vector 1"),
		  std::string::npos)
		<< message;
	EXPECT_EQ(PTR_ERR(crypto_alloc_aead("testetm-overrun", 0, 0)), -ENOENT)
		<< "a driver that failed its self-tests was returned";
}

TEST_F(AeadSelftest, ADecryptionThatDoesNotVerifyTheTagIsCaught)
{
	reg("testetm-noverify", 100, TESTETM_NO_VERIFY);
	const char *message = nullptr;
	EXPECT_EQ(kcshim_driver_selftest_state("testetm-noverify", &message),
		  KCSHIM_SELFTEST_FAILED);
	EXPECT_NE(std::string(message).find("decryption unexpectedly succeeded (expected -EBADMSG) "
					    "on test vector 5"),
		  std::string::npos)
		<< message;
}

using AeadExtra = AeadSelftest;

TEST_F(AeadExtra, ComparedWithTheGenericDriverOnRandomCases)
{
	reg("testetm-generic", 100);
	reg("testetm-fast", 200, TESTETM_ALIGNED);
	auto rows = selftest("testetm-fast", 10);
	ASSERT_EQ(rows.size(), 2u);
	EXPECT_TRUE(rows[0].passed) << rows[0].message;
	EXPECT_EQ(rows[1].row, KCSHIM_ROW_EXTRA);
	EXPECT_EQ(rows[1].source, "vs testetm-generic");
	EXPECT_EQ(rows[1].vectors, 80u);
	EXPECT_GT(rows[1].runs, 80u);
	EXPECT_TRUE(rows[1].passed) << rows[1].message << " KCSHIM_TEST_SEED=" << seed();
}

// Vectors without inauthentic ones let a driver that never checks its tag through; the random
// inauthentic cases (from the generic driver and from the driver's own messages) do not.
TEST_F(AeadExtra, InauthenticInputsCatchADriverThatDoesNotVerify)
{
	reg("testetm-auth-generic", 100, TESTETM_PLAIN, "testetm-auth");
	reg("testetm-auth-noverify", 200, TESTETM_NO_VERIFY, "testetm-auth");
	auto rows = selftest("testetm-auth-noverify", 10);
	ASSERT_EQ(rows.size(), 2u);
	EXPECT_TRUE(rows[0].passed) << rows[0].message;
	EXPECT_EQ(rows[1].row, KCSHIM_ROW_EXTRA);
	EXPECT_FALSE(rows[1].passed) << "KCSHIM_TEST_SEED=" << seed();
	EXPECT_NE(rows[1].message.find("decryption unexpectedly succeeded (expected -EBADMSG)"),
		  std::string::npos)
		<< rows[1].message;
	EXPECT_EQ(kcshim_driver_selftest_state("testetm-auth-noverify", nullptr),
		  KCSHIM_SELFTEST_FAILED);
}

TEST_F(AeadExtra, WithoutAGenericDriverItIsTestedByItsVectorsOnly)
{
	reg("testetm-alone", 100, TESTETM_PLAIN);
	auto rows = selftest("testetm-alone", 10);
	ASSERT_EQ(rows.size(), 2u);
	EXPECT_TRUE(rows[0].passed) << rows[0].message;
	EXPECT_EQ(rows[1].row, KCSHIM_ROW_NOT_COMPARED);
	EXPECT_EQ(rows[1].source, "vs testetm-generic");
	EXPECT_NE(rows[1].message.find("no generic driver testetm-generic"), std::string::npos)
		<< rows[1].message;
	EXPECT_NE(rows[1].message.find("tested by its vectors only"), std::string::npos)
		<< rows[1].message;
	EXPECT_EQ(kcshim_driver_selftest_state("testetm-alone", nullptr), KCSHIM_SELFTEST_PASSED);
}

}  // namespace
