// SPDX-License-Identifier: GPL-2.0
// Templates registered by modules (crypto_register_templates(), struct crypto_template): the
// instance made on lookup by the template's create(), spawns that hold what it is built on,
// skcipher_alloc_instance_simple(), bad names and types, the instance's removal with its
// template's module or with the algorithm under it, and a module unload refused while an
// instance is in use. The templates are tests/shim/template_test_module.c's.
#include <gtest/gtest.h>

#include <kcshim/kcshim.h>

#include <crypto/algapi.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <linux/err.h>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "shim/test_drivers.h"
#include "support/kernel_api.h"

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

TEST_F(Templates, InstanceMadeOnLookupActsAsItsInner)
{
	Skcipher pass(crypto_alloc_skcipher("pass(cbc(cast5))", 0, 0));
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

// The spawn pins cbc(cast5-generic) (refcnt 1 registered + 1 per holder) from create() until
// the instance is freed with its template; a tfm of the instance holds a child tfm besides.
TEST_F(Templates, SpawnHoldsTheInnerUntilTheInstanceGoes)
{
	ASSERT_EQ(kcshim_instantiate("pass(cbc(cast5))"), 0) << kcshim_last_error();
	EXPECT_EQ(kcshim_instantiate("pass(cbc(cast5))"), -EEXIST);
	auto inner = info_of("cbc(cast5-generic)");
	ASSERT_TRUE(inner);
	EXPECT_EQ(inner->refcnt, 2u);
	{
		Skcipher pass(crypto_alloc_skcipher("pass(cbc(cast5))", 0, 0));
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
	Skcipher pass(crypto_alloc_skcipher("pass(cbc(cast5))", 0, 0));
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
