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
 * construction: its shash functions are the driver contract's (crct10dif_shash.h). The
 * priority is 0: loaded, it is measured and tested, never picked by a lookup of "crct10dif".
 */
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/unaligned.h>

#include "crct10dif_shash.h"

/* as 7.x's <linux/crc-t10dif.h> declares it (the shim has no CRC headers of its own) */
u16 crc_t10dif_update(u16 crc, const u8 *p, size_t len);

CRCT10DIF_SHASH_OPS(lib, crc_t10dif_update)

static struct shash_alg crct10dif_lib_alg = CRCT10DIF_SHASH_ALG(lib, "crct10dif-lib", 0);

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
