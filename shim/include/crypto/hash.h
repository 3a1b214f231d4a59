/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synchronous message digests (shash), one layout for every generation kcshim serves:
 *  - up to 6.15 the driver buffers partial blocks, .update returns 0 or -errno;
 *  - from 6.16 a driver may set CRYPTO_AHASH_ALG_BLOCK_ONLY (crypto/internal/hash.h): the API
 *    keeps the partial block after the driver's state and .update returns the bytes it left;
 *    .export_core/.import_core move the state without the partial block.
 * Drivers fill the struct with designated initialisers, so the members of every generation can
 * sit side by side; a driver leaves the ones its generation lacks zero.
 */
#ifndef _KCSHIM_CRYPTO_HASH_H
#define _KCSHIM_CRYPTO_HASH_H

#include <linux/crypto.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#define HASH_MAX_DIGESTSIZE	64

/* A core hash state, a partial block and the byte holding its length (6.16). */
#define HASH_STATE_AND_BLOCK(state, block) ((state) + (block) + 1)
#define CRYPTO_HASH_STATESIZE(coresize, blocksize) (coresize + blocksize + 1)

/*
 * The largest of every generation: 7.x's worst case is a block-only SHA3-224 (state 200 + block
 * 144 + 1) and, for descriptors, s390's nested context (216 + 144 + 1); 6.x's was 360.
 */
#define HASH_MAX_STATESIZE	512
#define HASH_MAX_DESCSIZE	(sizeof(struct shash_desc) + HASH_STATE_AND_BLOCK(216, 144))

struct crypto_shash;

struct shash_desc {
	struct crypto_shash *tfm;
	void *__ctx[] __aligned(ARCH_SLAB_MINALIGN);
};

#define SHASH_DESC_ON_STACK(shash, ctx)					\
	char __##shash##_desc[sizeof(struct shash_desc) + HASH_MAX_DESCSIZE]	\
		__aligned(__alignof__(struct shash_desc));			\
	struct shash_desc *shash = (struct shash_desc *)__##shash##_desc

struct hash_alg_common {
	unsigned int digestsize;
	unsigned int statesize;
	struct crypto_alg base;
};

struct shash_alg {
	int (*init)(struct shash_desc *desc);
	int (*update)(struct shash_desc *desc, const u8 *data, unsigned int len);
	int (*final)(struct shash_desc *desc, u8 *out);
	int (*finup)(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out);
	int (*digest)(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out);
	/* "export" is a C++ keyword: C++ code (the core) sees the same slot as export_ */
#ifdef __cplusplus
	int (*export_)(struct shash_desc *desc, void *out);
#else
	int (*export)(struct shash_desc *desc, void *out);
#endif
	int (*import)(struct shash_desc *desc, const void *in);
	/* 6.16: the state without the partial block; the API fills them in for block-only hashes */
	int (*export_core)(struct shash_desc *desc, void *out);
	int (*import_core)(struct shash_desc *desc, const void *in);
	int (*setkey)(struct crypto_shash *tfm, const u8 *key, unsigned int keylen);
	int (*init_tfm)(struct crypto_shash *tfm);
	void (*exit_tfm)(struct crypto_shash *tfm);
	int (*clone_tfm)(struct crypto_shash *dst, struct crypto_shash *src);

	unsigned int descsize;

	union {
		struct {
			unsigned int digestsize;
			unsigned int statesize;
			struct crypto_alg base;
		};
		struct hash_alg_common halg;
	};
};

struct crypto_shash {
	unsigned int descsize;
	struct crypto_tfm base;
};

__KCSHIM_BEGIN_DECLS
/* Allocates a tfm for the best driver of name (or the driver so named): ERR_PTR(-ENOENT) if none. */
struct crypto_shash *crypto_alloc_shash(const char *alg_name, u32 type, u32 mask);
void crypto_free_shash(struct crypto_shash *tfm);
int crypto_has_shash(const char *alg_name, u32 type, u32 mask);
/* -EINVAL for a key length the driver rejects, -ENOSYS for an unkeyed hash. */
int crypto_shash_setkey(struct crypto_shash *tfm, const u8 *key, unsigned int keylen);
/* -ENOKEY while a keyed hash has no key. */
int crypto_shash_init(struct shash_desc *desc);
/* Functions in every generation (6.16 made update and final inline wrappers of finup). */
int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len);
int crypto_shash_final(struct shash_desc *desc, u8 *out);
/* From 6.16, out == NULL makes finup an update; the desc is wiped when out is written. */
int crypto_shash_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out);
int crypto_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out);
int crypto_shash_tfm_digest(struct crypto_shash *tfm, const u8 *data, unsigned int len, u8 *out);
int crypto_shash_export(struct shash_desc *desc, void *out);
/* -EOVERFLOW when a block-only hash's imported partial block length is out of range. */
int crypto_shash_import(struct shash_desc *desc, const void *in);
__KCSHIM_END_DECLS

