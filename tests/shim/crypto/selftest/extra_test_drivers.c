// SPDX-License-Identifier: GPL-2.0
/*
 * Drivers for the extra self-tests, written as kernel drivers with a generic fallback are: the
 * work is done by a "sha512-generic" or "cast5-generic" tfm, and the planted bugs sit where real
 * ones do (long inputs, the no-SIMD path, some keys, out-of-place requests), beyond what the
 * vectors reach (the longest sha512 vector is 257 bytes, ecb(cast5)'s keys start with neither
 * 0x00 nor 0xff).
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <crypto/algapi.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>

#include "extra_test_drivers.h"

#define BUG_THRESHOLD		300
#define SHA512_DIGEST_SIZE	64
#define SHA512_BLOCK_SIZE	128
#define FALLBACK_CTX_MAX	256	/* room for the fallback's descriptor context */
#define CAST5_BLOCK_SIZE	8

/* sha512 over a sha512-generic fallback */

struct fb_hash_ctx {
	struct crypto_shash *fallback;
};

struct fb_desc_ctx {
	u64 count;
	bool corrupt;
	struct shash_desc fallback;	/* followed by the fallback's context */
};

static int fb_hash_init_tfm(struct crypto_shash *tfm)
{
	struct fb_hash_ctx *ctx = crypto_shash_ctx(tfm);
	struct crypto_shash *fallback = crypto_alloc_shash("sha512-generic", 0, 0);

	if (IS_ERR(fallback))
		return PTR_ERR(fallback);
	if (crypto_shash_descsize(fallback) > FALLBACK_CTX_MAX) {
		crypto_free_shash(fallback);
		return -EINVAL;
	}
	ctx->fallback = fallback;
	return 0;
}

static void fb_hash_exit_tfm(struct crypto_shash *tfm)
{
	struct fb_hash_ctx *ctx = crypto_shash_ctx(tfm);

	crypto_free_shash(ctx->fallback);
}

static int fb_hash_init(struct shash_desc *desc)
{
	struct fb_hash_ctx *ctx = crypto_shash_ctx(desc->tfm);
	struct fb_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->count = 0;
	dctx->corrupt = false;
	dctx->fallback.tfm = ctx->fallback;
	return crypto_shash_init(&dctx->fallback);
}

static int fb_hash_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct fb_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->count += len;
	return crypto_shash_update(&dctx->fallback, data, len);
}

static int nosimd_bug_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct fb_desc_ctx *dctx = shash_desc_ctx(desc);

	if (!crypto_simd_usable() && len > BUG_THRESHOLD)
		dctx->corrupt = true;
	return fb_hash_update(desc, data, len);
}

static int fb_hash_final(struct shash_desc *desc, u8 *out)
{
	struct fb_desc_ctx *dctx = shash_desc_ctx(desc);
	int err = crypto_shash_final(&dctx->fallback, out);

	if (!err && dctx->corrupt)
		out[0] ^= 1;
	return err;
}

static int long_bug_final(struct shash_desc *desc, u8 *out)
{
	struct fb_desc_ctx *dctx = shash_desc_ctx(desc);

	if (dctx->count > BUG_THRESHOLD)
		dctx->corrupt = true;
	return fb_hash_final(desc, out);
}

#define SHA512_VARIANT(drv, upd, fin) {					\
	.init		= fb_hash_init,						\
	.update		= upd,							\
	.final		= fin,							\
	.init_tfm	= fb_hash_init_tfm,					\
	.exit_tfm	= fb_hash_exit_tfm,					\
	.descsize	= sizeof(struct fb_desc_ctx) + FALLBACK_CTX_MAX,	\
	.digestsize	= SHA512_DIGEST_SIZE,					\
	.base		= {							\
		.cra_name		= "sha512",				\
		.cra_driver_name	= drv,					\
		.cra_priority		= 10,					\
		.cra_blocksize		= SHA512_BLOCK_SIZE,			\
		.cra_ctxsize		= sizeof(struct fb_hash_ctx),		\
		.cra_module		= THIS_MODULE,				\
	}									\
}

