/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symmetric-key ciphers: over scatterlists (skcipher, the request API) and over linear buffers
 * (lskcipher, kernel 6.7+).
 */
#ifndef _KCSHIM_CRYPTO_SKCIPHER_H
#define _KCSHIM_CRYPTO_SKCIPHER_H

#include <linux/crypto.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

/* lskcipher call flags: this call continues an earlier one (the state in siv is live) ... */
#define CRYPTO_LSKCIPHER_FLAG_CONT	0x00000001
/* ... and this call ends the message (no partial block may be left over). */
#define CRYPTO_LSKCIPHER_FLAG_FINAL	0x00000002

/* skcipher request flags, passed to an lskcipher driver as !FINAL and CONT. */
#define CRYPTO_SKCIPHER_REQ_CONT	0x00000001
#define CRYPTO_SKCIPHER_REQ_NOTFINAL	0x00000002

struct crypto_skcipher;

struct skcipher_request {
	unsigned int cryptlen;
	u8 *iv;
	struct scatterlist *src;
	struct scatterlist *dst;
	struct crypto_async_request base;
	void *__ctx[] CRYPTO_MINALIGN_ATTR;
};

struct crypto_skcipher {
	unsigned int reqsize;
	struct crypto_tfm base;
};

struct crypto_sync_skcipher {
	struct crypto_skcipher base;
};

struct crypto_lskcipher {
	struct crypto_tfm base;
};

struct skcipher_alg_common {
	unsigned int min_keysize;
	unsigned int max_keysize;
	unsigned int ivsize;
	unsigned int chunksize;
	unsigned int statesize;
	struct crypto_alg base;
};

struct skcipher_alg {
	int (*setkey)(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen);
	int (*encrypt)(struct skcipher_request *req);
	int (*decrypt)(struct skcipher_request *req);
#ifdef __cplusplus
	int (*export_)(struct skcipher_request *req, void *out);
#else
	int (*export)(struct skcipher_request *req, void *out);
#endif
	int (*import)(struct skcipher_request *req, const void *in);
	int (*init)(struct crypto_skcipher *tfm);
	void (*exit)(struct crypto_skcipher *tfm);

	unsigned int walksize;

	union {
		struct {
			unsigned int min_keysize;
			unsigned int max_keysize;
			unsigned int ivsize;
			unsigned int chunksize;
			unsigned int statesize;
			struct crypto_alg base;
		};
		struct skcipher_alg_common co;
	};
};

/*
 * A linear skcipher: encrypt/decrypt(tfm, src, dst, len, siv, flags) over one buffer. siv is
 * ivsize + statesize bytes, the IV first, then the driver's state between calls (CONT). Without
 * FINAL a driver may leave a partial block: it returns the bytes left over, else 0 or -errno.
 */
struct lskcipher_alg {
	int (*setkey)(struct crypto_lskcipher *tfm, const u8 *key, unsigned int keylen);
	int (*encrypt)(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
		       u8 *siv, u32 flags);
	int (*decrypt)(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
		       u8 *siv, u32 flags);
	int (*init)(struct crypto_lskcipher *tfm);
	void (*exit)(struct crypto_lskcipher *tfm);

	struct skcipher_alg_common co;
};

#define MAX_SYNC_SKCIPHER_REQSIZE	384

#define SYNC_SKCIPHER_REQUEST_ON_STACK(name, tfm)				\
	char __##name##_desc[sizeof(struct skcipher_request) +			\
			     MAX_SYNC_SKCIPHER_REQSIZE] CRYPTO_MINALIGN_ATTR;	\
	struct skcipher_request *name = (struct skcipher_request *)__##name##_desc

__KCSHIM_BEGIN_DECLS
struct crypto_skcipher *crypto_alloc_skcipher(const char *alg_name, u32 type, u32 mask);
struct crypto_sync_skcipher *crypto_alloc_sync_skcipher(const char *alg_name, u32 type, u32 mask);
void crypto_free_skcipher(struct crypto_skcipher *tfm);
int crypto_has_skcipher(const char *alg_name, u32 type, u32 mask);
/* -EINVAL for a key length outside [min_keysize, max_keysize] or one the driver rejects. */
int crypto_skcipher_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen);
/* -ENOKEY before setkey; -EINVAL for a length the mode cannot take. */
int crypto_skcipher_encrypt(struct skcipher_request *req);
int crypto_skcipher_decrypt(struct skcipher_request *req);
/* The state (statesize bytes) an lskcipher-backed request carries between CONT requests; 0. */
int crypto_skcipher_export(struct skcipher_request *req, void *out);
int crypto_skcipher_import(struct skcipher_request *req, const void *in);