static inline struct crypto_tfm *crypto_shash_tfm(struct crypto_shash *tfm)
{
	return &tfm->base;
}

static inline struct shash_alg *__crypto_shash_alg(struct crypto_alg *alg)
{
	return container_of(alg, struct shash_alg, base);
}

static inline struct shash_alg *crypto_shash_alg(struct crypto_shash *tfm)
{
	return __crypto_shash_alg(crypto_shash_tfm(tfm)->__crt_alg);
}

static inline const char *crypto_shash_alg_name(struct crypto_shash *tfm)
{
	return crypto_tfm_alg_name(crypto_shash_tfm(tfm));
}

static inline const char *crypto_shash_driver_name(struct crypto_shash *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_shash_tfm(tfm));
}

static inline unsigned int crypto_shash_alignmask(struct crypto_shash *tfm)
{
	return crypto_tfm_alg_alignmask(crypto_shash_tfm(tfm));
}

static inline unsigned int crypto_shash_blocksize(struct crypto_shash *tfm)
{
	return crypto_tfm_alg_blocksize(crypto_shash_tfm(tfm));
}

static inline unsigned int crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return crypto_shash_alg(tfm)->digestsize;
}

static inline unsigned int crypto_shash_statesize(struct crypto_shash *tfm)
{
	return crypto_shash_alg(tfm)->statesize;
}

static inline unsigned int crypto_shash_descsize(struct crypto_shash *tfm)
{
	return tfm->descsize;
}

static inline u32 crypto_shash_get_flags(struct crypto_shash *tfm)
{
	return crypto_tfm_get_flags(crypto_shash_tfm(tfm));
}

static inline void crypto_shash_set_flags(struct crypto_shash *tfm, u32 flags)
{
	crypto_tfm_set_flags(crypto_shash_tfm(tfm), flags);
}

static inline void crypto_shash_clear_flags(struct crypto_shash *tfm, u32 flags)
{
	crypto_tfm_clear_flags(crypto_shash_tfm(tfm), flags);
}

static inline void *shash_desc_ctx(struct shash_desc *desc)
{
	return desc->__ctx;
}

static inline void shash_desc_zero(struct shash_desc *desc)
{
	memzero_explicit(desc, sizeof(*desc) + crypto_shash_descsize(desc->tfm));
}

/*
 * Asynchronous hashes (ahash) over scatterlists. kcshim's hash drivers are all shash, so an ahash
 * tfm runs a shash of the same algorithm, as the kernel's crypto_init_shash_ops_async() does:
 * every call completes before it returns (never -EINPROGRESS), so completion callbacks are not
 * called. Template code (6.x gcm.c, ccm.c) uses them this way.
 */
struct ahash_request {
	struct crypto_async_request base;
	unsigned int nbytes;
	struct scatterlist *src;
	u8 *result;
	void *priv;
	void *__ctx[] CRYPTO_MINALIGN_ATTR;
};

struct crypto_ahash {
	unsigned int reqsize;
	unsigned int statesize;
	struct crypto_tfm base;
};

__KCSHIM_BEGIN_DECLS
/* The best hash driver of name: ERR_PTR(-ENOENT) if none. */
struct crypto_ahash *crypto_alloc_ahash(const char *alg_name, u32 type, u32 mask);
void crypto_free_ahash(struct crypto_ahash *tfm);
int crypto_has_ahash(const char *alg_name, u32 type, u32 mask);
/* The shash's errors: -EINVAL for a key length it rejects, -ENOSYS for an unkeyed hash. */
int crypto_ahash_setkey(struct crypto_ahash *tfm, const u8 *key, unsigned int keylen);
/* -ENOKEY while a keyed hash has no key. */
int crypto_ahash_init(struct ahash_request *req);
/* Hash req->nbytes bytes of req->src. */
int crypto_ahash_update(struct ahash_request *req);
/* Write the digest to req->result. */
int crypto_ahash_final(struct ahash_request *req);
int crypto_ahash_finup(struct ahash_request *req);
int crypto_ahash_digest(struct ahash_request *req);
int crypto_ahash_export(struct ahash_request *req, void *out);
int crypto_ahash_import(struct ahash_request *req, const void *in);
__KCSHIM_END_DECLS

