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

__KCSHIM_BEGIN_DECLS
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

#endif
