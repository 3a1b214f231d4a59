// SPDX-License-Identifier: GPL-2.0
/*
 * CAST5 modes for x86-64, two sets of drivers over one expanded key (cast5-generic's
 * cast5_setkey(), struct cast5_ctx):
 *
 * - "ecb-cast5-x86_64", "cbc-cast5-x86_64", "ctr-cast5-x86_64" (priority 210, above the kernel's
 *   cast5-avx at 200): plain x86-64 in general registers, six blocks at a time
 *   (cast5-x86-core.c), like the kernel's des3_ede-asm: no feature to check, no FPU section.
 * - "ecb-cast5-avx512", "cbc-cast5-avx512", "ctr-cast5-avx512" (220) where the CPU has AVX-512F,
 *   BW and VBMI and the OS saves zmm state: up to 64 blocks at a time (cast5-avx512-core.c) while
 *   24 or more are left, then the six-way code, which also runs alone without usable SIMD.
 *
 * ECB, CBC decryption and CTR run several blocks at a time, the last blocks one at a time with
 * the generic code; CBC encryption is a chain and runs one block at a time throughout.
 */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/fpu/xstate.h>
#include <crypto/algapi.h>
#include <crypto/internal/simd.h>
#include <crypto/internal/skcipher.h>
#include <crypto/utils.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "../cast5.h"
#include "cast5-x86.h"

static int cast5_x86_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	return cast5_setkey(crypto_skcipher_tfm(tfm), key, keylen);
}

/*
 * A mode's work on one step of the walk: @nbytes from @src to @dst, with the request's IV (or
 * counter) in @iv, updated; @last says whether this step ends the request; @avx512 whether the
 * 64-way core may run. Returns the bytes it left for the next step (a partial block).
 */
typedef unsigned int (cast5_x86_step_fn)(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					 unsigned int nbytes, u8 *iv, bool last, bool avx512);

static int cast5_x86_walk(struct skcipher_request *req, cast5_x86_step_fn *step, bool avx512)
{
	struct cast5_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_walk walk;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		unsigned int left = step(ctx, walk.dst.virt.addr, walk.src.virt.addr, walk.nbytes,
					 walk.iv, walk.nbytes == walk.total, avx512);

		err = skcipher_walk_done(&walk, left);
	}
	return err;
}

/* Runs @call on each whole chunk of @chunk bytes at src and dst, moving them and nbytes on. */
#define CAST5_X86_CHUNKS(chunk, call)						\
	for (; nbytes >= (chunk); nbytes -= (chunk), src += (chunk), dst += (chunk))	\
		call

/*
 * Fewer blocks than this go to the six-way code: one call of the AVX-512 core takes as long for
 * any count up to 64, and six-way code does 24 blocks in about that time.
 */
#define CAST5_AVX512_MIN_BYTES	(24 * CAST5_BLOCK_SIZE)

/*
 * Runs @call64 on up to 64 blocks at a time, their count in 'blocks', in one FPU section while at
 * least CAST5_AVX512_MIN_BYTES are left, when the AVX-512 core may run (@avx512) and SIMD is
 * usable; then @call6 on each chunk of six blocks.
 */
#define CAST5_X86_WAYS_CHUNKS(avx512, call64, call6)				\
	do {									\
		if ((avx512) && nbytes >= CAST5_AVX512_MIN_BYTES && crypto_simd_usable()) { \
			kernel_fpu_begin();					\
			while (nbytes >= CAST5_AVX512_MIN_BYTES) {		\
				unsigned int blocks = min_t(unsigned int, CAST5_AVX512_WAYS, \
							    nbytes / CAST5_BLOCK_SIZE); \
										\
				call64;						\
				src += blocks * CAST5_BLOCK_SIZE;		\
				dst += blocks * CAST5_BLOCK_SIZE;		\
				nbytes -= blocks * CAST5_BLOCK_SIZE;		\
			}							\
			kernel_fpu_end();					\
		}								\
		CAST5_X86_CHUNKS(CAST5_X86_BYTES, call6);			\
	} while (0)

static unsigned int cast5_x86_ecb_encrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last, bool avx512)
{
	CAST5_X86_WAYS_CHUNKS(avx512, cast5_avx512_encrypt_blocks(ctx, dst, src, blocks),
			      cast5_x86_encrypt_ways(ctx, dst, src));
	CAST5_X86_CHUNKS(CAST5_BLOCK_SIZE, __cast5_encrypt(ctx, dst, src));
	return nbytes;
}

