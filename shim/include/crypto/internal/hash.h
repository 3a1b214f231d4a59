/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_CRYPTO_INTERNAL_HASH_H
#define _KCSHIM_CRYPTO_INTERNAL_HASH_H

#include <crypto/algapi.h>
#include <crypto/hash.h>

/* 6.16: the API handles partial blocks; .update returns how many bytes it left unprocessed. */
#define CRYPTO_AHASH_ALG_BLOCK_ONLY	0x01000000
/* The final call needs at least one byte: the API keeps a whole block back for it. */
#define CRYPTO_AHASH_ALG_FINAL_NONZERO	0x02000000
/* .finup takes any length: with an empty partial block the API hands it everything. */
#define CRYPTO_AHASH_ALG_FINUP_MAX	0x04000000
/* Set by the API when the driver has no export_core/import_core. */
#define CRYPTO_AHASH_ALG_NO_EXPORT_CORE	0x08000000

/* A shash template instance (cmac, xcbc, cbcmac): the shash_alg, whose base is the instance's alg. */
struct shash_instance {
	void (*free)(struct shash_instance *inst);
	union {
		struct {
			char head[offsetof(struct shash_alg, base)];
			struct crypto_instance base;
		} s;
		struct shash_alg alg;
	};
};

struct crypto_shash_spawn {
	struct crypto_spawn base;
};

/* A hash an instance is built on and runs as an ahash (6.x gcm's ghash, ccm's cbcmac). */
struct crypto_ahash_spawn {
	struct crypto_spawn base;
};

__KCSHIM_BEGIN_DECLS
/*
 * Registers a shash instance made by tmpl's create(): crypto_register_shash()'s checks, -EINVAL
 * without inst->free, then crypto_register_instance()'s. On an error the caller frees.
 */
int shash_register_instance(struct crypto_template *tmpl, struct shash_instance *inst);
/* inst->free for an instance whose context starts with its one spawn: drops it, frees inst. */
void shash_free_singlespawn_instance(struct shash_instance *inst);
/* A shash (or a template instance made for name). -ENOENT when none. */
int crypto_grab_shash(struct crypto_shash_spawn *spawn, struct crypto_instance *inst,
		      const char *name, u32 type, u32 mask);
/* A tfm of the spawn's shash, ERR_PTR(-EAGAIN) when it was unregistered, the init's error. */
struct crypto_shash *crypto_spawn_shash(struct crypto_shash_spawn *spawn);
/* A hash, as for crypto_grab_shash(); its tfms are ahash tfms (crypto_spawn_ahash()). */
int crypto_grab_ahash(struct crypto_ahash_spawn *spawn, struct crypto_instance *inst,
		      const char *name, u32 type, u32 mask);
struct crypto_ahash *crypto_spawn_ahash(struct crypto_ahash_spawn *spawn);
/*
 * Registers a shash driver after the kernel's checks (shash_prepare_alg): -EINVAL for a digest,
 * descriptor or state larger than the HASH_MAX_* limits or a nonzero alignmask, -EEXIST for a
 * name collision. The driver is self-tested before lookups can return it.
 */
int crypto_register_shash(struct shash_alg *alg);
void crypto_unregister_shash(struct shash_alg *alg);
int crypto_register_shashes(struct shash_alg *algs, int count);
void crypto_unregister_shashes(struct shash_alg *algs, int count);
int shash_no_setkey(struct crypto_shash *tfm, const u8 *key, unsigned int keylen);
/*
 * The state without a block-only hash's partial block (6.16). -ENOSYS for a driver that is not
 * block-only and has no export_core/import_core; -ENOKEY on import while the key is missing.
 */
int crypto_shash_export_core(struct shash_desc *desc, void *out);
int crypto_shash_import_core(struct shash_desc *desc, const void *in);
__KCSHIM_END_DECLS

/* The state size without the partial block and its length byte (block-only hashes). */
static inline unsigned int crypto_shash_coresize(struct crypto_shash *tfm)
{
	return crypto_shash_statesize(tfm) - crypto_shash_blocksize(tfm) - 1;
}

static inline bool crypto_shash_alg_has_setkey(struct shash_alg *alg)
{
	return alg->setkey != shash_no_setkey;
}

static inline bool crypto_shash_alg_needs_key(struct shash_alg *alg)
{
	return crypto_shash_alg_has_setkey(alg) && !(alg->base.cra_flags & CRYPTO_ALG_OPTIONAL_KEY);
}

static inline void *crypto_shash_ctx(struct crypto_shash *tfm)
{
	return crypto_tfm_ctx(&tfm->base);
}

static inline void *crypto_shash_ctx_aligned(struct crypto_shash *tfm)
{
	return crypto_tfm_ctx_aligned(&tfm->base);
}

static inline struct crypto_instance *shash_crypto_instance(struct shash_instance *inst)
{
	return &inst->s.base;
}

static inline struct shash_instance *shash_instance(struct crypto_instance *inst)
{
	return container_of(inst, struct shash_instance, s.base);
}

static inline struct shash_instance *shash_alg_instance(struct crypto_shash *shash)
{
	return shash_instance(crypto_tfm_alg_instance(&shash->base));
}

static inline void *shash_instance_ctx(struct shash_instance *inst)
{
	return crypto_instance_ctx(shash_crypto_instance(inst));
}

static inline void crypto_drop_shash(struct crypto_shash_spawn *spawn)
{
	crypto_drop_spawn(&spawn->base);
}

static inline struct shash_alg *crypto_spawn_shash_alg(struct crypto_shash_spawn *spawn)
{
	return __crypto_shash_alg(spawn->base.alg);
}

static inline void crypto_drop_ahash(struct crypto_ahash_spawn *spawn)
{
	crypto_drop_spawn(&spawn->base);
}

static inline struct hash_alg_common *crypto_spawn_ahash_alg(struct crypto_ahash_spawn *spawn)
{
	return container_of(spawn->base.alg, struct hash_alg_common, base);
}

#endif
