// SPDX-License-Identifier: GPL-2.0
// Single-block ciphers: key-size checks and alignmask bouncing as in crypto/cipher.c.
#include <cstdlib>
#include <cstring>

#include <crypto/internal/cipher.h>

#include "shim/src/crypto/alignment.h"
#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/tfm.h"

namespace {

using kcshim::misaligned;

void crypt_one(struct crypto_cipher *tfm, u8 *dst, const u8 *src, bool enc)
{
	struct cipher_alg *cia = crypto_cipher_alg(tfm);
	unsigned int alignmask = crypto_cipher_alignmask(tfm);
	auto fn = enc ? cia->cia_encrypt : cia->cia_decrypt;

	if (!misaligned(dst, alignmask) && !misaligned(src, alignmask)) {
		fn(crypto_cipher_tfm(tfm), dst, src);
		return;
	}
	alignas(128) u8 buf[MAX_CIPHER_BLOCKSIZE];
	unsigned int bs = crypto_cipher_blocksize(tfm);
	memcpy(buf, src, bs);
	fn(crypto_cipher_tfm(tfm), buf, buf);
	memcpy(dst, buf, bs);
	memzero_explicit(buf, sizeof(buf));
}

}  // namespace

namespace kcshim {

struct crypto_cipher *alloc_cipher_for(AlgEntry *e, int *err)
{
	/* the cipher type has no set-up of its own: cra_init is all */
	return create_tfm<struct crypto_cipher>(e, err, [](struct crypto_cipher *) { return 0; });
}

}  // namespace kcshim

extern "C" {

struct crypto_cipher *crypto_alloc_cipher(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::alloc_tfm_by_name(alg_name, KCSHIM_KIND_CIPHER, type, mask,
					 kcshim::alloc_cipher_for);
}

// A second tfm of the same driver with a copy of the first's key schedule (6.4+, for shash
// clone_tfm, cmac's). -ENOSYS for a driver with cra_init, whose context may hold more than bytes;
// -ESTALE once the driver is being removed.
struct crypto_cipher *crypto_clone_cipher(struct crypto_cipher *cipher)
{
	struct crypto_tfm *tfm = crypto_cipher_tfm(cipher);
	struct crypto_alg *alg = tfm->__crt_alg;

	if (alg->cra_init)
		return static_cast<struct crypto_cipher *>(ERR_PTR(-ENOSYS));
	// the tfm's own pin keeps its entry from being freed, not from being unregistered
	kcshim::AlgEntry *e = kcshim::entry_of(tfm);

	if (!kcshim::Registry::get().pin_if_live(e))
		return static_cast<struct crypto_cipher *>(ERR_PTR(-ESTALE));
	int err;
	struct crypto_cipher *clone = kcshim::alloc_cipher_for(e, &err);
	if (!clone)
		return static_cast<struct crypto_cipher *>(ERR_PTR(err));
	memcpy(crypto_tfm_ctx(crypto_cipher_tfm(clone)), crypto_tfm_ctx(tfm), alg->cra_ctxsize);
	crypto_cipher_tfm(clone)->crt_flags = tfm->crt_flags;
	return clone;
}

void crypto_free_cipher(struct crypto_cipher *tfm)
{
	if (tfm && !IS_ERR(tfm))
		crypto_destroy_tfm(tfm, crypto_cipher_tfm(tfm));
}

int crypto_cipher_setkey(struct crypto_cipher *tfm, const u8 *key, unsigned int keylen)
{
	struct cipher_alg *cia = crypto_cipher_alg(tfm);

	if (keylen < cia->cia_min_keysize || keylen > cia->cia_max_keysize)
		return -EINVAL;
	return kcshim::with_aligned_key(key, keylen, crypto_cipher_alignmask(tfm), [&](const u8 *k) {
		return cia->cia_setkey(crypto_cipher_tfm(tfm), k, keylen);
	});
}

void crypto_cipher_encrypt_one(struct crypto_cipher *tfm, u8 *dst, const u8 *src)
{
	crypt_one(tfm, dst, src, true);
}

void crypto_cipher_decrypt_one(struct crypto_cipher *tfm, u8 *dst, const u8 *src)
{
	crypt_one(tfm, dst, src, false);
}

}  // extern "C"
