// SPDX-License-Identifier: GPL-2.0
/*
 * An AEAD driver for the shim's tests: encrypt-then-MAC with CAST5 in CTR mode and a SHA3-256
 * prefix MAC (sound: SHA-3 has no length extension), both kcshim's own drivers, reached through
 * the crypto API as a kernel AEAD reaches its children. Flavours add an alignmask or plant bugs.
 */
#include <crypto/algapi.h>
#include <crypto/hash.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/err.h>
#include <linux/string.h>

#include "aead_test_drivers.h"

#define TESTETM_BLOCK	8

struct testetm_ctx {
	struct crypto_cipher *cipher;
	struct crypto_shash *mac;
	u8 mac_key[TESTETM_KEY_SIZE - TESTETM_ENC_KEY_SIZE];
};

int test_testetm_inits, test_testetm_exits, test_testetm_decrypts;

static enum testetm_flavour testetm_flavour(struct crypto_aead *tfm)
{
	return container_of(crypto_aead_alg(tfm), struct testetm_alg, alg)->flavour;
}

static bool testetm_misaligned(struct crypto_aead *tfm, const void *p)
{
	return testetm_flavour(tfm) == TESTETM_ALIGNED &&
	       ((unsigned long)p & crypto_aead_alignmask(tfm));
}

static int testetm_init(struct crypto_aead *tfm)
{
	struct testetm_ctx *ctx = crypto_aead_ctx(tfm);

	ctx->cipher = crypto_alloc_cipher("cast5", 0, 0);
	if (IS_ERR(ctx->cipher))
		return PTR_ERR(ctx->cipher);
	ctx->mac = crypto_alloc_shash("sha3-256", 0, 0);
	if (IS_ERR(ctx->mac)) {
		crypto_free_cipher(ctx->cipher);
		return PTR_ERR(ctx->mac);
	}
	/* each request carries the MAC's descriptor */
	crypto_aead_set_reqsize(tfm, sizeof(struct shash_desc) + crypto_shash_descsize(ctx->mac));
	test_testetm_inits++;
	return 0;
}

static void testetm_exit(struct crypto_aead *tfm)
{
	struct testetm_ctx *ctx = crypto_aead_ctx(tfm);

	crypto_free_shash(ctx->mac);
	crypto_free_cipher(ctx->cipher);
	test_testetm_exits++;
}

static int testetm_setkey(struct crypto_aead *tfm, const u8 *key, unsigned int keylen)
{
	struct testetm_ctx *ctx = crypto_aead_ctx(tfm);

	if (testetm_misaligned(tfm, key))
		return -EFAULT;
	if (keylen != TESTETM_KEY_SIZE)
		return -EINVAL;
	memcpy(ctx->mac_key, key + TESTETM_ENC_KEY_SIZE, sizeof(ctx->mac_key));
	return crypto_cipher_setkey(ctx->cipher, key, TESTETM_ENC_KEY_SIZE);
}

static int testetm_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return authsize < TESTETM_MIN_AUTHSIZE ? -EINVAL : 0;
}

/* CTR over the walk: whole blocks of every step, the tail with the last one. */
static int testetm_ctr(struct crypto_aead *tfm, struct skcipher_walk *walk, int err)
{
	struct testetm_ctx *ctx = crypto_aead_ctx(tfm);
	u8 ks[TESTETM_BLOCK];

	while (walk->nbytes) {
		const u8 *src = walk->src.virt.addr;
		u8 *dst = walk->dst.virt.addr;
		unsigned int n = walk->nbytes;
		unsigned int i;

		if (testetm_misaligned(tfm, src) || testetm_misaligned(tfm, dst))
			return skcipher_walk_done(walk, -EFAULT);
		if (n < walk->total)
			n = round_down(n, TESTETM_BLOCK);
		for (i = 0; i < n; i += TESTETM_BLOCK) {
			crypto_cipher_encrypt_one(ctx->cipher, ks, walk->iv);
			crypto_xor_cpy(dst + i, src + i, ks, min(n - i, TESTETM_BLOCK));
			crypto_inc(walk->iv, TESTETM_BLOCK);
		}
		err = skcipher_walk_done(walk, walk->nbytes - n);
	}
	memzero_explicit(ks, sizeof(ks));
	return err;
}

