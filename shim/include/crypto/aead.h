/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AEAD (include/crypto/aead.h): only the tfm type and its accessors so far, which the cipher
 * helpers in crypto/internal/des.h name. kcshim has no AEAD drivers or requests yet.
 */
#ifndef _KCSHIM_CRYPTO_AEAD_H
#define _KCSHIM_CRYPTO_AEAD_H

#include <linux/crypto.h>

struct crypto_aead {
	unsigned int authsize;
	unsigned int reqsize;
	struct crypto_tfm base;
};

static inline struct crypto_tfm *crypto_aead_tfm(struct crypto_aead *tfm)
{
	return &tfm->base;
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

static inline void *crypto_aead_ctx(struct crypto_aead *tfm)
{
	return crypto_tfm_ctx(&tfm->base);
}

#endif
