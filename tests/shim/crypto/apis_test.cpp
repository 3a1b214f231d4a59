// SPDX-License-Identifier: GPL-2.0
// Consumer API semantics: keys, errors, shash call equivalences, templates.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include <kcshim/kcshim.h>

#include "tests/shim/test_drivers.h"
#include "tests/support/kernel_api.h"

using namespace kcshim::test;

namespace {

std::vector<uint8_t> pattern(size_t n)
{
	std::vector<uint8_t> v(n);
	for (size_t i = 0; i < n; i++)
		v[i] = static_cast<uint8_t>(i * 7 + 3);
	return v;
}

TEST(Cipher, KeyLengthOutsideLimitsIsEinval)
{
	Cipher tfm(crypto_alloc_cipher("cast5", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	uint8_t key[17] = {};
	EXPECT_EQ(crypto_cipher_setkey(tfm.get(), key, 4), -EINVAL);
	EXPECT_EQ(crypto_cipher_setkey(tfm.get(), key, 17), -EINVAL);
	EXPECT_EQ(crypto_cipher_setkey(tfm.get(), key, 16), 0);
}

TEST(Skcipher, EncryptBeforeSetkeyIsEnokey)
{
	Skcipher tfm(crypto_alloc_skcipher("cbc(cast5)", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	std::vector<uint8_t> buf(16);
	uint8_t iv[8] = {};
	EXPECT_EQ(skcipher_crypt(tfm.get(), true, buf, iv), -ENOKEY);
	uint8_t key[16] = {};
	EXPECT_EQ(crypto_skcipher_setkey(tfm.get(), key, 3), -EINVAL);
	EXPECT_EQ(skcipher_crypt(tfm.get(), true, buf, iv), -ENOKEY);
	ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key, 16), 0);
	EXPECT_EQ(skcipher_crypt(tfm.get(), true, buf, iv), 0);
}

TEST(Skcipher, PartialBlockIsEinvalForEcbAndCbc)
{
	for (const char *name : {"ecb(cast5)", "cbc(cast5)"}) {
		Skcipher tfm(crypto_alloc_skcipher(name, 0, 0));
		ASSERT_FALSE(IS_ERR(tfm.get()));
		uint8_t key[16] = {}, iv[8] = {};
		ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key, 16), 0);
		std::vector<uint8_t> buf(13);
		EXPECT_EQ(skcipher_crypt(tfm.get(), true, buf, iv), -EINVAL) << name;
	}
}

TEST(Shash, DigestEqualsInitUpdateFinalAndFinup)
{
	Shash tfm(crypto_alloc_shash("sha512", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	auto data = pattern(1000);
	auto want = digest(tfm.get(), data);
	ASSERT_EQ(want.size(), 64u);

	std::vector<uint8_t> got(64);
	Desc d(tfm.get());
	ASSERT_EQ(crypto_shash_init(d.get()), 0);
	ASSERT_EQ(crypto_shash_update(d.get(), data.data(), 300), 0);
	ASSERT_EQ(crypto_shash_update(d.get(), data.data() + 300, 0), 0);
	ASSERT_EQ(crypto_shash_update(d.get(), data.data() + 300, 700), 0);
	ASSERT_EQ(crypto_shash_final(d.get(), got.data()), 0);
	EXPECT_EQ(got, want);

	ASSERT_EQ(crypto_shash_init(d.get()), 0);
	ASSERT_EQ(crypto_shash_update(d.get(), data.data(), 129), 0);
	ASSERT_EQ(crypto_shash_finup(d.get(), data.data() + 129, 871, got.data()), 0);
	EXPECT_EQ(got, want);
}

// An ahash of a shash driver: the same digest over a scatterlist of several entries; an unknown
// name is -ENOENT, as for every type.
TEST(Ahash, DigestOverAScatterlistEqualsTheShash)
{
	Shash shash(crypto_alloc_shash("sha512", 0, 0));
	Ahash ahash(crypto_alloc_ahash("sha512", 0, 0));
	ASSERT_FALSE(IS_ERR(shash.get()));
	ASSERT_FALSE(IS_ERR(ahash.get())) << PTR_ERR(ahash.get());
	EXPECT_STREQ(crypto_ahash_driver_name(ahash.get()), crypto_shash_driver_name(shash.get()));
	EXPECT_EQ(crypto_ahash_digestsize(ahash.get()), 64u);
	EXPECT_EQ(crypto_ahash_blocksize(ahash.get()), 128u);
	auto data = pattern(1000);
	auto want = digest(shash.get(), data);

	struct scatterlist sg[4];
	sg_init_table(sg, 4);
	sg_set_buf(&sg[0], data.data(), 1);
	sg_set_buf(&sg[1], data.data() + 1, 500);
	sg_set_buf(&sg[2], data.data() + 501, 499);
	sg_set_buf(&sg[3], data.data() + 1000, 0);
	AhashRequest req(ahash_request_alloc(ahash.get(), GFP_KERNEL));
	ASSERT_TRUE(req);
	std::vector<uint8_t> got(64);
	ahash_request_set_crypt(req.get(), sg, got.data(), 1000);
	ASSERT_EQ(crypto_ahash_digest(req.get()), 0);
	EXPECT_EQ(got, want);

	ASSERT_EQ(crypto_ahash_init(req.get()), 0);
	ASSERT_EQ(crypto_ahash_update(req.get()), 0);
	std::fill(got.begin(), got.end(), 0);
	ASSERT_EQ(crypto_ahash_final(req.get()), 0);
	EXPECT_EQ(got, want);

	EXPECT_EQ(PTR_ERR(crypto_alloc_ahash("no-such-hash", 0, 0)), -ENOENT);
	EXPECT_EQ(crypto_has_ahash("no-such-hash", 0, 0), 0);
	EXPECT_EQ(crypto_has_ahash("sha512", 0, 0), 1);
}

TEST(Shash, ExportImportRoundTrip)
{
	Shash tfm(crypto_alloc_shash("sha512", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	auto data = pattern(777);
	auto want = digest(tfm.get(), data);

	Desc a(tfm.get()), b(tfm.get());
	std::vector<uint8_t> state(crypto_shash_statesize(tfm.get())), got(64);
	ASSERT_EQ(crypto_shash_init(a.get()), 0);
	ASSERT_EQ(crypto_shash_update(a.get(), data.data(), 333), 0);
	ASSERT_EQ(crypto_shash_export(a.get(), state.data()), 0);
	ASSERT_EQ(crypto_shash_import(b.get(), state.data()), 0);
	ASSERT_EQ(crypto_shash_finup(b.get(), data.data() + 333, 444, got.data()), 0);
	EXPECT_EQ(got, want);
}

TEST(Shash, UnkeyedSetkeyIsEnosys)
{
	Shash tfm(crypto_alloc_shash("sha512", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	uint8_t key[4] = {};
	EXPECT_EQ(crypto_shash_setkey(tfm.get(), key, 4), -ENOSYS);
}

class Template : public ::testing::Test {
protected:
	void SetUp() override
	{
		kcshim_init();
		ASSERT_EQ(crypto_register_alg(test_xor_cipher()), 0) << kcshim_last_error();
	}
	void TearDown() override { crypto_unregister_alg(test_xor_cipher()); }
	const uint8_t key[5] = {1, 2, 3, 4, 5};
};

TEST_F(Template, CbcMatchesHandComputedChain)
{
	Skcipher tfm(crypto_alloc_skcipher("cbc(testxor)", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	EXPECT_STREQ(crypto_skcipher_driver_name(tfm.get()), "cbc(testxor-generic)");
	ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key, sizeof(key)), 0);

	auto plain = pattern(40);
	uint8_t iv0[8] = {9, 8, 7, 6, 5, 4, 3, 2};
	std::vector<uint8_t> want(40);
	uint8_t chain[8];
	memcpy(chain, iv0, 8);
	for (size_t off = 0; off < 40; off += 8) {
		uint8_t x[8];
		for (int i = 0; i < 8; i++)
			x[i] = plain[off + i] ^ chain[i];
		test_xor_encrypt_block(key, sizeof(key), &want[off], x);
		memcpy(chain, &want[off], 8);
	}

	auto buf = plain;
	uint8_t iv[8];
	memcpy(iv, iv0, 8);
	ASSERT_EQ(skcipher_crypt(tfm.get(), true, buf, iv), 0);
	EXPECT_EQ(buf, want);
	EXPECT_EQ(0, memcmp(iv, chain, 8)) << "output IV is the last ciphertext block";
	memcpy(iv, iv0, 8);
	ASSERT_EQ(skcipher_crypt(tfm.get(), false, buf, iv), 0);
	EXPECT_EQ(buf, plain);
}

TEST_F(Template, CtrMatchesHandComputedKeystream)
{
	Skcipher tfm(crypto_alloc_skcipher("ctr(testxor)", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key, sizeof(key)), 0);

	auto plain = pattern(21);	// two blocks and a partial one
	uint8_t ctr[8] = {0, 0, 0, 0, 0, 0, 0, 0xff};
	std::vector<uint8_t> want(21);
	uint8_t c[8];
	memcpy(c, ctr, 8);
	for (size_t off = 0; off < 21; off += 8) {
		uint8_t ks[8];
		test_xor_encrypt_block(key, sizeof(key), ks, c);
		for (size_t i = 0; i < 8 && off + i < 21; i++)
			want[off + i] = plain[off + i] ^ ks[i];
		crypto_inc(c, 8);	// big-endian, carrying across bytes
	}
	auto buf = plain;
	uint8_t iv[8];
	memcpy(iv, ctr, 8);
	ASSERT_EQ(skcipher_crypt(tfm.get(), true, buf, iv), 0);
	EXPECT_EQ(buf, want);
	EXPECT_EQ(0, memcmp(iv, c, 8));
}

TEST(Module, LoadWithSuffixUnloadAndBusy)
{
	kcshim_init();
	struct kcshim_module *mod = nullptr;
	ASSERT_EQ(kcshim_load_module(KCSHIM_TEST_MODULE, "after", &mod), 0) << kcshim_last_error();
	Shash tfm(crypto_alloc_shash("fnv32", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	EXPECT_STREQ(crypto_shash_driver_name(tfm.get()), "fnv32-module@after");
	EXPECT_EQ(kcshim_unload_module(mod), -EBUSY);
	tfm.reset();
	EXPECT_EQ(kcshim_unload_module(mod), 0);
	struct crypto_shash *gone = crypto_alloc_shash("fnv32-module@after", 0, 0);
	EXPECT_TRUE(IS_ERR(gone));
	EXPECT_EQ(kcshim_load_module("/nonexistent.so", nullptr, nullptr), -ENOENT);
}

// A module whose driver is already registered fails as the kernel's would (-EEXIST), and its one
// line says which driver collided with whose, and that a suffix lets both register.
TEST(Module, CollisionNamesTheDriverAndSuggestsASuffix)
{
	kcshim_init();
	struct kcshim_module *first = nullptr;
	ASSERT_EQ(kcshim_load_module(KCSHIM_TEST_MODULE, "before", &first), 0) << kcshim_last_error();
	EXPECT_EQ(kcshim_load_module(KCSHIM_TEST_MODULE, "before", nullptr), -EEXIST);
	std::string why = kcshim_last_error();
	EXPECT_NE(why.find("driver name collision: fnv32-module@before vs fnv32-module@before of "
			   "module "), std::string::npos) << why;
	EXPECT_NE(why.find("load it with a suffix (-m FILE@before)"), std::string::npos) << why;
	EXPECT_EQ(kcshim_unload_module(first), 0);
}

}  // namespace
