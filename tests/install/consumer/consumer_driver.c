// SPDX-License-Identifier: GPL-2.0
/* A user's driver: "xor8", a one-byte XOR checksum, registered at priority 300. */
#include <linux/module.h>
#include <crypto/internal/hash.h>

struct xor8_ctx {
	u8 x;
};

static int xor8_init(struct shash_desc *desc)
{
	((struct xor8_ctx *)shash_desc_ctx(desc))->x = 0;
	return 0;
}

static int xor8_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct xor8_ctx *ctx = shash_desc_ctx(desc);

	while (len--)
		ctx->x ^= *data++;
	return 0;
}

static int xor8_final(struct shash_desc *desc, u8 *out)
{
	*out = ((struct xor8_ctx *)shash_desc_ctx(desc))->x;
	return 0;
}

static struct shash_alg xor8_alg = {
	.init		= xor8_init,
	.update		= xor8_update,
	.final		= xor8_final,
	.descsize	= sizeof(struct xor8_ctx),
	.digestsize	= 1,
	.base		= {
		.cra_name		= "xor8",
		.cra_driver_name	= "xor8-consumer",
		.cra_priority		= 300,
		.cra_blocksize		= 1,
		.cra_module		= THIS_MODULE,
	},
};

static int __init xor8_mod_init(void)
{
	return crypto_register_shash(&xor8_alg);
}

static void __exit xor8_mod_exit(void)
{
	crypto_unregister_shash(&xor8_alg);
}

module_init(xor8_mod_init);
module_exit(xor8_mod_exit);
MODULE_LICENSE("GPL");
