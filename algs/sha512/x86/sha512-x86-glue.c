// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-384 and SHA-512 for x86-64: "sha384-avx2"/"sha512-avx2" (priority 170, the kernel's names
 * and priority) where the CPU has AVX2, BMI1 and BMI2 and the OS saves ymm state, and
 * "sha384-avx512"/"sha512-avx512" (180) where it also has AVX-512F and VL and the OS saves zmm
 * state. Each registers only when its instructions exist, so masking a feature
 * (kcshim_cpu_mask_named("avx512vl")) leaves the next one the best.
 *
 * Buffering, padding and output are sha512.h's, so the descriptor state and export format are the
 * generic driver's and a state moves between all sha512 drivers. Without usable SIMD, and for an
 * update that only fills the partial block, the generic code runs: no FPU section for nothing.
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

#include "../sha512.h"
#include "sha512-x86.h"

static int sha512_x86_update(struct shash_desc *desc, const u8 *data, unsigned int len,
			     sha512_block_fn *block_fn)
{
	struct sha512_state *sctx = shash_desc_ctx(desc);

	if (!crypto_simd_usable() || sctx->count[0] % SHA512_BLOCK_SIZE + len < SHA512_BLOCK_SIZE)
		return crypto_sha512_update(desc, data, len);

	kernel_fpu_begin();
	sha512_base_do_update(sctx, data, len, block_fn);
	kernel_fpu_end();
	return 0;
}

static int sha512_x86_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out,
			    sha512_block_fn *block_fn)
{
	struct sha512_state *sctx = shash_desc_ctx(desc);

	if (!crypto_simd_usable())
		return crypto_sha512_finup(desc, data, len, out);

	kernel_fpu_begin();
	if (len)
		sha512_base_do_update(sctx, data, len, block_fn);
	sha512_base_do_finalize(sctx, block_fn);
	kernel_fpu_end();
	sha512_base_finish(sctx, out, crypto_shash_digestsize(desc->tfm));
	return 0;
}

/* A variant's update, finup and final: the shared ones above with its block function. */
#define SHA512_X86_VARIANT_OPS(_variant, _block_fn)					\
	static int sha512_##_variant##_update(struct shash_desc *desc, const u8 *data,	\
					      unsigned int len)				\
	{										\
		return sha512_x86_update(desc, data, len, _block_fn);			\
	}										\
	static int sha512_##_variant##_finup(struct shash_desc *desc, const u8 *data,	\
					     unsigned int len, u8 *out)			\
	{										\
		return sha512_x86_finup(desc, data, len, out, _block_fn);		\
	}										\
	static int sha512_##_variant##_final(struct shash_desc *desc, u8 *out)		\
	{										\
		return sha512_x86_finup(desc, NULL, 0, out, _block_fn);			\
	}

SHA512_X86_VARIANT_OPS(avx2, sha512_transform_avx2)
SHA512_X86_VARIANT_OPS(avx512, sha512_transform_avx512)

static struct shash_alg sha512_avx2_algs[] = {
	SHA512_SHASH_ALGS("avx2", 170, sha512_avx2_update, sha512_avx2_final, sha512_avx2_finup),
};

static struct shash_alg sha512_avx512_algs[] = {
	SHA512_SHASH_ALGS("avx512", 180, sha512_avx512_update, sha512_avx512_final,
			  sha512_avx512_finup),
};

static bool sha512_x86_has_avx2(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) && boot_cpu_has(X86_FEATURE_BMI1) &&
	       boot_cpu_has(X86_FEATURE_BMI2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

static bool sha512_x86_has_avx512(void)
{
	return sha512_x86_has_avx2() && boot_cpu_has(X86_FEATURE_AVX512F) &&
	       boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 NULL);
}

/* what init registered: a feature masked later must not change exit */
static bool sha512_avx512_registered;

static int __init sha512_x86_mod_init(void)
{
	int err;

	if (!sha512_x86_has_avx2())
		return -ENODEV;
	err = crypto_register_shashes(sha512_avx2_algs, ARRAY_SIZE(sha512_avx2_algs));
	if (err || !sha512_x86_has_avx512())
		return err;
	err = crypto_register_shashes(sha512_avx512_algs, ARRAY_SIZE(sha512_avx512_algs));
	if (err)
		crypto_unregister_shashes(sha512_avx2_algs, ARRAY_SIZE(sha512_avx2_algs));
	else
		sha512_avx512_registered = true;
	return err;
}

static void __exit sha512_x86_mod_exit(void)
{
	if (sha512_avx512_registered)
		crypto_unregister_shashes(sha512_avx512_algs, ARRAY_SIZE(sha512_avx512_algs));
	crypto_unregister_shashes(sha512_avx2_algs, ARRAY_SIZE(sha512_avx2_algs));
}

module_init(sha512_x86_mod_init);
module_exit(sha512_x86_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("SHA-384/SHA-512 secure hash algorithms (AVX2/AVX-512 message schedule, BMI2 rounds)");
MODULE_ALIAS_CRYPTO("sha384");
MODULE_ALIAS_CRYPTO("sha384-avx2");
MODULE_ALIAS_CRYPTO("sha384-avx512");
MODULE_ALIAS_CRYPTO("sha512");
MODULE_ALIAS_CRYPTO("sha512-avx2");
MODULE_ALIAS_CRYPTO("sha512-avx512");
