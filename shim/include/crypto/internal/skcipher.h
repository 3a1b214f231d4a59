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

/* An skcipher template instance: the skcipher_alg, whose base is the crypto_instance's alg. */
struct skcipher_instance {
	void (*free)(struct skcipher_instance *inst);
	union {
		struct {
			char head[offsetof(struct skcipher_alg, base)];
			struct crypto_instance base;
		} s;
		struct skcipher_alg alg;
	};
};

struct crypto_skcipher_spawn {
	struct crypto_spawn base;
};

/* The context of skcipher_alloc_instance_simple()'s instances. */
struct skcipher_ctx_simple {
	struct crypto_cipher *cipher;
};

__KCSHIM_BEGIN_DECLS
/*
 * Registers an skcipher instance made by tmpl's create(): crypto_register_skcipher()'s checks,
 * -EINVAL without inst->free, then crypto_register_instance()'s. On an error the caller frees.
 */
int skcipher_register_instance(struct crypto_template *tmpl, struct skcipher_instance *inst);
/* An skcipher (or an lskcipher, or a template instance made for name). -ENOENT when none. */
int crypto_grab_skcipher(struct crypto_skcipher_spawn *spawn, struct crypto_instance *inst,
			 const char *name, u32 type, u32 mask);
/* A tfm of the spawn's skcipher, ERR_PTR(-EAGAIN) when it was unregistered, the init's error. */
struct crypto_skcipher *crypto_spawn_skcipher(struct crypto_skcipher_spawn *spawn);
/*
 * The instance over the single-block cipher tb[1] names, as the kernel's simple modes make it:
 * "tmpl(cipher)", the cipher's sizes (ivsize and chunksize one block), setkey, init and exit that
 * hold a crypto_cipher in a struct skcipher_ctx_simple, inst->free set; the caller sets encrypt
 * and decrypt and registers it. ERR_PTR(-errno): crypto_check_attr_type()'s and
 * crypto_grab_cipher()'s errors, -ENAMETOOLONG, -ENOMEM.
 */
struct skcipher_instance *skcipher_alloc_instance_simple(struct crypto_template *tmpl,
							 struct rtattr **tb);

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

/* up to 6.6 (6.1's xts.c and cts.c): the alg's IV size; since, skcipher_alg_common's */
static inline unsigned int crypto_skcipher_alg_ivsize(struct skcipher_alg *alg)
{
	return alg->ivsize;
}

static inline void skcipher_request_complete(struct skcipher_request *req, int err)
{
	crypto_request_complete(&req->base, err);
}

static inline struct crypto_instance *skcipher_crypto_instance(struct skcipher_instance *inst)
{
	return &inst->s.base;
}

static inline void *skcipher_instance_ctx(struct skcipher_instance *inst)
{
	return crypto_instance_ctx(skcipher_crypto_instance(inst));
}

static inline struct skcipher_instance *skcipher_alg_instance(struct crypto_skcipher *skcipher)
{
	return container_of(crypto_skcipher_alg(skcipher), struct skcipher_instance, alg);
}

static inline void crypto_drop_skcipher(struct crypto_skcipher_spawn *spawn)
{
	crypto_drop_spawn(&spawn->base);
}

static inline struct skcipher_alg_common *
crypto_spawn_skcipher_alg_common(struct crypto_skcipher_spawn *spawn)
{
	return container_of(spawn->base.alg, struct skcipher_alg_common, base);
}

static inline struct skcipher_alg *crypto_spawn_skcipher_alg(struct crypto_skcipher_spawn *spawn)
{
	return container_of(spawn->base.alg, struct skcipher_alg, base);
}

/* 6.1's name for it */
static inline struct skcipher_alg *crypto_skcipher_spawn_alg(struct crypto_skcipher_spawn *spawn)
{
	return crypto_spawn_skcipher_alg(spawn);
}

static inline struct crypto_cipher *skcipher_cipher_simple(struct crypto_skcipher *tfm)
{
	struct skcipher_ctx_simple *ctx = (struct skcipher_ctx_simple *)crypto_skcipher_ctx(tfm);

	return ctx->cipher;
}

static inline struct crypto_alg *skcipher_ialg_simple(struct skcipher_instance *inst)
{
	struct crypto_cipher_spawn *spawn =
		(struct crypto_cipher_spawn *)skcipher_instance_ctx(inst);

	return crypto_spawn_cipher_alg(spawn);
}

#endif