/* -ENOENT when no lskcipher (or ecb() template over one) is named alg_name. */
struct crypto_lskcipher *crypto_alloc_lskcipher(const char *alg_name, u32 type, u32 mask);
/* -EINVAL for a key length outside [min_keysize, max_keysize] or one the driver rejects. */
int crypto_lskcipher_setkey(struct crypto_lskcipher *tfm, const u8 *key, unsigned int keylen);
/*
 * One whole message: src to dst (may be equal), len bytes; iv is ivsize + statesize bytes and
 * holds the IV (and state) for a following call on return. -EINVAL for a length the cipher cannot
 * take; the driver's error otherwise.
 */
int crypto_lskcipher_encrypt(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
			     u8 *iv);
int crypto_lskcipher_decrypt(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
			     u8 *iv);
__KCSHIM_END_DECLS

static inline struct crypto_tfm *crypto_skcipher_tfm(struct crypto_skcipher *tfm)
{
	return &tfm->base;
}

static inline struct crypto_skcipher *__crypto_skcipher_cast(struct crypto_tfm *tfm)
{
	return container_of(tfm, struct crypto_skcipher, base);
}

static inline struct skcipher_alg *crypto_skcipher_alg(struct crypto_skcipher *tfm)
{
	return container_of(crypto_skcipher_tfm(tfm)->__crt_alg, struct skcipher_alg, base);
}

/* The sizes an skcipher tfm shares with an lskcipher driver it may be backed by. */
static inline struct skcipher_alg_common *crypto_skcipher_alg_common(struct crypto_skcipher *tfm)
{
	return container_of(crypto_skcipher_tfm(tfm)->__crt_alg, struct skcipher_alg_common, base);
}

static inline const char *crypto_skcipher_driver_name(struct crypto_skcipher *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_skcipher_tfm(tfm));
}

static inline unsigned int crypto_skcipher_ivsize(struct crypto_skcipher *tfm)
{
	return crypto_skcipher_alg_common(tfm)->ivsize;
}

static inline unsigned int crypto_skcipher_blocksize(struct crypto_skcipher *tfm)
{
	return crypto_tfm_alg_blocksize(crypto_skcipher_tfm(tfm));
}

static inline unsigned int crypto_skcipher_alignmask(struct crypto_skcipher *tfm)
{
	return crypto_tfm_alg_alignmask(crypto_skcipher_tfm(tfm));
}

static inline unsigned int crypto_skcipher_alg_chunksize(struct skcipher_alg *alg)
{
	return alg->chunksize;
}

static inline unsigned int crypto_skcipher_chunksize(struct crypto_skcipher *tfm)
{
	return crypto_skcipher_alg_common(tfm)->chunksize;
}

static inline unsigned int crypto_skcipher_statesize(struct crypto_skcipher *tfm)
{
	return crypto_skcipher_alg_common(tfm)->statesize;
}

static inline unsigned int crypto_skcipher_min_keysize(struct crypto_skcipher *tfm)
{
	return crypto_skcipher_alg_common(tfm)->min_keysize;
}

static inline unsigned int crypto_skcipher_max_keysize(struct crypto_skcipher *tfm)
{
	return crypto_skcipher_alg_common(tfm)->max_keysize;
}

static inline unsigned int crypto_skcipher_reqsize(struct crypto_skcipher *tfm)
{
	return tfm->reqsize;
}

static inline u32 crypto_skcipher_get_flags(struct crypto_skcipher *tfm)
{
	return crypto_tfm_get_flags(crypto_skcipher_tfm(tfm));
}

static inline void crypto_skcipher_set_flags(struct crypto_skcipher *tfm, u32 flags)
{
	crypto_tfm_set_flags(crypto_skcipher_tfm(tfm), flags);
}

static inline void crypto_skcipher_clear_flags(struct crypto_skcipher *tfm, u32 flags)
{
	crypto_tfm_clear_flags(crypto_skcipher_tfm(tfm), flags);
}

static inline struct crypto_skcipher *crypto_skcipher_reqtfm(struct skcipher_request *req)
{
	return __crypto_skcipher_cast(req->base.tfm);
}

static inline u32 skcipher_request_flags(struct skcipher_request *req)
{
	return req->base.flags;
}

static inline void skcipher_request_set_tfm(struct skcipher_request *req,
					    struct crypto_skcipher *tfm)
{
	req->base.tfm = crypto_skcipher_tfm(tfm);
}