static unsigned int cast5_x86_ecb_decrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last, bool avx512)
{
	CAST5_X86_WAYS_CHUNKS(avx512, cast5_avx512_decrypt_blocks(ctx, dst, src, blocks),
			      cast5_x86_decrypt_ways(ctx, dst, src));
	CAST5_X86_CHUNKS(CAST5_BLOCK_SIZE, __cast5_decrypt(ctx, dst, src));
	return nbytes;
}

/* CBC encryption is a chain: one block at a time. */
static unsigned int cast5_x86_cbc_encrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last, bool avx512)
{
	const u8 *prev = iv;

	CAST5_X86_CHUNKS(CAST5_BLOCK_SIZE, {
		crypto_xor_cpy(dst, src, prev, CAST5_BLOCK_SIZE);
		__cast5_encrypt(ctx, dst, dst);
		prev = dst;
	});
	memcpy(iv, prev, CAST5_BLOCK_SIZE);
	return nbytes;
}

/*
 * Each plaintext block is its decryption XOR the ciphertext block before it (the IV for the
 * first). The cores take several blocks at a time; one at a time, the ciphertext is copied
 * first because dst may be src.
 */
static unsigned int cast5_x86_cbc_decrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last, bool avx512)
{
	u8 in[CAST5_BLOCK_SIZE];

	CAST5_X86_WAYS_CHUNKS(avx512, cast5_avx512_cbc_decrypt_blocks(ctx, dst, src, iv, blocks),
			      cast5_x86_cbc_decrypt_ways(ctx, dst, src, iv));
	CAST5_X86_CHUNKS(CAST5_BLOCK_SIZE, {
		memcpy(in, src, CAST5_BLOCK_SIZE);
		__cast5_decrypt(ctx, dst, in);
		crypto_xor(dst, iv, CAST5_BLOCK_SIZE);
		memcpy(iv, in, CAST5_BLOCK_SIZE);
	});
	memzero_explicit(in, sizeof(in));
	return nbytes;
}

/*
 * The counter is the IV as a 64-bit big-endian number, one step per block; a last partial
 * block takes the start of one more block of key stream.
 */
static unsigned int cast5_x86_ctr_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
				       unsigned int nbytes, u8 *iv, bool last, bool avx512)
{
	u64 ctr = get_unaligned_be64(iv);
	u8 ks[CAST5_BLOCK_SIZE];

	CAST5_X86_WAYS_CHUNKS(avx512, cast5_avx512_ctr_blocks(ctx, dst, src, &ctr, blocks),
			      cast5_x86_ctr_ways(ctx, dst, src, &ctr));
	CAST5_X86_CHUNKS(CAST5_BLOCK_SIZE, {
		put_unaligned_be64(ctr++, ks);
		__cast5_encrypt(ctx, ks, ks);
		crypto_xor_cpy(dst, src, ks, CAST5_BLOCK_SIZE);
	});
	if (last && nbytes) {
		put_unaligned_be64(ctr++, ks);
		__cast5_encrypt(ctx, ks, ks);
		crypto_xor_cpy(dst, src, ks, nbytes);
		nbytes = 0;
	}
	put_unaligned_be64(ctr, iv);
	memzero_explicit(ks, sizeof(ks));
	return nbytes;
}

/* The entry points of both sets: which cores may run, and the mode's step */
#define CAST5_X86_ENTRY(_name, _step, _avx512)					\
	static int _name(struct skcipher_request *req)				\
	{									\
		return cast5_x86_walk(req, _step, _avx512);			\
	}

