// SPDX-License-Identifier: GPL-2.0
/*
 * A relocatable module that needs a symbol nobody defines: the loader must refuse it, naming the
 * symbol, before any of its code runs (so "fixture-undef" never registers).
 */
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/string.h>

extern int fixture_nobody_defines_this(void);

static int fixture_undef_init(struct shash_desc *desc)
{
	return 0;
}

static int fixture_undef_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	return 0;
}

static int fixture_undef_final(struct shash_desc *desc, u8 *out)
{
	memset(out, 0, 4);
	return 0;
}

static struct shash_alg fixture_undef_alg = {
	.digestsize	= 4,
	.init		= fixture_undef_init,
	.update		= fixture_undef_update,
	.final		= fixture_undef_final,
	.base		= {
		.cra_name		= "fixture-undef",
		.cra_driver_name	= "fixture-undef-rel",
		.cra_priority		= 300,
		.cra_blocksize		= 1,
		.cra_module		= THIS_MODULE,
	},
};

static int __init fixture_undef_mod_init(void)
{
	int err = fixture_nobody_defines_this();

	return err ? err : crypto_register_shash(&fixture_undef_alg);
}

static void __exit fixture_undef_mod_exit(void)
{
	crypto_unregister_shash(&fixture_undef_alg);
}

module_init(fixture_undef_mod_init);
module_exit(fixture_undef_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim relocatable-loader fixture: an undefined symbol");
