// SPDX-License-Identifier: GPL-2.0
/*
 * "fixture-dep" ("fixture-dep-rel"): a relocatable module built on fixture_abs.ko's exports, as
 * a kernel module uses another's EXPORT_SYMBOLs. Loads only after fixture_abs.ko.
 */
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/string.h>

#include "fixture.h"

static int fixture_dep_init(struct shash_desc *desc)
{
	struct fixture_abs_ctx *ctx = shash_desc_ctx(desc);

	/* fixture_abs.ko's own table, found among the earlier relocatable modules */
	memcpy(ctx->h, fixture_abs_table, sizeof(ctx->h));
	ctx->count = 0;
	return 0;
}

static int fixture_dep_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	fixture_abs_update_asm(shash_desc_ctx(desc), data, len);
	return 0;
}

static int fixture_dep_final(struct shash_desc *desc, u8 *out)
{
	fixture_abs_final_asm(shash_desc_ctx(desc), out);
	return 0;
}

static struct shash_alg fixture_dep_alg = {
	.digestsize	= 8,
	.init		= fixture_dep_init,
	.update		= fixture_dep_update,
	.final		= fixture_dep_final,
	.descsize	= sizeof(struct fixture_abs_ctx),
	.base		= {
		.cra_name		= "fixture-dep",
		.cra_driver_name	= "fixture-dep-rel",
		.cra_priority		= 300,
		.cra_blocksize		= 1,
		.cra_module		= THIS_MODULE,
	},
};

static int __init fixture_dep_mod_init(void)
{
	return crypto_register_shash(&fixture_dep_alg);
}

static void __exit fixture_dep_mod_exit(void)
{
	crypto_unregister_shash(&fixture_dep_alg);
}

module_init(fixture_dep_mod_init);
module_exit(fixture_dep_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim relocatable-loader fixture: a module using another's exports");
