// SPDX-License-Identifier: GPL-2.0
/*
 * A module that uses a library module loaded before it, as a kernel module links against
 * lib/crc's crc_t10dif_update(): "crct10dif-libuser" is a shash over whatever crc_t10dif_update()
 * the process has (the tree's library, built by kcshim build, with its arch code).
 */
#include <linux/module.h>
#include <linux/unaligned.h>
#include <crypto/internal/hash.h>

/* as 7.3's <linux/crc-t10dif.h> declares it (the shim has no CRC headers of its own) */
u16 crc_t10dif_update(u16 crc, const u8 *p, size_t len);

static int libuser_init(struct shash_desc *desc)
{
	*(u16 *)shash_desc_ctx(desc) = 0;
	return 0;
}

static int libuser_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	u16 *crc = shash_desc_ctx(desc);

	*crc = crc_t10dif_update(*crc, data, len);
	return 0;
}

static int libuser_final(struct shash_desc *desc, u8 *out)
{
	put_unaligned_be16(*(u16 *)shash_desc_ctx(desc), out);
	return 0;
}

static struct shash_alg libuser = {
	.init = libuser_init,
	.update = libuser_update,
	.final = libuser_final,
	.descsize = sizeof(u16),
	.digestsize = 2,
	.base = {
		.cra_name = "crct10dif-libuser",
		.cra_driver_name = "crct10dif-libuser",
		.cra_blocksize = 1,
		.cra_module = THIS_MODULE,
	},
};

static int __init libuser_mod_init(void)
{
	return crypto_register_shash(&libuser);
}

static void __exit libuser_mod_exit(void)
{
	crypto_unregister_shash(&libuser);
}

module_init(libuser_mod_init);
module_exit(libuser_mod_exit);
MODULE_LICENSE("GPL");
