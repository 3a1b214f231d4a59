// SPDX-License-Identifier: GPL-2.0
/*
 * CRC-T10DIF for arm64: "crct10dif-arm64-ce" (priority 200) folds with 64x64 PMULL and registers
 * only on a CPU with it (HWCAP_PMULL); "crct10dif-arm64-neon" (priority 100) folds with the 8x8
 * PMULL of every AdvSIMD core, for the cores without the Crypto Extensions. The names and
 * priorities are the kernel's.
 *
 * crct10dif-arm64-core.S folds whole 16-byte blocks into a 16-byte remainder; its CRC, the last
 * len % 16 bytes, inputs shorter than 16 bytes and every call without usable SIMD go to
 * crc_t10dif_generic(). The descriptor state, export format and digest are crct10dif.h's, as for
 * crct10dif-generic.
 *
 * Tested by tests/algs/crct10dif/arm64 (crct10dif_arm64_test.cpp, crct10dif_arm64_no_pmull_test.cpp) under
 * qemu-aarch64.
 */
#include <asm/cpufeature.h>
#include <asm/neon.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "../crct10dif_shash.h"

#define CRC_T10DIF_PMULL_CHUNK_SIZE	16U

typedef void (crct10dif_fold_fn)(u16 init_crc, const u8 *buf, size_t len, u8 out[16]);

asmlinkage crct10dif_fold_fn crc_t10dif_pmull_p64;
asmlinkage crct10dif_fold_fn crc_t10dif_pmull_p8;

/* Continues the CRC over len bytes, the whole 16-byte blocks with @fold when SIMD is usable. */
static u16 crct10dif_arm64(u16 crc, const u8 *data, size_t len, crct10dif_fold_fn *fold)
{
	u8 rem[CRC_T10DIF_PMULL_CHUNK_SIZE];
	size_t folded;

	if (len < CRC_T10DIF_PMULL_CHUNK_SIZE || !crypto_simd_usable())
		return crc_t10dif_generic(crc, data, len);

	kernel_neon_begin();
	fold(crc, data, len, rem);
	kernel_neon_end();

	folded = len & ~(size_t)(CRC_T10DIF_PMULL_CHUNK_SIZE - 1);
	crc = crc_t10dif_generic(0, rem, sizeof(rem));
	return crc_t10dif_generic(crc, data + folded, len - folded);
}

CRCT10DIF_SHASH_FOLD_OPS(pmull_p64, crct10dif_arm64, crc_t10dif_pmull_p64)
CRCT10DIF_SHASH_FOLD_OPS(pmull_p8, crct10dif_arm64, crc_t10dif_pmull_p8)

static struct shash_alg crct10dif_alg_ce =
	CRCT10DIF_SHASH_ALG(pmull_p64, "crct10dif-arm64-ce", 200);
static struct shash_alg crct10dif_alg_neon =
	CRCT10DIF_SHASH_ALG(pmull_p8, "crct10dif-arm64-neon", 100);

/* whether init registered crct10dif-arm64-ce: a feature masked later must not change exit */
static bool crct10dif_ce_registered;

static int __init crct10dif_arm64_mod_init(void)
{
	int err;

	if (!cpu_have_named_feature(ASIMD))
		return -ENODEV;
	err = crypto_register_shash(&crct10dif_alg_neon);
	if (err || !cpu_have_named_feature(PMULL))
		return err;
	err = crypto_register_shash(&crct10dif_alg_ce);
	if (err)
		crypto_unregister_shash(&crct10dif_alg_neon);
	else
		crct10dif_ce_registered = true;
	return err;
}

static void __exit crct10dif_arm64_mod_exit(void)
{
	if (crct10dif_ce_registered)
		crypto_unregister_shash(&crct10dif_alg_ce);
	crypto_unregister_shash(&crct10dif_alg_neon);
}

module_init(crct10dif_arm64_mod_init);
module_exit(crct10dif_arm64_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("CRC-T10DIF using arm64 NEON and Crypto Extensions");
MODULE_ALIAS_CRYPTO("crct10dif");
MODULE_ALIAS_CRYPTO("crct10dif-arm64-ce");
MODULE_ALIAS_CRYPTO("crct10dif-arm64-neon");
