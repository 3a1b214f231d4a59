// SPDX-License-Identifier: GPL-2.0
/*
 * CAST5 modes for x86-64: "ecb-cast5-x86_64", "cbc-cast5-x86_64" and "ctr-cast5-x86_64"
 * (priority 210, above the kernel's cast5-avx at 200). ECB, CBC decryption and CTR run six blocks
 * at a time (cast5-x86-core.c), the rest one block at a time with the generic code; CBC
 * encryption is a chain and runs one block at a time throughout. The key is cast5-generic's
 * (cast5_setkey(), struct cast5_ctx). The code is plain x86-64 in general registers, like the
 * kernel's des3_ede-asm: no feature to check, no FPU section, no fallback.
 */
#include <crypto/algapi.h>
#include <crypto/internal/skcipher.h>
#include <crypto/utils.h>
#include <linux/init.h>
#include <linux/kernel.h>
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
 * counter) in @iv, updated; @last says whether this step ends the request. Returns the bytes it
 * left for the next step (a partial block).
 */
typedef unsigned int (cast5_x86_step_fn)(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					 unsigned int nbytes, u8 *iv, bool last);

static int cast5_x86_walk(struct skcipher_request *req, cast5_x86_step_fn *step)
{
	struct cast5_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_walk walk;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		unsigned int left = step(ctx, walk.dst.virt.addr, walk.src.virt.addr, walk.nbytes,
					 walk.iv, walk.nbytes == walk.total);

		err = skcipher_walk_done(&walk, left);
	}
	return err;
}

static unsigned int cast5_x86_ecb_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
				       unsigned int nbytes, bool encrypt)
{
	for (; nbytes >= CAST5_X86_BYTES; nbytes -= CAST5_X86_BYTES) {
		if (encrypt)
			cast5_x86_encrypt_ways(ctx, dst, src);
		else
			cast5_x86_decrypt_ways(ctx, dst, src);
		src += CAST5_X86_BYTES;
		dst += CAST5_X86_BYTES;
	}
	for (; nbytes >= CAST5_BLOCK_SIZE; nbytes -= CAST5_BLOCK_SIZE) {
		if (encrypt)
			__cast5_encrypt(ctx, dst, src);
		else
			__cast5_decrypt(ctx, dst, src);
		src += CAST5_BLOCK_SIZE;
		dst += CAST5_BLOCK_SIZE;
	}
	return nbytes;
}

static unsigned int cast5_x86_ecb_encrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last)
{
	return cast5_x86_ecb_step(ctx, dst, src, nbytes, true);
}

static unsigned int cast5_x86_ecb_decrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last)
{
	return cast5_x86_ecb_step(ctx, dst, src, nbytes, false);
}

/* CBC encryption is a chain: one block at a time. */
static unsigned int cast5_x86_cbc_encrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last)
{
	const u8 *prev = iv;

	for (; nbytes >= CAST5_BLOCK_SIZE; nbytes -= CAST5_BLOCK_SIZE) {
		crypto_xor_cpy(dst, src, prev, CAST5_BLOCK_SIZE);
		__cast5_encrypt(ctx, dst, dst);
		prev = dst;
		src += CAST5_BLOCK_SIZE;
		dst += CAST5_BLOCK_SIZE;
	}
	memcpy(iv, prev, CAST5_BLOCK_SIZE);
	return nbytes;
}

/*
 * Each plaintext block is its decryption XOR the ciphertext block before it (the IV for the
 * first). Six blocks at a time in the core; one at a time, the ciphertext is copied first
 * because dst may be src.
 */
static unsigned int cast5_x86_cbc_decrypt_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
					       unsigned int nbytes, u8 *iv, bool last)
{
	u8 in[CAST5_BLOCK_SIZE];

	for (; nbytes >= CAST5_X86_BYTES; nbytes -= CAST5_X86_BYTES) {
		cast5_x86_cbc_decrypt_ways(ctx, dst, src, iv);
		src += CAST5_X86_BYTES;
		dst += CAST5_X86_BYTES;
	}
	for (; nbytes >= CAST5_BLOCK_SIZE; nbytes -= CAST5_BLOCK_SIZE) {
		memcpy(in, src, CAST5_BLOCK_SIZE);
		__cast5_decrypt(ctx, dst, in);
		crypto_xor(dst, iv, CAST5_BLOCK_SIZE);
		memcpy(iv, in, CAST5_BLOCK_SIZE);
		src += CAST5_BLOCK_SIZE;
		dst += CAST5_BLOCK_SIZE;
	}
	memzero_explicit(in, sizeof(in));
	return nbytes;
}