static struct shash_alg sha512_variants[] = {
	[SHA512_FALLBACK]	= SHA512_VARIANT("sha512-fallback", fb_hash_update, fb_hash_final),
	[SHA512_LONG_BUG]	= SHA512_VARIANT("sha512-long-bug", fb_hash_update, long_bug_final),
	[SHA512_NOSIMD_BUG]	= SHA512_VARIANT("sha512-nosimd-bug", nosimd_bug_update,
						 fb_hash_final),
};

struct shash_alg *test_sha512_variant(enum test_sha512_variant v)
{
	return &sha512_variants[v];
}

/* cast5 over a cast5-generic fallback */

struct fb_cipher_ctx {
	struct crypto_cipher *fallback;
	bool weak_first_byte;
};

static int fb_cipher_init(struct crypto_tfm *tfm)
{
	struct fb_cipher_ctx *ctx = crypto_tfm_ctx(tfm);
	struct crypto_cipher *fallback = crypto_alloc_cipher("cast5-generic", 0, 0);

	if (IS_ERR(fallback))
		return PTR_ERR(fallback);
	ctx->fallback = fallback;
	return 0;
}

static void fb_cipher_exit(struct crypto_tfm *tfm)
{
	struct fb_cipher_ctx *ctx = crypto_tfm_ctx(tfm);

	crypto_free_cipher(ctx->fallback);
}

static int fb_cipher_setkey(struct crypto_tfm *tfm, const u8 *key, unsigned int keylen)
{
	struct fb_cipher_ctx *ctx = crypto_tfm_ctx(tfm);

	ctx->weak_first_byte = keylen && (key[0] == 0x00 || key[0] == 0xff);
	return crypto_cipher_setkey(ctx->fallback, key, keylen);
}

static void fb_cipher_encrypt(struct crypto_tfm *tfm, u8 *dst, const u8 *src)
{
	struct fb_cipher_ctx *ctx = crypto_tfm_ctx(tfm);

	crypto_cipher_encrypt_one(ctx->fallback, dst, src);
}

static void keybug_encrypt(struct crypto_tfm *tfm, u8 *dst, const u8 *src)
{
	struct fb_cipher_ctx *ctx = crypto_tfm_ctx(tfm);

	fb_cipher_encrypt(tfm, dst, src);
	if (ctx->weak_first_byte)
		dst[CAST5_BLOCK_SIZE - 1] ^= 0x80;
}

static void fb_cipher_decrypt(struct crypto_tfm *tfm, u8 *dst, const u8 *src)
{
	struct fb_cipher_ctx *ctx = crypto_tfm_ctx(tfm);

	crypto_cipher_decrypt_one(ctx->fallback, dst, src);
}

#define CAST5_VARIANT(drv, enc) {						\
	.cra_name		= "cast5",					\
	.cra_driver_name	= drv,						\
	.cra_priority		= 10,						\
	.cra_flags		= CRYPTO_ALG_TYPE_CIPHER,			\
	.cra_blocksize		= CAST5_BLOCK_SIZE,				\
	.cra_ctxsize		= sizeof(struct fb_cipher_ctx),			\
	.cra_init		= fb_cipher_init,				\
	.cra_exit		= fb_cipher_exit,				\
	.cra_module		= THIS_MODULE,					\
	.cra_u			= {						\
		.cipher = {							\
			.cia_min_keysize	= 5,				\
			.cia_max_keysize	= 16,				\
			.cia_setkey		= fb_cipher_setkey,		\
			.cia_encrypt		= enc,				\
			.cia_decrypt		= fb_cipher_decrypt,		\
		}								\
	}									\
}

static struct crypto_alg cast5_variants[] = {
	CAST5_VARIANT("cast5-fallback", fb_cipher_encrypt),
	CAST5_VARIANT("cast5-keybug", keybug_encrypt),
};

