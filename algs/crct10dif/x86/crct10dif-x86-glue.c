// SPDX-License-Identifier: GPL-2.0
/*
 * CRC-T10DIF for x86-64: "crct10dif-pclmul" (priority 200, the kernel's 6.x name and priority)
 * folds with PCLMULQDQ on xmm; "crct10dif-vpclmul-avx512" (priority 300) with VPCLMULQDQ on zmm,
 * registered only where the CPU and the OS's saved state have AVX-512. Each registers only when
 * its instructions exist, so masking a feature (kcshim_cpu_mask_named("vpclmulqdq")) leaves the
 * next one the best.
 *
 * Inputs shorter than 64 bytes, the len % 16 tail and every call without usable SIMD go eight
 * bytes at a time through crc_t10dif_slice8(), so neither driver is slower than the table on
 * short inputs. The
 * descriptor state, export format and digest are crct10dif.h's, as for crct10dif-generic.
 */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/fpu/xstate.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "../crct10dif_shash.h"
#include "crct10dif-x86.h"

/*
 * The whole 16-byte blocks are folded; inputs below CRCT10DIF_FOLD_MIN bytes, and the tail, go
 * eight bytes at a time (crc_t10dif_slice8()), which is faster there: the FPU section, the fold
 * and the reduction cost about 60 ns here, what slice-by-8 takes for 64 bytes (`kcshim speed
 * crct10dif --sizes 48 63 64 96`).
 */
#define CRCT10DIF_FOLD_BLOCK	16U
#define CRCT10DIF_FOLD_MIN	64U

typedef u16 (crct10dif_fold_fn)(u16 crc, const u8 *p, size_t len);

/* Inlined into each variant's ops with its core, so the fold is a direct call. */
static __always_inline u16 crct10dif_x86(u16 crc, const u8 *data, size_t len,
					 crct10dif_fold_fn *fold)
{
	size_t folded = len & ~(size_t)(CRCT10DIF_FOLD_BLOCK - 1);

	if (len < CRCT10DIF_FOLD_MIN || !crypto_simd_usable())
		return crc_t10dif_slice8(crc, data, len);

	kernel_fpu_begin();
	crc = fold(crc, data, folded);
	kernel_fpu_end();
	if (folded < len)
		crc = crc_t10dif_slice8(crc, data + folded, len - folded);
	return crc;
}

CRCT10DIF_SHASH_FOLD_OPS(pclmul, crct10dif_x86, crct10dif_pclmul_fold)
CRCT10DIF_SHASH_FOLD_OPS(vpclmul, crct10dif_x86, crct10dif_vpclmul_fold)

static struct shash_alg crct10dif_pclmul_alg =
	CRCT10DIF_SHASH_ALG(pclmul, "crct10dif-pclmul", 200);
static struct shash_alg crct10dif_vpclmul_alg =
	CRCT10DIF_SHASH_ALG(vpclmul, "crct10dif-vpclmul-avx512", 300);

static bool crct10dif_has_avx512(void)
{
	return boot_cpu_has(X86_FEATURE_VPCLMULQDQ) && boot_cpu_has(X86_FEATURE_AVX512F) &&
	       boot_cpu_has(X86_FEATURE_AVX512BW) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 NULL);
}

/* what init registered: a feature masked later must not change exit */
static bool crct10dif_vpclmul_registered;

static int __init crct10dif_x86_mod_init(void)
{
	int err;

	if (!boot_cpu_has(X86_FEATURE_PCLMULQDQ) || !boot_cpu_has(X86_FEATURE_SSSE3))
		return -ENODEV;
	crct10dif_x86_init_consts();
	crc_t10dif_slice8_init();
	err = crypto_register_shash(&crct10dif_pclmul_alg);
	if (err || !crct10dif_has_avx512())
		return err;
	err = crypto_register_shash(&crct10dif_vpclmul_alg);
	if (err)
		crypto_unregister_shash(&crct10dif_pclmul_alg);
	else
		crct10dif_vpclmul_registered = true;
	return err;
}

static void __exit crct10dif_x86_mod_exit(void)
{
	if (crct10dif_vpclmul_registered)
		crypto_unregister_shash(&crct10dif_vpclmul_alg);
	crypto_unregister_shash(&crct10dif_pclmul_alg);
}

module_init(crct10dif_x86_mod_init);
module_exit(crct10dif_x86_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("CRC-T10DIF using PCLMULQDQ and VPCLMULQDQ");
MODULE_ALIAS_CRYPTO("crct10dif");
MODULE_ALIAS_CRYPTO("crct10dif-pclmul");
MODULE_ALIAS_CRYPTO("crct10dif-vpclmul-avx512");
