// SPDX-License-Identifier: GPL-2.0
/*
 * "crct10dif-lib": a shash over whatever crc_t10dif_update() the process has, so that a 7.x
 * kernel's CRC-T10DIF library (lib/crc, which no crypto API driver wraps since 6.17) can stand in
 * `kcshim speed crct10dif` and `kcshim selftest` beside the drivers, as a module loaded after the
 * library module:
 *
 *   kcshim -m crc-t10dif.so@k73 -m crct10dif-lib.so@k73 speed crct10dif \
 *       --drivers crct10dif-vpclmul-avx512,crct10dif-lib@k73
 *
 * Its state, digest (the CRC in host byte order) and export format are crct10dif-generic's, by
 * construction: it keeps struct crct10dif_desc_ctx of the driver contract (crct10dif.h). The
 * priority is 0: loaded, it is measured and tested, never picked by a lookup of "crct10dif".
 */
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/unaligned.h>

#include "crct10dif.h"

/* as 7.x's <linux/crc-t10dif.h> declares it (the shim has no CRC headers of its own) */
u16 crc_t10dif_update(u16 crc, const u8 *p, size_t len);

static u16 *crct10dif_lib_crc(struct shash_desc *desc)
{
	struct crct10dif_desc_ctx *ctx = shash_desc_ctx(desc);

	return &ctx->crc;
}

static int crct10dif_lib_init(struct shash_desc *desc)
{
	*crct10dif_lib_crc(desc) = 0;
	return 0;
}

static int crct10dif_lib_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	u16 *crc = crct10dif_lib_crc(desc);

	*crc = crc_t10dif_update(*crc, data, len);
	return 0;
}

static int crct10dif_lib_final(struct shash_desc *desc, u8 *out)
{
	put_unaligned(*crct10dif_lib_crc(desc), (u16 *)out);
	return 0;
}

static int crct10dif_lib_digest(struct shash_desc *desc, const u8 *data, unsigned int len,
				u8 *out)
{
	put_unaligned(crc_t10dif_update(0, data, len), (u16 *)out);
	return 0;
}

static struct shash_alg crct10dif_lib_alg = {
	.init			= crct10dif_lib_init,
	.update			= crct10dif_lib_update,
	.final			= crct10dif_lib_final,
	.digest			= crct10dif_lib_digest,
	.descsize		= sizeof(struct crct10dif_desc_ctx),
	.digestsize		= CRC_T10DIF_DIGEST_SIZE,
	.base.cra_name		= CRC_T10DIF_STRING,
	.base.cra_driver_name	= "crct10dif-lib",
	.base.cra_priority	= 0,
	.base.cra_blocksize	= CRC_T10DIF_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
};

static int __init crct10dif_lib_mod_init(void)
{
	return crypto_register_shash(&crct10dif_lib_alg);
}

static void __exit crct10dif_lib_mod_exit(void)
{
	crypto_unregister_shash(&crct10dif_lib_alg);
}

module_init(crct10dif_lib_mod_init);
module_exit(crct10dif_lib_mod_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("CRC-T10DIF over the process's crc_t10dif_update(), for speed and self-tests");
