/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_CRYPTO_INTERNAL_HASH_H
#define _KCSHIM_CRYPTO_INTERNAL_HASH_H

#include <crypto/algapi.h>
#include <crypto/hash.h>

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
__KCSHIM_END_DECLS

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
