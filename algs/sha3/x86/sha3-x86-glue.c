// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-3 and SHAKE for x86-64: sha3-{224,256,384,512}-bmi2, shake{128,256}-bmi2 (priority 150)
 * where the CPU has BMI1 and BMI2, and the same names with -avx512 (200) where it has AVX-512F
 * and VL and the OS saves zmm state. Each registers only when its instructions exist, so masking
 * a feature (kcshim_cpu_mask_named("avx512vl")) leaves the next one the best.
 *
 * Buffering, padding and output are sha3.h's, so the descriptor state and export format are the
 * generic driver's and a state moves between all drivers of an algorithm. An update that stays
 * within the current block only XORs and runs the generic code. The BMI2 code uses general
 * registers only and needs no FPU section; the AVX-512 code runs in one, and the generic code
 * runs instead when SIMD is not usable.
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

#include "../sha3.h"
#include "sha3-x86.h"

/*
 * The shared update and final; @simd says whether @block_fn needs an FPU section (then, without
 * usable SIMD, the generic code runs instead).
 */
static int sha3_x86_update(struct shash_desc *desc, const u8 *data, unsigned int len,
			   sha3_block_fn *block_fn, bool simd)
{
	struct sha3_state *sctx = shash_desc_ctx(desc);

	if ((simd && !crypto_simd_usable()) || sctx->partial + len < sctx->rsiz)
		return crypto_sha3_update(desc, data, len);

	if (simd)
		kernel_fpu_begin();
	sha3_base_do_update(sctx, data, len, block_fn);
	if (simd)
		kernel_fpu_end();
	return 0;
}

/* @generic_final is the generic driver's final for @pad, which runs without usable SIMD. */
static int sha3_x86_final(struct shash_desc *desc, u8 *out, u8 pad, sha3_block_fn *block_fn,
			  bool simd, int (*generic_final)(struct shash_desc *desc, u8 *out))
{
	struct sha3_state *sctx = shash_desc_ctx(desc);

	if (simd && !crypto_simd_usable())
		return generic_final(desc, out);
	if (simd)
		kernel_fpu_begin();
	sha3_base_do_finalize(sctx, pad, block_fn);
	if (simd)
		kernel_fpu_end();
	sha3_base_finish(sctx, out, crypto_shash_digestsize(desc->tfm));
	return 0;
}

/* A variant's update and finals: the shared ones above with its block function. */
#define SHA3_X86_VARIANT_OPS(_variant, _block_fn, _simd)				\
	static int sha3_##_variant##_update(struct shash_desc *desc, const u8 *data,	\
					    unsigned int len)				\
	{										\
		return sha3_x86_update(desc, data, len, _block_fn, _simd);		\
	}										\
	static int sha3_##_variant##_final(struct shash_desc *desc, u8 *out)		\
	{										\
		return sha3_x86_final(desc, out, SHA3_PAD_BYTE, _block_fn, _simd,	\
				      crypto_sha3_final);				\
	}										\
	static int shake_##_variant##_final(struct shash_desc *desc, u8 *out)		\
	{										\
		return sha3_x86_final(desc, out, SHAKE_PAD_BYTE, _block_fn, _simd,	\
				      crypto_shake_final);				\
	}

SHA3_X86_VARIANT_OPS(bmi2, sha3_transform_bmi2, false)
SHA3_X86_VARIANT_OPS(avx512, sha3_transform_avx512, true)

static struct shash_alg sha3_bmi2_algs[] = {
	SHA3_SHASH_ALGS("bmi2", 150, sha3_bmi2_update, sha3_bmi2_final, shake_bmi2_final),
};

static struct shash_alg sha3_avx512_algs[] = {
	SHA3_SHASH_ALGS("avx512", 200, sha3_avx512_update, sha3_avx512_final, shake_avx512_final),
};

static bool sha3_x86_has_bmi2(void)
{
	return boot_cpu_has(X86_FEATURE_BMI1) && boot_cpu_has(X86_FEATURE_BMI2);
}

static bool sha3_x86_has_avx512(void)
{
	return boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 NULL);
}

/* what init registered: a feature masked later must not change exit */
static bool sha3_bmi2_registered, sha3_avx512_registered;

static int __init sha3_x86_mod_init(void)
{
	int err;

	if (sha3_x86_has_bmi2()) {
		err = crypto_register_shashes(sha3_bmi2_algs, ARRAY_SIZE(sha3_bmi2_algs));
		if (err)
			return err;
		sha3_bmi2_registered = true;
	}
	if (sha3_x86_has_avx512()) {
		err = crypto_register_shashes(sha3_avx512_algs, ARRAY_SIZE(sha3_avx512_algs));
		if (err) {
			if (sha3_bmi2_registered)
				crypto_unregister_shashes(sha3_bmi2_algs, ARRAY_SIZE(sha3_bmi2_algs));
			sha3_bmi2_registered = false;
			return err;
		}
		sha3_avx512_registered = true;
	}
	return sha3_bmi2_registered || sha3_avx512_registered ? 0 : -ENODEV;
}

static void __exit sha3_x86_mod_exit(void)
{
	if (sha3_avx512_registered)
		crypto_unregister_shashes(sha3_avx512_algs, ARRAY_SIZE(sha3_avx512_algs));
	if (sha3_bmi2_registered)
		crypto_unregister_shashes(sha3_bmi2_algs, ARRAY_SIZE(sha3_bmi2_algs));
}

module_init(sha3_x86_mod_init);
module_exit(sha3_x86_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("SHA-3 and SHAKE secure hash algorithms (BMI2, AVX-512)");
MODULE_ALIAS_CRYPTO("sha3-224");
MODULE_ALIAS_CRYPTO("sha3-256");
MODULE_ALIAS_CRYPTO("sha3-384");
MODULE_ALIAS_CRYPTO("sha3-512");
MODULE_ALIAS_CRYPTO("shake128");
MODULE_ALIAS_CRYPTO("shake256");
