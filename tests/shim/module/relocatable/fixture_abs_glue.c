// SPDX-License-Identifier: GPL-2.0
/*
 * "fixture-abs" ("fixture-abs-asm"): the C glue over fixture_abs_asm.S, as a kernel x86 driver's
 * glue is. Built with `cc -r` into fixture_abs.ko, a relocatable module: the assembly's absolute
 * table addressing cannot go into a shared object.
 */
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/string.h>

#include "fixture.h"

static int fixture_abs_init(struct shash_desc *desc)
{
	struct fixture_abs_ctx *ctx = shash_desc_ctx(desc);

	/* fixture_sbox's real address, through the GOT (R_X86_64_REX_GOTPCRELX) */
	memcpy(ctx->h, fixture_sbox, sizeof(ctx->h));
	ctx->count = 0;
	return 0;
}

static int fixture_abs_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	fixture_abs_update_asm(shash_desc_ctx(desc), data, len);
	return 0;
}

static int fixture_abs_final(struct shash_desc *desc, u8 *out)
{
	fixture_abs_final_asm(shash_desc_ctx(desc), out);
	return 0;
}

static struct shash_alg fixture_abs_alg = {
	.digestsize	= 8,
	.init		= fixture_abs_init,
	.update		= fixture_abs_update,
	.final		= fixture_abs_final,
	.descsize	= sizeof(struct fixture_abs_ctx),
	.base		= {
		.cra_name		= "fixture-abs",
		.cra_driver_name	= "fixture-abs-asm",
		.cra_priority		= 300,
		.cra_blocksize		= 1,
		.cra_module		= THIS_MODULE,
	},
};

static int __init fixture_abs_mod_init(void)
{
	return crypto_register_shash(&fixture_abs_alg);
}

static void __exit fixture_abs_mod_exit(void)
{
	crypto_unregister_shash(&fixture_abs_alg);
}

module_init(fixture_abs_mod_init);
module_exit(fixture_abs_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim relocatable-loader fixture: absolute tables and outside calls");
