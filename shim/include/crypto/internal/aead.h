/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AEAD drivers: the types and accessors a driver file needs to compile (7.x's crypto/aes.c has
 * GCM and CCM code behind IS_ENABLED()). kcshim has no AEAD requests yet, so registering an
 * AEAD is refused with -ENOSYS; an empty table registers nothing and succeeds.
 */
#ifndef _KCSHIM_CRYPTO_INTERNAL_AEAD_H
#define _KCSHIM_CRYPTO_INTERNAL_AEAD_H

#include <crypto/aead.h>
#include <crypto/algapi.h>
#include <linux/scatterlist.h>

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

static inline struct crypto_aead *crypto_aead_reqtfm(struct aead_request *req)
{
	return container_of(req->base.tfm, struct crypto_aead, base);
}

static inline unsigned int crypto_aead_authsize(struct crypto_aead *tfm)
{
	return tfm->authsize;
}

static inline void *aead_request_ctx(struct aead_request *req)
{
	return req->__ctx;
}

static inline void crypto_aead_set_reqsize(struct crypto_aead *tfm, unsigned int reqsize)
{
	tfm->reqsize = reqsize;
}

__KCSHIM_BEGIN_DECLS
/* 0 for count 0; -ENOSYS otherwise: kcshim has no AEAD API. */
int crypto_register_aeads(struct aead_alg *algs, int count);
void crypto_unregister_aeads(struct aead_alg *algs, int count);
int crypto_register_aead(struct aead_alg *alg);
void crypto_unregister_aead(struct aead_alg *alg);
int crypto_aead_decrypt(struct aead_request *req);
int crypto_aead_encrypt(struct aead_request *req);
__KCSHIM_END_DECLS

#endif
