/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AEAD drivers (include/crypto/internal/aead.h): registration, the tfm and request contexts.
 * and the template side: aead_instance, AEAD spawns, aead_register_instance().
 */
#ifndef _KCSHIM_CRYPTO_INTERNAL_AEAD_H
#define _KCSHIM_CRYPTO_INTERNAL_AEAD_H

#include <crypto/aead.h>
#include <crypto/algapi.h>
#include <linux/types.h>

/* An AEAD template instance: the aead_alg, whose base is the crypto_instance's alg. */
struct aead_instance {
	void (*free)(struct aead_instance *inst);
	union {
		struct {
			char head[offsetof(struct aead_alg, base)];
			struct crypto_instance base;
		} s;
		struct aead_alg alg;
	};
};

struct crypto_aead_spawn {
	struct crypto_spawn base;
};

static inline struct crypto_instance *aead_crypto_instance(struct aead_instance *inst)
{
	return &inst->s.base;
}

static inline void *aead_instance_ctx(struct aead_instance *inst)
{
	return crypto_instance_ctx(aead_crypto_instance(inst));
}

static inline struct aead_instance *aead_alg_instance(struct crypto_aead *aead)
{
	return container_of(crypto_aead_alg(aead), struct aead_instance, alg);
}

static inline void crypto_drop_aead(struct crypto_aead_spawn *spawn)
{
	crypto_drop_spawn(&spawn->base);
}

static inline struct aead_alg *crypto_spawn_aead_alg(struct crypto_aead_spawn *spawn)
{
	return container_of(spawn->base.alg, struct aead_alg, base);
}

static inline void *crypto_aead_ctx(struct crypto_aead *tfm)
{
	return crypto_tfm_ctx(&tfm->base);
}

static inline void *crypto_aead_ctx_dma(struct crypto_aead *tfm)
{
	return crypto_tfm_ctx_dma(&tfm->base);
}

static inline void *aead_request_ctx(struct aead_request *req)
{
	return req->__ctx;
}

/* kcshim does no DMA: the request context is already aligned enough. */
static inline void *aead_request_ctx_dma(struct aead_request *req)
{
	return aead_request_ctx(req);
}

static inline void aead_request_complete(struct aead_request *req, int err)
{
	crypto_request_complete(&req->base, err);
}

static inline u32 aead_request_flags(struct aead_request *req)
{
	return req->base.flags;
}

static inline struct aead_request *aead_request_cast(struct crypto_async_request *req)
{
	return container_of(req, struct aead_request, base);
}

/* From the driver's init: how many bytes of context each request carries after it. */
static inline void crypto_aead_set_reqsize(struct crypto_aead *aead, unsigned int reqsize)
{
	aead->reqsize = reqsize;
}

static inline void crypto_aead_set_reqsize_dma(struct crypto_aead *aead, unsigned int reqsize)
{
	crypto_aead_set_reqsize(aead, reqsize);
}

static inline unsigned int crypto_aead_alg_chunksize(struct aead_alg *alg)
{
	return alg->chunksize;
}

static inline unsigned int crypto_aead_chunksize(struct crypto_aead *tfm)
{
	return crypto_aead_alg_chunksize(crypto_aead_alg(tfm));
}

__KCSHIM_BEGIN_DECLS
/*
 * Registers an AEAD driver with crypto_aead_type's checks (aead_prepare_alg): -EINVAL when
 * maxauthsize, ivsize or chunksize is over PAGE_SIZE / 8, or (kcshim's addition, as for
 * skciphers) setkey, encrypt or decrypt is missing,
 * then crypto_register_alg()'s (-EINVAL for a bad cra_alignmask or cra_blocksize, -EEXIST for a
 * driver name collision). A chunksize of 0 becomes cra_blocksize. The driver is self-tested as it
 * registers; one that fails stays registered but is never returned by a lookup.
 */
int crypto_register_aead(struct aead_alg *alg);
void crypto_unregister_aead(struct aead_alg *alg);
/* All or nothing: on an error the ones registered already are unregistered again. */
int crypto_register_aeads(struct aead_alg *algs, int count);
void crypto_unregister_aeads(struct aead_alg *algs, int count);
/*
 * Registers an AEAD instance made by tmpl's create(): crypto_register_aead()'s checks, -EINVAL
 * without inst->free, then crypto_register_instance()'s. On an error the caller frees.
 */
int aead_register_instance(struct crypto_template *tmpl, struct aead_instance *inst);
/* An AEAD (or a template instance made for name). -ENOENT when there is none. */
int crypto_grab_aead(struct crypto_aead_spawn *spawn, struct crypto_instance *inst,
		     const char *name, u32 type, u32 mask);
/* A tfm of the spawn's AEAD, ERR_PTR(-EAGAIN) when it was unregistered, the init's error. */
struct crypto_aead *crypto_spawn_aead(struct crypto_aead_spawn *spawn);
__KCSHIM_END_DECLS

#endif