struct crypto_alg *test_cast5_variant(bool key_bug)
{
	return &cast5_variants[key_bug];
}

/* ecb(cast5) skciphers: a walk over the fallback cipher */

static int ecb_init(struct crypto_skcipher *tfm)
{
	return fb_cipher_init(crypto_skcipher_tfm(tfm));
}

static void ecb_exit(struct crypto_skcipher *tfm)
{
	fb_cipher_exit(crypto_skcipher_tfm(tfm));
}

static int ecb_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	return fb_cipher_setkey(crypto_skcipher_tfm(tfm), key, keylen);
}

static int ecb_crypt(struct skcipher_request *req, bool enc)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct fb_cipher_ctx *ctx = crypto_skcipher_ctx(tfm);
	struct skcipher_walk walk;
	int err = skcipher_walk_virt(&walk, req, false);

	while (walk.nbytes) {
		const u8 *src = walk.src.virt.addr;
		u8 *dst = walk.dst.virt.addr;
		unsigned int n = walk.nbytes;

		for (; n >= CAST5_BLOCK_SIZE; n -= CAST5_BLOCK_SIZE) {
			if (enc)
				crypto_cipher_encrypt_one(ctx->fallback, dst, src);
			else
				crypto_cipher_decrypt_one(ctx->fallback, dst, src);
			src += CAST5_BLOCK_SIZE;
			dst += CAST5_BLOCK_SIZE;
		}
		err = skcipher_walk_done(&walk, n);
	}
	return err;
}

static int ecb_encrypt(struct skcipher_request *req)
{
	return ecb_crypt(req, true);
}

static int ecb_decrypt(struct skcipher_request *req)
{
	return ecb_crypt(req, false);
}

/* Out of place and long: the last byte of the output is flipped. */
static int oop_bug_crypt(struct skcipher_request *req, bool enc)
{
	int err = ecb_crypt(req, enc);
	u8 last;

	if (err || sg_virt(req->src) == sg_virt(req->dst) || req->cryptlen <= BUG_THRESHOLD)
		return err;
	scatterwalk_map_and_copy(&last, req->dst, req->cryptlen - 1, 1, 0);
	last ^= 1;
	scatterwalk_map_and_copy(&last, req->dst, req->cryptlen - 1, 1, 1);
	return 0;
}

static int oop_bug_encrypt(struct skcipher_request *req)
{
	return oop_bug_crypt(req, true);
}

static int oop_bug_decrypt(struct skcipher_request *req)
{
	return oop_bug_crypt(req, false);
}

#define ECB_CAST5(name, drv, flags, enc, dec) {				\
	.setkey		= ecb_setkey,						\
	.encrypt	= enc,							\
	.decrypt	= dec,							\
	.init		= ecb_init,						\
	.exit		= ecb_exit,						\
	.min_keysize	= 5,							\
	.max_keysize	= 16,							\
	.base		= {							\
		.cra_name		= name,					\
		.cra_driver_name	= drv,					\
		.cra_priority		= 10,					\
		.cra_flags		= flags,				\
		.cra_blocksize		= CAST5_BLOCK_SIZE,			\
		.cra_ctxsize		= sizeof(struct fb_cipher_ctx),		\
		.cra_module		= THIS_MODULE,				\
	}									\
}

static struct skcipher_alg ecb_cast5_oop_bug =
	ECB_CAST5("ecb(cast5)", "ecb-cast5-oop-bug", 0, oop_bug_encrypt, oop_bug_decrypt);

static struct skcipher_alg ecb_cast5_internal =
	ECB_CAST5("__ecb(cast5)", "__ecb-cast5-simdtest", CRYPTO_ALG_INTERNAL, ecb_encrypt,
		  ecb_decrypt);

struct skcipher_alg *test_ecb_cast5_oop_bug(void)
{
	return &ecb_cast5_oop_bug;
}

struct skcipher_alg *test_ecb_cast5_internal(void)
{
	return &ecb_cast5_internal;
}
