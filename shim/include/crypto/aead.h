/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AEAD (include/crypto/aead.h): authenticated encryption with associated data, the user side.
 *
 * A request's src holds assoclen bytes of associated data followed by cryptlen bytes of input;
 * dst receives the associated data's room (left as it is or copied, as the driver does) and the
 * output. Encryption writes cryptlen bytes of ciphertext and authsize bytes of tag; decryption
 * takes ciphertext and tag (cryptlen includes the tag) and writes cryptlen - authsize bytes.
 *
 * Errors, as in the kernel: crypto_alloc_aead() returns ERR_PTR(-ENOENT) for an unknown name;
 * crypto_aead_setkey() returns the driver's error (-EINVAL for a bad key length) and leaves the
 * tfm without a key; crypto_aead_setauthsize() returns -EINVAL for 0 (when maxauthsize is not 0)
 * or more than maxauthsize, else the driver's error; crypto_aead_encrypt()/decrypt() return
 * -ENOKEY before a key is set, decrypt -EINVAL when cryptlen < authsize and -EBADMSG when the tag
 * does not verify, else the driver's error.
 */
#ifndef _KCSHIM_CRYPTO_AEAD_H
#define _KCSHIM_CRYPTO_AEAD_H

#include <linux/container_of.h>
#include <linux/crypto.h>
#include <linux/slab.h>
#include <linux/types.h>

struct crypto_aead;
struct scatterlist;

struct aead_request {
	struct crypto_async_request base;

	unsigned int assoclen;
	unsigned int cryptlen;

	u8 *iv;

	struct scatterlist *src;
	struct scatterlist *dst;

	void *__ctx[] CRYPTO_MINALIGN_ATTR;
};

struct aead_alg {
	int (*setkey)(struct crypto_aead *tfm, const u8 *key, unsigned int keylen);
	int (*setauthsize)(struct crypto_aead *tfm, unsigned int authsize);
	int (*encrypt)(struct aead_request *req);
	int (*decrypt)(struct aead_request *req);
	int (*init)(struct crypto_aead *tfm);
	void (*exit)(struct crypto_aead *tfm);

	unsigned int ivsize;
	unsigned int maxauthsize;
	unsigned int chunksize;

	struct crypto_alg base;
};

struct crypto_aead {
	unsigned int authsize;
	unsigned int reqsize;

	struct crypto_tfm base;
};

struct crypto_sync_aead {
	struct crypto_aead base;
};

#define MAX_SYNC_AEAD_REQSIZE	384