static int testetm_mac_sg(struct shash_desc *desc, struct scatterlist *sg, unsigned int len)
{
	struct scatter_walk walk;
	int err = 0;

	if (!len)
		return 0;
	scatterwalk_start(&walk, sg);
	while (len && !err) {
		unsigned int n = scatterwalk_next(&walk, len);

		err = crypto_shash_update(desc, walk.addr, n);
		scatterwalk_done_src(&walk, n);
		len -= n;
	}
	return err;
}

/* The full-length tag of the associated data in req->src and len bytes of ciphertext in ct. */
static int testetm_tag(struct aead_request *req, struct scatterlist *ct, unsigned int len,
		       u8 tag[TESTETM_MAX_AUTHSIZE])
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct testetm_ctx *ctx = crypto_aead_ctx(tfm);
	struct shash_desc *desc = aead_request_ctx(req);
	struct scatterlist tmp[2];
	__le64 lens[2] = { cpu_to_le64(req->assoclen), cpu_to_le64(len) };

	desc->tfm = ctx->mac;
	return crypto_shash_init(desc) ?:
	       crypto_shash_update(desc, ctx->mac_key, sizeof(ctx->mac_key)) ?:
	       crypto_shash_update(desc, (const u8 *)lens, sizeof(lens)) ?:
	       testetm_mac_sg(desc, req->src, req->assoclen) ?:
	       testetm_mac_sg(desc, scatterwalk_ffwd(tmp, ct, req->assoclen), len) ?:
	       crypto_shash_final(desc, tag);
}

/* The planted bug: a zero byte right after the tag's last one, through the mapped address. */
static void testetm_overrun(struct aead_request *req, unsigned int authsize)
{
	struct scatter_walk walk;

	scatterwalk_start_at_pos(&walk, req->dst, req->assoclen + req->cryptlen + authsize - 1);
	scatterwalk_next(&walk, 1);
	((u8 *)walk.addr)[1] = 0;
}

static int testetm_encrypt(struct aead_request *req)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	unsigned int authsize = crypto_aead_authsize(tfm);
	struct skcipher_walk walk;
	u8 tag[TESTETM_MAX_AUTHSIZE];
	int err;

	err = skcipher_walk_aead_encrypt(&walk, req, false);
	err = testetm_ctr(tfm, &walk, err) ?: testetm_tag(req, req->dst, req->cryptlen, tag);
	if (err)
		return err;
	scatterwalk_map_and_copy(tag, req->dst, req->assoclen + req->cryptlen, authsize, 1);
	if (testetm_flavour(tfm) == TESTETM_TAG_OVERRUN)
		testetm_overrun(req, authsize);
	return 0;
}

static int testetm_decrypt(struct aead_request *req)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int len = req->cryptlen - authsize;
	struct skcipher_walk walk;
	u8 tag[TESTETM_MAX_AUTHSIZE], want[TESTETM_MAX_AUTHSIZE];
	int err;

	test_testetm_decrypts++;
	err = testetm_tag(req, req->src, len, want);
	if (err)
		return err;
	scatterwalk_map_and_copy(tag, req->src, req->assoclen + len, authsize, 0);
	if (testetm_flavour(tfm) != TESTETM_NO_VERIFY && crypto_memneq(tag, want, authsize))
		return -EBADMSG;
	err = skcipher_walk_aead_decrypt(&walk, req, false);
	return testetm_ctr(tfm, &walk, err);
}

void test_make_testetm(struct testetm_alg *t, const char *name, const char *driver, int priority,
		       enum testetm_flavour flavour)
{
	struct aead_alg *alg = &t->alg;

	memset(t, 0, sizeof(*t));
	t->flavour = flavour;
	alg->setkey = testetm_setkey;
	alg->setauthsize = testetm_setauthsize;
	alg->encrypt = testetm_encrypt;
	alg->decrypt = testetm_decrypt;
	alg->init = testetm_init;
	alg->exit = testetm_exit;
	alg->ivsize = TESTETM_IV_SIZE;
	alg->maxauthsize = TESTETM_MAX_AUTHSIZE;
	alg->chunksize = TESTETM_BLOCK;
	alg->base.cra_blocksize = 1;
	alg->base.cra_ctxsize = sizeof(struct testetm_ctx);
	alg->base.cra_alignmask = flavour == TESTETM_ALIGNED ? 7 : 0;
	alg->base.cra_priority = priority;
	strscpy(alg->base.cra_name, name, sizeof(alg->base.cra_name));
	strscpy(alg->base.cra_driver_name, driver, sizeof(alg->base.cra_driver_name));
}
