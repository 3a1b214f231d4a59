// SPDX-License-Identifier: GPL-2.0
/*
 * "side-fixture" ("side-fixture-consumer"): a driver over side_provider's exports, as cast5-avx
 * is over cast5_generic's. Its digest is what it reads through each binding, so a test sees which
 * provider build every one of them reached.
 */
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/unaligned.h>

#include "side_fixture.h"

/* absolute pointers in the module's data: relocated against the provider's symbols */
static u32 (*const value_pointer)(void) = side_fixture_value;
static const u32 *const table_pointer = side_fixture_table;

static int side_fixture_init(struct shash_desc *desc)
{
	return 0;
}

static int side_fixture_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	return 0;
}

static int side_fixture_final(struct shash_desc *desc, u8 *out)
{
	put_unaligned_le32(side_fixture_value(), out);		/* a call */
	put_unaligned_le32(side_fixture_table[1], out + 4);	/* a GOT load */
	put_unaligned_le32(value_pointer(), out + 8);
	put_unaligned_le32(table_pointer[0], out + 12);
	return 0;
}

static struct shash_alg side_fixture_alg = {
	.digestsize	= 16,
	.init		= side_fixture_init,
	.update		= side_fixture_update,
	.final		= side_fixture_final,
	.base		= {
		.cra_name		= "side-fixture",
		.cra_driver_name	= "side-fixture-consumer",
		.cra_priority		= 100,
		.cra_blocksize		= 1,
		.cra_module		= THIS_MODULE,
	},
};

static int __init side_consumer_init(void)
{
	return crypto_register_shash(&side_fixture_alg);
}

static void __exit side_consumer_exit(void)
{
	crypto_unregister_shash(&side_fixture_alg);
}

module_init(side_consumer_init);
module_exit(side_consumer_exit);
MODULE_LICENSE("GPL");