/*
 * The counter is the IV as a 64-bit big-endian number, one step per block; a last partial
 * block takes the start of one more block of key stream.
 */
static unsigned int cast5_x86_ctr_step(struct cast5_ctx *ctx, u8 *dst, const u8 *src,
				       unsigned int nbytes, u8 *iv, bool last)
{
	u64 ctr = get_unaligned_be64(iv);
	u8 ks[CAST5_BLOCK_SIZE];

	for (; nbytes >= CAST5_X86_BYTES; nbytes -= CAST5_X86_BYTES) {
		cast5_x86_ctr_ways(ctx, dst, src, &ctr);
		src += CAST5_X86_BYTES;
		dst += CAST5_X86_BYTES;
	}
	for (; nbytes >= CAST5_BLOCK_SIZE; nbytes -= CAST5_BLOCK_SIZE) {
		put_unaligned_be64(ctr++, ks);
		__cast5_encrypt(ctx, ks, ks);
		crypto_xor_cpy(dst, src, ks, CAST5_BLOCK_SIZE);
		src += CAST5_BLOCK_SIZE;
		dst += CAST5_BLOCK_SIZE;
	}
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

static int cast5_x86_ecb_encrypt(struct skcipher_request *req)
{
	return cast5_x86_walk(req, cast5_x86_ecb_encrypt_step);
}

static int cast5_x86_ecb_decrypt(struct skcipher_request *req)
{
	return cast5_x86_walk(req, cast5_x86_ecb_decrypt_step);
}

static int cast5_x86_cbc_encrypt(struct skcipher_request *req)
{
	return cast5_x86_walk(req, cast5_x86_cbc_encrypt_step);
}

static int cast5_x86_cbc_decrypt(struct skcipher_request *req)
{
	return cast5_x86_walk(req, cast5_x86_cbc_decrypt_step);
}

static int cast5_x86_ctr(struct skcipher_request *req)
{
	return cast5_x86_walk(req, cast5_x86_ctr_step);
}

#define CAST5_X86_ALG(_name, _driver, _blocksize, _ivsize, _encrypt, _decrypt)	\
	{									\
		.base.cra_name		= _name,				\
		.base.cra_driver_name	= _driver,				\
		.base.cra_priority	= 210,					\
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

static struct skcipher_alg cast5_x86_algs[] = {
	CAST5_X86_ALG("ecb(cast5)", "ecb-cast5-x86_64", CAST5_BLOCK_SIZE, 0,
		      cast5_x86_ecb_encrypt, cast5_x86_ecb_decrypt),
	CAST5_X86_ALG("cbc(cast5)", "cbc-cast5-x86_64", CAST5_BLOCK_SIZE, CAST5_BLOCK_SIZE,
		      cast5_x86_cbc_encrypt, cast5_x86_cbc_decrypt),
	CAST5_X86_ALG("ctr(cast5)", "ctr-cast5-x86_64", 1, CAST5_BLOCK_SIZE,
		      cast5_x86_ctr, cast5_x86_ctr),
};

static int __init cast5_x86_mod_init(void)
{
	return crypto_register_skciphers(cast5_x86_algs, ARRAY_SIZE(cast5_x86_algs));
}

static void __exit cast5_x86_mod_exit(void)
{
	crypto_unregister_skciphers(cast5_x86_algs, ARRAY_SIZE(cast5_x86_algs));
}

module_init(cast5_x86_mod_init);
module_exit(cast5_x86_mod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("CAST5 ECB, CBC and CTR, six blocks at a time");
MODULE_ALIAS_CRYPTO("ecb(cast5)");
MODULE_ALIAS_CRYPTO("cbc(cast5)");
MODULE_ALIAS_CRYPTO("ctr(cast5)");
