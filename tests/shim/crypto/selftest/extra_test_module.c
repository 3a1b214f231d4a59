// SPDX-License-Identifier: GPL-2.0
/*
 * The extra self-tests' drivers as one module (kcshim -m kcshim_extra_test_module.so[@SUFFIX]):
 * the sha512, cast5 and ecb(cast5) variants of extra_test_drivers.c, a SIMD-wrapped ecb(cast5),
 * "testxor-generic" with a second testxor cipher "testxor-fast" (with a suffix, the second is
 * compared with the module's own generic driver), and "fnv32-fast", whose generic driver is
 * nowhere.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <crypto/internal/skcipher.h>

#include "extra_test_drivers.h"
#include "../../test_drivers.h"

static struct shash_alg fnv32_fast;
static struct crypto_alg testxor_algs[2];
static struct simd_skcipher_alg *simd_algs[1];

static int __init extra_test_module_init(void)
{
	int err, i;

	test_make_fnv32(&fnv32_fast, "fnv32-fast", 200);
	fnv32_fast.base.cra_module = THIS_MODULE;
	testxor_algs[0] = *test_xor_cipher();
	testxor_algs[1] = *test_xor_cipher();
	strscpy(testxor_algs[1].cra_driver_name, "testxor-fast", CRYPTO_MAX_ALG_NAME);
	testxor_algs[1].cra_priority = 200;

	err = crypto_register_shash(&fnv32_fast);
	if (err)
		return err;
	for (i = SHA512_FALLBACK; i <= SHA512_NOSIMD_BUG; i++) {
		err = crypto_register_shash(test_sha512_variant(i));
		if (err)
			goto out_sha512;
	}
	err = crypto_register_alg(test_cast5_variant(false));
	if (err)
		goto out_sha512;
	err = crypto_register_alg(test_cast5_variant(true));
	if (err)
		goto out_cast5_fallback;
	err = crypto_register_algs(testxor_algs, ARRAY_SIZE(testxor_algs));
	if (err)
		goto out_cast5_keybug;
	err = crypto_register_skcipher(test_ecb_cast5_oop_bug());
	if (err)
		goto out_testxor;
	err = simd_register_skciphers_compat(test_ecb_cast5_internal(), 1, simd_algs);
	if (err)
		goto out_oop_bug;
	return 0;

out_oop_bug:
	crypto_unregister_skcipher(test_ecb_cast5_oop_bug());
out_testxor:
	crypto_unregister_algs(testxor_algs, ARRAY_SIZE(testxor_algs));
out_cast5_keybug:
	crypto_unregister_alg(test_cast5_variant(true));
out_cast5_fallback:
	crypto_unregister_alg(test_cast5_variant(false));
out_sha512:
	while (--i >= SHA512_FALLBACK)
		crypto_unregister_shash(test_sha512_variant(i));
	crypto_unregister_shash(&fnv32_fast);
	return err;
}

static void __exit extra_test_module_exit(void)
{
	int i;

	simd_unregister_skciphers(test_ecb_cast5_internal(), 1, simd_algs);
	crypto_unregister_skcipher(test_ecb_cast5_oop_bug());
	crypto_unregister_algs(testxor_algs, ARRAY_SIZE(testxor_algs));
	crypto_unregister_alg(test_cast5_variant(true));
	crypto_unregister_alg(test_cast5_variant(false));
	for (i = SHA512_FALLBACK; i <= SHA512_NOSIMD_BUG; i++)
		crypto_unregister_shash(test_sha512_variant(i));
	crypto_unregister_shash(&fnv32_fast);
}

module_init(extra_test_module_init);
module_exit(extra_test_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim extra self-test drivers");
