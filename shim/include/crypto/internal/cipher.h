/* SPDX-License-Identifier: GPL-2.0 */
/* Single-block ciphers ("cipher" type), the consumer side (crypto/internal/cipher.h since 5.12). */
#ifndef _KCSHIM_CRYPTO_INTERNAL_CIPHER_H
#define _KCSHIM_CRYPTO_INTERNAL_CIPHER_H

#include <crypto/algapi.h>

struct crypto_cipher {
	struct crypto_tfm base;
};

__KCSHIM_BEGIN_DECLS
struct crypto_cipher *crypto_alloc_cipher(const char *alg_name, u32 type, u32 mask);
void crypto_free_cipher(struct crypto_cipher *tfm);
/* The same driver, the same key: ERR_PTR(-ENOSYS) for a driver with cra_init, -ESTALE. */
struct crypto_cipher *crypto_clone_cipher(struct crypto_cipher *cipher);
/* -EINVAL for a key length outside [cia_min_keysize, cia_max_keysize]. */
int crypto_cipher_setkey(struct crypto_cipher *tfm, const u8 *key, unsigned int keylen);
/* Encrypts one block; misaligned buffers are bounced when the driver has an alignmask. */
void crypto_cipher_encrypt_one(struct crypto_cipher *tfm, u8 *dst, const u8 *src);
void crypto_cipher_decrypt_one(struct crypto_cipher *tfm, u8 *dst, const u8 *src);

/* Template side: a single-block cipher an instance is built on (see crypto_grab_spawn()). */
struct crypto_cipher_spawn {
	struct crypto_spawn base;
};

/* -ENOENT when there is no cipher name. */
int crypto_grab_cipher(struct crypto_cipher_spawn *spawn, struct crypto_instance *inst,
		       const char *name, u32 type, u32 mask);
/* A tfm of the spawn's cipher, or ERR_PTR(-EAGAIN) when it was unregistered, -ENOMEM. */
struct crypto_cipher *crypto_spawn_cipher(struct crypto_cipher_spawn *spawn);
__KCSHIM_END_DECLS

static inline void crypto_drop_cipher(struct crypto_cipher_spawn *spawn)
{
	crypto_drop_spawn(&spawn->base);
}

static inline struct crypto_alg *crypto_spawn_cipher_alg(struct crypto_cipher_spawn *spawn)
{
	return spawn->base.alg;
}

static inline struct crypto_tfm *crypto_cipher_tfm(struct crypto_cipher *tfm)
{
	return &tfm->base;
}

static inline struct crypto_cipher *__crypto_cipher_cast(struct crypto_tfm *tfm)
{
	return (struct crypto_cipher *)tfm;
}

static inline struct cipher_alg *crypto_cipher_alg(struct crypto_cipher *tfm)
{
	return &crypto_cipher_tfm(tfm)->__crt_alg->cra_cipher;
}

static inline unsigned int crypto_cipher_blocksize(struct crypto_cipher *tfm)
{
	return crypto_tfm_alg_blocksize(crypto_cipher_tfm(tfm));
}

static inline unsigned int crypto_cipher_alignmask(struct crypto_cipher *tfm)
{
	return crypto_tfm_alg_alignmask(crypto_cipher_tfm(tfm));
}

static inline u32 crypto_cipher_get_flags(struct crypto_cipher *tfm)
{
	return crypto_tfm_get_flags(crypto_cipher_tfm(tfm));
}

static inline void crypto_cipher_set_flags(struct crypto_cipher *tfm, u32 flags)
{
	crypto_tfm_set_flags(crypto_cipher_tfm(tfm), flags);
}

static inline void crypto_cipher_clear_flags(struct crypto_cipher *tfm, u32 flags)
{
	crypto_tfm_clear_flags(crypto_cipher_tfm(tfm), flags);
}

#endif