static inline struct skcipher_request *skcipher_request_alloc(struct crypto_skcipher *tfm,
							      gfp_t gfp)
{
	struct skcipher_request *req = (struct skcipher_request *)
		kzalloc(sizeof(*req) + crypto_skcipher_reqsize(tfm), gfp);

	if (req)
		skcipher_request_set_tfm(req, tfm);
	return req;
}

static inline void skcipher_request_free(struct skcipher_request *req)
{
	kfree_sensitive(req);
}

static inline void skcipher_request_zero(struct skcipher_request *req)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);

	memzero_explicit(req, sizeof(*req) + crypto_skcipher_reqsize(tfm));
}

static inline void skcipher_request_set_callback(struct skcipher_request *req, u32 flags,
						 crypto_completion_t cmpl, void *data)
{
	req->base.complete = cmpl;
	req->base.data = data;
	req->base.flags = flags;
}

static inline void skcipher_request_set_crypt(struct skcipher_request *req,
					      struct scatterlist *src, struct scatterlist *dst,
					      unsigned int cryptlen, void *iv)
{
	req->src = src;
	req->dst = dst;
	req->cryptlen = cryptlen;
	req->iv = (u8 *)iv;
}

static inline struct crypto_skcipher *crypto_sync_skcipher_tfm(struct crypto_sync_skcipher *tfm)
{
	return &tfm->base;
}

static inline void crypto_free_sync_skcipher(struct crypto_sync_skcipher *tfm)
{
	crypto_free_skcipher(&tfm->base);
}

static inline int crypto_sync_skcipher_setkey(struct crypto_sync_skcipher *tfm, const u8 *key,
					      unsigned int keylen)
{
	return crypto_skcipher_setkey(&tfm->base, key, keylen);
}

static inline unsigned int crypto_sync_skcipher_ivsize(struct crypto_sync_skcipher *tfm)
{
	return crypto_skcipher_ivsize(&tfm->base);
}

#define skcipher_request_set_sync_tfm(req, tfm) skcipher_request_set_tfm(req, &(tfm)->base)

static inline struct crypto_tfm *crypto_lskcipher_tfm(struct crypto_lskcipher *tfm)
{
	return &tfm->base;
}

static inline void crypto_free_lskcipher(struct crypto_lskcipher *tfm)
{
	crypto_destroy_tfm(tfm, crypto_lskcipher_tfm(tfm));
}

static inline struct lskcipher_alg *crypto_lskcipher_alg(struct crypto_lskcipher *tfm)
{
	return container_of(crypto_lskcipher_tfm(tfm)->__crt_alg, struct lskcipher_alg, co.base);
}

static inline const char *crypto_lskcipher_driver_name(struct crypto_lskcipher *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_lskcipher_tfm(tfm));
}

static inline unsigned int crypto_lskcipher_ivsize(struct crypto_lskcipher *tfm)
{
	return crypto_lskcipher_alg(tfm)->co.ivsize;
}

static inline unsigned int crypto_lskcipher_blocksize(struct crypto_lskcipher *tfm)
{
	return crypto_tfm_alg_blocksize(crypto_lskcipher_tfm(tfm));
}

static inline unsigned int crypto_lskcipher_chunksize(struct crypto_lskcipher *tfm)
{
	return crypto_lskcipher_alg(tfm)->co.chunksize;
}

static inline unsigned int crypto_lskcipher_statesize(struct crypto_lskcipher *tfm)
{
	return crypto_lskcipher_alg(tfm)->co.statesize;
}

static inline unsigned int crypto_lskcipher_alignmask(struct crypto_lskcipher *tfm)
{
	return crypto_tfm_alg_alignmask(crypto_lskcipher_tfm(tfm));
}

static inline unsigned int crypto_lskcipher_min_keysize(struct crypto_lskcipher *tfm)
{
	return crypto_lskcipher_alg(tfm)->co.min_keysize;
}

static inline unsigned int crypto_lskcipher_max_keysize(struct crypto_lskcipher *tfm)
{
	return crypto_lskcipher_alg(tfm)->co.max_keysize;
}

static inline u32 crypto_lskcipher_get_flags(struct crypto_lskcipher *tfm)
{
	return crypto_tfm_get_flags(crypto_lskcipher_tfm(tfm));
}

static inline void crypto_lskcipher_set_flags(struct crypto_lskcipher *tfm, u32 flags)
{
	crypto_tfm_set_flags(crypto_lskcipher_tfm(tfm), flags);
}

static inline void crypto_lskcipher_clear_flags(struct crypto_lskcipher *tfm, u32 flags)
{
	crypto_tfm_clear_flags(crypto_lskcipher_tfm(tfm), flags);
}

#endif
