/* SPDX-License-Identifier: GPL-2.0 */
/* The skcipher provider side: registration and the scatterlist walk drivers iterate with. */
#ifndef _KCSHIM_CRYPTO_INTERNAL_SKCIPHER_H
#define _KCSHIM_CRYPTO_INTERNAL_SKCIPHER_H

#include <crypto/algapi.h>
#include <crypto/internal/cipher.h>
#include <crypto/scatterwalk.h>
#include <crypto/skcipher.h>
#include <linux/list.h>
#include <linux/types.h>

struct aead_request;

/* 6.15: a skcipher whose requests need more than MAX_SYNC_SKCIPHER_REQSIZE (the flag's bit is
 * reused from OPTIONAL_KEY, which skciphers never set). */
#define CRYPTO_ALG_SKCIPHER_REQSIZE_LARGE CRYPTO_ALG_OPTIONAL_KEY

/*
 * One step of a walk maps a run of src and dst that is contiguous in both: at least a block (or
 * the whole tail), bounced through an aligned buffer when the data is split across scatterlist
 * entries inside a block or misaligned for the driver's alignmask.
 */
struct skcipher_walk {
	union {
		struct {
			struct page *page;
			unsigned long offset;
		} phys;
		struct {
			struct page *page;
			void *addr;
		} virt;
	} src, dst;

	struct scatter_walk in;
	unsigned int nbytes;
	struct scatter_walk out;
	unsigned int total;

	struct list_head buffers;
	u8 *page;
	u8 *buffer;
	u8 *oiv;
	void *iv;

	unsigned int ivsize;
	int flags;
	unsigned int blocksize;
	unsigned int stride;
	unsigned int alignmask;
};

__KCSHIM_BEGIN_DECLS
int crypto_register_skcipher(struct skcipher_alg *alg);
void crypto_unregister_skcipher(struct skcipher_alg *alg);
int crypto_register_skciphers(struct skcipher_alg *algs, int count);
void crypto_unregister_skciphers(struct skcipher_alg *algs, int count);

/*
 * Registers a linear skcipher. -EINVAL for sizes over the kernel's limits (ivsize or chunksize
 * over PAGE_SIZE / 8, statesize or ivsize + statesize over PAGE_SIZE / 2), a chunksize that is
 * not a power of two, min_keysize > max_keysize or a missing setkey/encrypt/decrypt; -EEXIST for
 * a driver name collision. It is reachable through crypto_alloc_skcipher() too, and ecb(name)
 * instantiates over it.
 */
int crypto_register_lskcipher(struct lskcipher_alg *alg);
void crypto_unregister_lskcipher(struct lskcipher_alg *alg);
int crypto_register_lskciphers(struct lskcipher_alg *algs, int count);
void crypto_unregister_lskciphers(struct lskcipher_alg *algs, int count);

/* Starts a walk over req; walk->nbytes is the first step's length (0 when done or on error). */
int skcipher_walk_virt(struct skcipher_walk *walk, struct skcipher_request *req, bool atomic);
/* Ends a step leaving res (>= 0) bytes unprocessed, or aborts with res < 0; returns the error. */
int skcipher_walk_done(struct skcipher_walk *walk, int res);
void skcipher_walk_complete(struct skcipher_walk *walk, int err);
int skcipher_walk_async(struct skcipher_walk *walk, struct skcipher_request *req);
/*
 * Walks an AEAD request's data after its assoclen bytes of associated data, in src and dst: the
 * cryptlen bytes of plaintext (encrypt) or the cryptlen - authsize bytes of ciphertext before the
 * tag (decrypt), in steps of the driver's chunksize. As skcipher_walk_virt() otherwise.
 */
int skcipher_walk_aead_encrypt(struct skcipher_walk *walk, struct aead_request *req, bool atomic);
int skcipher_walk_aead_decrypt(struct skcipher_walk *walk, struct aead_request *req, bool atomic);
__KCSHIM_END_DECLS

static inline void skcipher_walk_abort(struct skcipher_walk *walk)
{
	skcipher_walk_done(walk, -ECANCELED);
}

static inline void *crypto_skcipher_ctx(struct crypto_skcipher *tfm)
{
	return crypto_tfm_ctx(&tfm->base);
}

static inline void *crypto_lskcipher_ctx(struct crypto_lskcipher *tfm)
{
	return crypto_tfm_ctx(&tfm->base);
}

static inline void *crypto_skcipher_ctx_dma(struct crypto_skcipher *tfm)
{
	return crypto_tfm_ctx(&tfm->base);
}

static inline void *skcipher_request_ctx(struct skcipher_request *req)
{
	return req->__ctx;
}

static inline void crypto_skcipher_set_reqsize(struct crypto_skcipher *skcipher,
					       unsigned int reqsize)
{
	skcipher->reqsize = reqsize;
}

static inline unsigned int crypto_skcipher_alg_min_keysize(struct skcipher_alg *alg)
{
	return alg->min_keysize;
}

static inline unsigned int crypto_skcipher_alg_max_keysize(struct skcipher_alg *alg)
{
	return alg->max_keysize;
}

static inline unsigned int crypto_skcipher_alg_walksize(struct skcipher_alg *alg)
{
	return alg->walksize;
}

static inline void skcipher_request_complete(struct skcipher_request *req, int err)
{
	crypto_request_complete(&req->base, err);
}

#endif