static inline struct crypto_tfm *crypto_ahash_tfm(struct crypto_ahash *tfm)
{
	return &tfm->base;
}

static inline struct crypto_ahash *__crypto_ahash_cast(struct crypto_tfm *tfm)
{
	return container_of(tfm, struct crypto_ahash, base);
}

static inline struct hash_alg_common *crypto_hash_alg_common(struct crypto_ahash *tfm)
{
	return container_of(crypto_ahash_tfm(tfm)->__crt_alg, struct hash_alg_common, base);
}

static inline const char *crypto_ahash_alg_name(struct crypto_ahash *tfm)
{
	return crypto_tfm_alg_name(crypto_ahash_tfm(tfm));
}

static inline const char *crypto_ahash_driver_name(struct crypto_ahash *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_ahash_tfm(tfm));
}

static inline unsigned int crypto_ahash_blocksize(struct crypto_ahash *tfm)
{
	return crypto_tfm_alg_blocksize(crypto_ahash_tfm(tfm));
}

static inline unsigned int crypto_ahash_alignmask(struct crypto_ahash *tfm)
{
	return crypto_tfm_alg_alignmask(crypto_ahash_tfm(tfm));
}

static inline unsigned int crypto_ahash_digestsize(struct crypto_ahash *tfm)
{
	return crypto_hash_alg_common(tfm)->digestsize;
}

static inline unsigned int crypto_ahash_statesize(struct crypto_ahash *tfm)
{
	return tfm->statesize;
}

static inline unsigned int crypto_ahash_reqsize(struct crypto_ahash *tfm)
{
	return tfm->reqsize;
}

static inline u32 crypto_ahash_get_flags(struct crypto_ahash *tfm)
{
	return crypto_tfm_get_flags(crypto_ahash_tfm(tfm));
}

static inline void crypto_ahash_set_flags(struct crypto_ahash *tfm, u32 flags)
{
	crypto_tfm_set_flags(crypto_ahash_tfm(tfm), flags);
}

static inline void crypto_ahash_clear_flags(struct crypto_ahash *tfm, u32 flags)
{
	crypto_tfm_clear_flags(crypto_ahash_tfm(tfm), flags);
}

static inline struct crypto_ahash *crypto_ahash_reqtfm(struct ahash_request *req)
{
	return __crypto_ahash_cast(req->base.tfm);
}

static inline void *ahash_request_ctx(struct ahash_request *req)
{
	return req->__ctx;
}

static inline void ahash_request_set_tfm(struct ahash_request *req, struct crypto_ahash *tfm)
{
	req->base.tfm = crypto_ahash_tfm(tfm);
}

static inline struct ahash_request *ahash_request_alloc(struct crypto_ahash *tfm, gfp_t gfp)
{
	struct ahash_request *req = (struct ahash_request *)
		kzalloc(sizeof(*req) + crypto_ahash_reqsize(tfm), gfp);

	if (req)
		ahash_request_set_tfm(req, tfm);
	return req;
}

static inline void ahash_request_free(struct ahash_request *req)
{
	kfree_sensitive(req);
}

static inline void ahash_request_zero(struct ahash_request *req)
{
	memzero_explicit(req, sizeof(*req) + crypto_ahash_reqsize(crypto_ahash_reqtfm(req)));
}

static inline void ahash_request_set_callback(struct ahash_request *req, u32 flags,
					      crypto_completion_t complete, void *data)
{
	req->base.complete = complete;
	req->base.data = data;
	req->base.flags = flags;
}

static inline void ahash_request_set_crypt(struct ahash_request *req, struct scatterlist *src,
					   u8 *result, unsigned int nbytes)
{
	req->src = src;
	req->nbytes = nbytes;
	req->result = result;
}

#endif