#define SYNC_AEAD_REQUEST_ON_STACK(name, _tfm)					\
	char __##name##_desc[sizeof(struct aead_request) +			\
			     MAX_SYNC_AEAD_REQSIZE] CRYPTO_MINALIGN_ATTR;	\
	struct aead_request *name =						\
		(((struct aead_request *)__##name##_desc)->base.tfm =		\
			 crypto_sync_aead_tfm((_tfm)),				\
		 (struct aead_request *)__##name##_desc)

static inline struct crypto_aead *__crypto_aead_cast(struct crypto_tfm *tfm)
{
	return container_of(tfm, struct crypto_aead, base);
}

__KCSHIM_BEGIN_DECLS
/* The tfm, or ERR_PTR(-ENOENT) (no such driver), ERR_PTR(-ENOMEM), or the driver's init error. */
struct crypto_aead *crypto_alloc_aead(const char *alg_name, u32 type, u32 mask);
/* As crypto_alloc_aead(), synchronous drivers only; ERR_PTR(-EINVAL) if the reqsize is over
 * MAX_SYNC_AEAD_REQSIZE. */
struct crypto_sync_aead *crypto_alloc_sync_aead(const char *alg_name, u32 type, u32 mask);
/* 1 if crypto_alloc_aead() would succeed, else 0. */
int crypto_has_aead(const char *alg_name, u32 type, u32 mask);
int crypto_aead_setkey(struct crypto_aead *tfm, const u8 *key, unsigned int keylen);
int crypto_aead_setauthsize(struct crypto_aead *tfm, unsigned int authsize);
int crypto_aead_encrypt(struct aead_request *req);
int crypto_aead_decrypt(struct aead_request *req);
__KCSHIM_END_DECLS

static inline struct crypto_tfm *crypto_aead_tfm(struct crypto_aead *tfm)
{
	return &tfm->base;
}

static inline struct crypto_tfm *crypto_sync_aead_tfm(struct crypto_sync_aead *tfm)
{
	return crypto_aead_tfm(&tfm->base);
}

/* NULL and error pointers are ignored. */
static inline void crypto_free_aead(struct crypto_aead *tfm)
{
	crypto_destroy_tfm(tfm, crypto_aead_tfm(tfm));
}

static inline void crypto_free_sync_aead(struct crypto_sync_aead *tfm)
{
	crypto_free_aead(&tfm->base);
}

static inline const char *crypto_aead_driver_name(struct crypto_aead *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_aead_tfm(tfm));
}

static inline struct aead_alg *crypto_aead_alg(struct crypto_aead *tfm)
{
	return container_of(crypto_aead_tfm(tfm)->__crt_alg, struct aead_alg, base);
}

static inline unsigned int crypto_aead_alg_ivsize(struct aead_alg *alg)
{
	return alg->ivsize;
}

static inline unsigned int crypto_aead_ivsize(struct crypto_aead *tfm)
{
	return crypto_aead_alg_ivsize(crypto_aead_alg(tfm));
}

static inline unsigned int crypto_sync_aead_ivsize(struct crypto_sync_aead *tfm)
{
	return crypto_aead_ivsize(&tfm->base);
}

static inline unsigned int crypto_aead_authsize(struct crypto_aead *tfm)
{
	return tfm->authsize;
}

static inline unsigned int crypto_sync_aead_authsize(struct crypto_sync_aead *tfm)
{
	return crypto_aead_authsize(&tfm->base);
}

static inline unsigned int crypto_aead_alg_maxauthsize(struct aead_alg *alg)
{
	return alg->maxauthsize;
}

static inline unsigned int crypto_aead_maxauthsize(struct crypto_aead *aead)
{
	return crypto_aead_alg_maxauthsize(crypto_aead_alg(aead));
}

static inline unsigned int crypto_sync_aead_maxauthsize(struct crypto_sync_aead *tfm)
{
	return crypto_aead_maxauthsize(&tfm->base);
}

static inline unsigned int crypto_aead_blocksize(struct crypto_aead *tfm)
{
	return crypto_tfm_alg_blocksize(crypto_aead_tfm(tfm));
}

static inline unsigned int crypto_sync_aead_blocksize(struct crypto_sync_aead *tfm)
{
	return crypto_aead_blocksize(&tfm->base);
}

static inline unsigned int crypto_aead_alignmask(struct crypto_aead *tfm)
{
	return crypto_tfm_alg_alignmask(crypto_aead_tfm(tfm));
}

static inline u32 crypto_aead_get_flags(struct crypto_aead *tfm)
{
	return crypto_tfm_get_flags(crypto_aead_tfm(tfm));
}

static inline void crypto_aead_set_flags(struct crypto_aead *tfm, u32 flags)
{
	crypto_tfm_set_flags(crypto_aead_tfm(tfm), flags);
}

static inline void crypto_aead_clear_flags(struct crypto_aead *tfm, u32 flags)
{
	crypto_tfm_clear_flags(crypto_aead_tfm(tfm), flags);
}

static inline u32 crypto_sync_aead_get_flags(struct crypto_sync_aead *tfm)
{
	return crypto_aead_get_flags(&tfm->base);
}

static inline void crypto_sync_aead_set_flags(struct crypto_sync_aead *tfm, u32 flags)
{
	crypto_aead_set_flags(&tfm->base, flags);
}

static inline void crypto_sync_aead_clear_flags(struct crypto_sync_aead *tfm, u32 flags)
{
	crypto_aead_clear_flags(&tfm->base, flags);
}

static inline int crypto_sync_aead_setkey(struct crypto_sync_aead *tfm, const u8 *key,
					  unsigned int keylen)
{
	return crypto_aead_setkey(&tfm->base, key, keylen);
}

static inline int crypto_sync_aead_setauthsize(struct crypto_sync_aead *tfm,
					       unsigned int authsize)
{
	return crypto_aead_setauthsize(&tfm->base, authsize);
}

static inline struct crypto_aead *crypto_aead_reqtfm(struct aead_request *req)
{
	return __crypto_aead_cast(req->base.tfm);
}

static inline struct crypto_sync_aead *crypto_sync_aead_reqtfm(struct aead_request *req)
{
	return container_of(crypto_aead_reqtfm(req), struct crypto_sync_aead, base);
}

static inline unsigned int crypto_aead_reqsize(struct crypto_aead *tfm)
{
	return tfm->reqsize;
}

static inline void aead_request_set_tfm(struct aead_request *req, struct crypto_aead *tfm)
{
	req->base.tfm = crypto_aead_tfm(tfm);
}

static inline void aead_request_set_sync_tfm(struct aead_request *req,
					     struct crypto_sync_aead *tfm)
{
	aead_request_set_tfm(req, &tfm->base);
}

/* A request with the tfm's reqsize bytes of driver context after it; NULL on -ENOMEM. */
static inline struct aead_request *aead_request_alloc(struct crypto_aead *tfm, gfp_t gfp)
{
	struct aead_request *req = (struct aead_request *)
		kzalloc(sizeof(*req) + crypto_aead_reqsize(tfm), gfp);

	if (req)
		aead_request_set_tfm(req, tfm);
	return req;
}

/* Wipes the request (its context may hold key material) and frees it; NULL is ignored. */
static inline void aead_request_free(struct aead_request *req)
{
	kfree_sensitive(req);
}

static inline void aead_request_set_callback(struct aead_request *req, u32 flags,
					     crypto_completion_t complete, void *data)
{
	req->base.complete = complete;
	req->base.data = data;
	req->base.flags = flags;
}

/* cryptlen: the input after the associated data; for decryption it includes the tag. */
static inline void aead_request_set_crypt(struct aead_request *req, struct scatterlist *src,
					  struct scatterlist *dst, unsigned int cryptlen, u8 *iv)
{
	req->src = src;
	req->dst = dst;
	req->cryptlen = cryptlen;
	req->iv = iv;
}

static inline void aead_request_set_ad(struct aead_request *req, unsigned int assoclen)
{
	req->assoclen = assoclen;
}

#endif
