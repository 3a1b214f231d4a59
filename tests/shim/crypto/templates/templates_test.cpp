// SPDX-License-Identifier: GPL-2.0
// Templates registered by modules (crypto_register_templates(), struct crypto_template): the
// instance made on lookup by the template's create(), spawns that hold what it is built on,
// skcipher_alloc_instance_simple(), a keyed shash instance (shash_register_instance()) and an
// ahash over it, bad names and types, the instance's removal with its template's module or with
// the algorithm under it, and a module unload refused while an instance is in use. The templates
// are tests/shim/crypto/templates/template_test_module.c's.
#include <gtest/gtest.h>

#include <kcshim/kcshim.h>

#include <crypto/algapi.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>
#include <linux/err.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "tests/shim/test_drivers.h"
#include "tests/support/kernel_api.h"

using namespace kcshim::test;
using Bytes = std::vector<uint8_t>;

namespace {

// The registered driver of that driver name, if any.
std::optional<kcshim_alg_info> info_of(const std::string &driver)
{
	struct Find {
		std::string driver;
		std::optional<kcshim_alg_info> found;
	} f{driver, std::nullopt};
	kcshim_for_each_alg(
		[](const struct kcshim_alg_info *info, void *arg) {
			auto *f = static_cast<Find *>(arg);
			if (f->driver != info->driver)
				return 0;
			f->found = *info;
			return 1;
		},
		&f);
	return f.found;
}

int alloc_error(const char *name)
{
	struct crypto_skcipher *tfm = crypto_alloc_skcipher(name, 0, 0);
	if (!IS_ERR(tfm)) {
		crypto_free_skcipher(tfm);
		return 0;
	}
	return static_cast<int>(PTR_ERR(tfm));
}

// Encrypts a fixed 64-byte message with a fixed key (and IV, when the tfm has one).
Bytes encrypt(struct crypto_skcipher *tfm)
{
	Bytes key(16), buf(64);
	for (size_t i = 0; i < key.size(); i++)
		key[i] = static_cast<uint8_t>(0x11 * i + 1);
	for (size_t i = 0; i < buf.size(); i++)
		buf[i] = static_cast<uint8_t>(7 * i);
	uint8_t iv[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	if (crypto_skcipher_setkey(tfm, key.data(), static_cast<unsigned>(key.size())) ||
	    skcipher_crypt(tfm, true, buf, iv))
		return {};
	return buf;
}

// cbcmacs(cast5)'s reference: CBC-MAC block by block through the cipher API, the last partial
// block zero-padded (XORing nothing into it).
Bytes cbcmac_cast5(const Bytes &key, const Bytes &msg)
{
	Cipher cast5(crypto_alloc_cipher("cast5", 0, 0));
	if (IS_ERR(cast5.get()) ||
	    crypto_cipher_setkey(cast5.get(), key.data(), static_cast<unsigned>(key.size())))
		return {};
	Bytes mac(8);
	for (size_t at = 0; at < msg.size(); at += 8) {
		for (size_t i = at; i < std::min(at + 8, msg.size()); i++)
			mac[i - at] ^= msg[i];
		crypto_cipher_encrypt_one(cast5.get(), mac.data(), mac.data());
	}
	return mac;
}

Bytes counting(size_t n, unsigned step)
{
	Bytes v(n);
	for (size_t i = 0; i < n; i++)
		v[i] = static_cast<uint8_t>(step * i + 1);
	return v;
}

class Templates : public ::testing::Test {
protected:
	void SetUp() override
	{
		kcshim_init();
		ASSERT_EQ(kcshim_load_module(KCSHIM_TEMPLATE_TEST_MODULE, nullptr, &mod_), 0)
			<< kcshim_last_error();
	}
	void TearDown() override
	{
		if (mod_) {
			EXPECT_EQ(kcshim_unload_module(mod_), 0) << kcshim_last_error();
		}
	}
	struct kcshim_module *mod_ = nullptr;
};

// The inner is named by its driver throughout: on x86-64, cbc(cast5) itself is an x86 driver.
TEST_F(Templates, InstanceMadeOnLookupActsAsItsInner)
{
	Skcipher pass(crypto_alloc_skcipher("pass(cbc(cast5-generic))", 0, 0));
	ASSERT_FALSE(IS_ERR(pass.get())) << PTR_ERR(pass.get()) << " " << kcshim_last_error();
	EXPECT_STREQ(crypto_skcipher_driver_name(pass.get()), "pass(cbc(cast5-generic))");
	auto info = info_of("pass(cbc(cast5-generic))");
	ASSERT_TRUE(info);
	EXPECT_STREQ(info->name, "pass(cbc(cast5))");
	EXPECT_TRUE(info->instance);
	EXPECT_TRUE(info->flags & CRYPTO_ALG_INSTANCE);
	EXPECT_EQ(info->ivsize, 8u);
	EXPECT_STREQ(info->module, kcshim_module_name(mod_));

	Skcipher cbc(crypto_alloc_skcipher("cbc(cast5)", 0, 0));
	ASSERT_FALSE(IS_ERR(cbc.get()));
	Bytes want = encrypt(cbc.get());
	ASSERT_FALSE(want.empty());
	EXPECT_EQ(encrypt(pass.get()), want);
}

TEST_F(Templates, SimpleInstanceOverACipher)
{
	Skcipher ecbs(crypto_alloc_skcipher("ecbs(cast5)", 0, 0));
	ASSERT_FALSE(IS_ERR(ecbs.get())) << PTR_ERR(ecbs.get()) << " " << kcshim_last_error();
	EXPECT_STREQ(crypto_skcipher_driver_name(ecbs.get()), "ecbs(cast5-generic)");
	EXPECT_EQ(crypto_skcipher_min_keysize(ecbs.get()), 5u);
	EXPECT_EQ(crypto_skcipher_max_keysize(ecbs.get()), 16u);
	EXPECT_EQ(crypto_skcipher_blocksize(ecbs.get()), 8u);

	Skcipher ecb(crypto_alloc_skcipher("ecb(cast5)", 0, 0));
	ASSERT_FALSE(IS_ERR(ecb.get()));
	Bytes want = encrypt(ecb.get());
	ASSERT_FALSE(want.empty());
	EXPECT_EQ(encrypt(ecbs.get()), want);
}

TEST_F(Templates, BadNamesAndTypes)
{
	EXPECT_EQ(alloc_error("pass(nope)"), -ENOENT);
	EXPECT_EQ(alloc_error("nosuch(cast5)"), -ENOENT);
	EXPECT_EQ(alloc_error("pass(cbc(cast5)"), -ENOENT);
	EXPECT_EQ(alloc_error("pass()"), -ENOENT);
	EXPECT_EQ(alloc_error("pass(,cbc(cast5))"), -ENOENT);
	EXPECT_EQ(alloc_error("ecbs(sha3-256)"), -ENOENT);
	// create() refuses an inner without an IV, as cts refuses what is not cbc
	EXPECT_EQ(alloc_error("pass(ecb(cast5))"), -EINVAL);
	EXPECT_FALSE(info_of("pass(ecb(cast5-generic))"));
	// the template makes skciphers: an AEAD of that name is refused by crypto_check_attr_type()
	struct crypto_aead *aead = crypto_alloc_aead("pass(cbc(cast5))", 0, 0);
	ASSERT_TRUE(IS_ERR(aead));
	EXPECT_EQ(PTR_ERR(aead), -EINVAL);
	EXPECT_FALSE(info_of("pass(cbc(cast5-generic))"));
}

TEST_F(Templates, SecondTemplateOfANameRefused)
{
	struct crypto_template dup = {};
	dup.create = [](struct crypto_template *, struct rtattr **) { return -EIO; };
	strcpy(dup.name, "pass");
	EXPECT_EQ(crypto_register_template(&dup), -EEXIST);
	struct crypto_template nameless = {};
	nameless.create = dup.create;
	EXPECT_EQ(crypto_register_template(&nameless), -EINVAL);
	EXPECT_NE(crypto_lookup_template("ecbs"), nullptr);
	EXPECT_EQ(crypto_lookup_template("nosuch"), nullptr);
}

TEST_F(Templates, KeyedShashInstanceOverACipher)
{
	Shash mac(crypto_alloc_shash("cbcmacs(cast5)", 0, 0));
	ASSERT_FALSE(IS_ERR(mac.get())) << PTR_ERR(mac.get()) << " " << kcshim_last_error();
	EXPECT_STREQ(crypto_shash_driver_name(mac.get()), "cbcmacs(cast5-generic)");
	EXPECT_EQ(crypto_shash_digestsize(mac.get()), 8u);
	auto info = info_of("cbcmacs(cast5-generic)");
	ASSERT_TRUE(info);
	EXPECT_TRUE(info->instance);
	EXPECT_STREQ(info->module, kcshim_module_name(mod_));

	Desc desc(mac.get());
	EXPECT_EQ(crypto_shash_init(desc.get()), -ENOKEY);
	Bytes key = counting(16, 0x11), msg = counting(37, 7), out(8);
	ASSERT_EQ(crypto_shash_setkey(mac.get(), key.data(), 16), 0);
	ASSERT_EQ(crypto_shash_digest(desc.get(), msg.data(), 37, out.data()), 0);
	EXPECT_EQ(out, cbcmac_cast5(key, msg));
	EXPECT_EQ(crypto_shash_setkey(mac.get(), key.data(), 3), -EINVAL);	// cast5 takes 5..16
}

// An ahash tfm runs the shash instance: the scatterlist's entries in order, the key state
// (-ENOKEY until a key is set), export and import between requests.
TEST_F(Templates, AhashOverAShashInstance)
{
	Ahash mac(crypto_alloc_ahash("cbcmacs(cast5)", 0, 0));
	ASSERT_FALSE(IS_ERR(mac.get())) << PTR_ERR(mac.get()) << " " << kcshim_last_error();
	EXPECT_STREQ(crypto_ahash_driver_name(mac.get()), "cbcmacs(cast5-generic)");
	EXPECT_EQ(crypto_ahash_digestsize(mac.get()), 8u);
	AhashRequest req(ahash_request_alloc(mac.get(), GFP_KERNEL));
	ASSERT_TRUE(req);

	Bytes key = counting(16, 0x11), msg = counting(37, 7), out(8);
	struct scatterlist sg[3];
	sg_init_table(sg, 3);
	sg_set_buf(&sg[0], msg.data(), 10);
	sg_set_buf(&sg[1], msg.data() + 10, 0);
	sg_set_buf(&sg[2], msg.data() + 10, 27);
	ahash_request_set_callback(req.get(), 0, nullptr, nullptr);
	ahash_request_set_crypt(req.get(), sg, out.data(), 37);
	EXPECT_EQ(crypto_ahash_digest(req.get()), -ENOKEY);
	EXPECT_EQ(crypto_ahash_setkey(mac.get(), key.data(), 3), -EINVAL);
	EXPECT_EQ(crypto_ahash_init(req.get()), -ENOKEY);
	ASSERT_EQ(crypto_ahash_setkey(mac.get(), key.data(), 16), 0);

	Bytes want = cbcmac_cast5(key, msg);
	ASSERT_EQ(crypto_ahash_digest(req.get()), 0);
	EXPECT_EQ(out, want);

	// 15 bytes, the state exported into a second request, the other 22 there
	ASSERT_EQ(crypto_ahash_init(req.get()), 0);
	ahash_request_set_crypt(req.get(), sg, nullptr, 15);
	ASSERT_EQ(crypto_ahash_update(req.get()), 0);
	Bytes state(crypto_ahash_statesize(mac.get()));
	ASSERT_EQ(crypto_ahash_export(req.get(), state.data()), 0);
	AhashRequest second(ahash_request_alloc(mac.get(), GFP_KERNEL));
	ASSERT_TRUE(second);
	ASSERT_EQ(crypto_ahash_import(second.get(), state.data()), 0);
	struct scatterlist rest;
	sg_init_one(&rest, msg.data() + 15, 22);
	std::fill(out.begin(), out.end(), 0);
	ahash_request_set_crypt(second.get(), &rest, out.data(), 22);
	ASSERT_EQ(crypto_ahash_finup(second.get()), 0);
	EXPECT_EQ(out, want);

	// more bytes than the list holds
	ahash_request_set_crypt(req.get(), sg, out.data(), 38);
	EXPECT_EQ(crypto_ahash_digest(req.get()), -EINVAL);
}

// crypto_clone_cipher(): a second tfm of the driver with the first's key, which outlives it.
TEST_F(Templates, ClonedCipherKeepsTheKey)
{
	Cipher cast5(crypto_alloc_cipher("cast5", 0, 0));
	ASSERT_FALSE(IS_ERR(cast5.get()));
	Bytes key = counting(16, 3), block = counting(8, 5), want(8), got(8);
	ASSERT_EQ(crypto_cipher_setkey(cast5.get(), key.data(), 16), 0);
	crypto_cipher_encrypt_one(cast5.get(), want.data(), block.data());
	Cipher clone(crypto_clone_cipher(cast5.get()));
	ASSERT_FALSE(IS_ERR(clone.get())) << PTR_ERR(clone.get());
	EXPECT_NE(clone.get(), cast5.get());
	cast5.reset();
	crypto_cipher_encrypt_one(clone.get(), got.data(), block.data());
	EXPECT_EQ(got, want);
}

// The spawn pins cbc(cast5-generic) (refcnt 1 registered + 1 per holder) from create() until
// the instance is freed with its template; a tfm of the instance holds a child tfm besides.
TEST_F(Templates, SpawnHoldsTheInnerUntilTheInstanceGoes)
{
	ASSERT_EQ(kcshim_instantiate("pass(cbc(cast5-generic))"), 0) << kcshim_last_error();
	EXPECT_EQ(kcshim_instantiate("pass(cbc(cast5-generic))"), -EEXIST);
	auto inner = info_of("cbc(cast5-generic)");
	ASSERT_TRUE(inner);
	EXPECT_EQ(inner->refcnt, 2u);
	{
		Skcipher pass(crypto_alloc_skcipher("pass(cbc(cast5-generic))", 0, 0));
		ASSERT_FALSE(IS_ERR(pass.get()));
		EXPECT_EQ(info_of("cbc(cast5-generic)")->refcnt, 3u);
	}
	EXPECT_EQ(info_of("cbc(cast5-generic)")->refcnt, 2u);

	ASSERT_EQ(kcshim_unload_module(mod_), 0) << kcshim_last_error();
	mod_ = nullptr;
	EXPECT_FALSE(info_of("pass(cbc(cast5-generic))"));
	auto after = info_of("cbc(cast5-generic)");
	ASSERT_TRUE(after);
	EXPECT_EQ(after->refcnt, 1u);
	EXPECT_EQ(alloc_error("pass(cbc(cast5))"), -ENOENT);
}

TEST_F(Templates, UnloadRefusedWhileAnInstanceIsInUse)
{
	Skcipher pass(crypto_alloc_skcipher("pass(cbc(cast5-generic))", 0, 0));
	ASSERT_FALSE(IS_ERR(pass.get()));
	EXPECT_EQ(kcshim_unload_module(mod_), -EBUSY);
	EXPECT_TRUE(info_of("pass(cbc(cast5-generic))"));
	EXPECT_FALSE(encrypt(pass.get()).empty());
	pass.reset();
	EXPECT_EQ(kcshim_unload_module(mod_), 0) << kcshim_last_error();
	mod_ = nullptr;
	EXPECT_FALSE(info_of("pass(cbc(cast5-generic))"));
}

// Unregistering the cipher removes what is built on it: cbc() over it and pass() over that.
TEST_F(Templates, RemovingTheInnerRemovesTheInstance)
{
	struct crypto_alg *xor_alg = test_xor_cipher();
	ASSERT_EQ(crypto_register_alg(xor_alg), 0) << kcshim_last_error();
	std::string name = std::string("pass(cbc(") + xor_alg->cra_name + "))";
	std::string driver = std::string("pass(cbc(") + xor_alg->cra_driver_name + "))";
	ASSERT_EQ(kcshim_instantiate(name.c_str()), 0) << kcshim_last_error();
	EXPECT_TRUE(info_of(driver));
	crypto_unregister_alg(xor_alg);
	EXPECT_FALSE(info_of(driver));
	EXPECT_FALSE(info_of(std::string("cbc(") + xor_alg->cra_driver_name + ")"));
}

}  // namespace