CAST5_X86_ENTRY(cast5_x86_ecb_encrypt, cast5_x86_ecb_encrypt_step, false)
CAST5_X86_ENTRY(cast5_x86_ecb_decrypt, cast5_x86_ecb_decrypt_step, false)
CAST5_X86_ENTRY(cast5_x86_cbc_encrypt, cast5_x86_cbc_encrypt_step, false)
CAST5_X86_ENTRY(cast5_x86_cbc_decrypt, cast5_x86_cbc_decrypt_step, false)
CAST5_X86_ENTRY(cast5_x86_ctr, cast5_x86_ctr_step, false)
CAST5_X86_ENTRY(cast5_avx512_ecb_encrypt, cast5_x86_ecb_encrypt_step, true)
CAST5_X86_ENTRY(cast5_avx512_ecb_decrypt, cast5_x86_ecb_decrypt_step, true)
CAST5_X86_ENTRY(cast5_avx512_cbc_decrypt, cast5_x86_cbc_decrypt_step, true)
CAST5_X86_ENTRY(cast5_avx512_ctr, cast5_x86_ctr_step, true)

#define CAST5_X86_ALG(_name, _driver, _priority, _blocksize, _ivsize, _encrypt, _decrypt) \
	{									\
		.base.cra_name		= _name,				\
		.base.cra_driver_name	= _driver,				\
		.base.cra_priority	= _priority,				\
		.base.cra_blocksize	= _blocksize,				\
		.base.cra_ctxsize	= sizeof(struct cast5_ctx),		\
		.base.cra_module	= THIS_MODULE,				\
		.min_keysize		= CAST5_MIN_KEY_SIZE,			\
		.max_keysize		= CAST5_MAX_KEY_SIZE,			\
		.ivsize			= _ivsize,				\
		.chunksize		= CAST5_BLOCK_SIZE,			\
		.setkey			= cast5_x86_setkey,			\
		.encrypt		= _encrypt,				\
		.decrypt		= _decrypt,				\
	}

/* ecb, cbc and ctr(cast5) of one set, named @_arch, with entry points @_prefix_* */
#define CAST5_X86_ALGS(_arch, _priority, _prefix)					\
	CAST5_X86_ALG("ecb(cast5)", "ecb-cast5-" _arch, _priority, CAST5_BLOCK_SIZE, 0,	\
		      _prefix##_ecb_encrypt, _prefix##_ecb_decrypt),			\
	CAST5_X86_ALG("cbc(cast5)", "cbc-cast5-" _arch, _priority, CAST5_BLOCK_SIZE,	\
		      CAST5_BLOCK_SIZE, cast5_x86_cbc_encrypt, _prefix##_cbc_decrypt),	\
	CAST5_X86_ALG("ctr(cast5)", "ctr-cast5-" _arch, _priority, 1, CAST5_BLOCK_SIZE,	\
		      _prefix##_ctr, _prefix##_ctr)

static struct skcipher_alg cast5_x86_algs[] = {
	CAST5_X86_ALGS("x86_64", 210, cast5_x86),
};

static struct skcipher_alg cast5_avx512_algs[] = {
	CAST5_X86_ALGS("avx512", 220, cast5_avx512),
};

static bool cast5_x86_has_avx512(void)
{
	return boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512BW) &&
	       boot_cpu_has(X86_FEATURE_AVX512VBMI) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512,
				 NULL);
}

/* what init registered: a feature masked later must not change exit */
static bool cast5_avx512_registered;

static int __init cast5_x86_mod_init(void)
{
	int err;

	err = crypto_register_skciphers(cast5_x86_algs, ARRAY_SIZE(cast5_x86_algs));
	if (err || !cast5_x86_has_avx512())
		return err;
	cast5_avx512_init();
	err = crypto_register_skciphers(cast5_avx512_algs, ARRAY_SIZE(cast5_avx512_algs));
	if (err)
		crypto_unregister_skciphers(cast5_x86_algs, ARRAY_SIZE(cast5_x86_algs));
	else
		cast5_avx512_registered = true;
	return err;
}

static void __exit cast5_x86_mod_exit(void)
{
	if (cast5_avx512_registered)
		crypto_unregister_skciphers(cast5_avx512_algs, ARRAY_SIZE(cast5_avx512_algs));
	crypto_unregister_skciphers(cast5_x86_algs, ARRAY_SIZE(cast5_x86_algs));
}

module_init(cast5_x86_mod_init);
module_exit(cast5_x86_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("CAST5 ECB, CBC and CTR, six blocks at a time, or 64 with AVX-512 VBMI");
MODULE_ALIAS_CRYPTO("ecb(cast5)");
MODULE_ALIAS_CRYPTO("cbc(cast5)");
MODULE_ALIAS_CRYPTO("ctr(cast5)");
