// SPDX-License-Identifier: GPL-2.0
// AEAD: registration checks, tfms and the request calls of crypto/aead.c.
//
// Errors are negative errno values at the C ABI, as in the kernel.
#include <string>

#include <crypto/internal/aead.h>
#include <linux/mm.h>

#include "shim/src/crypto/alignment.h"
#include "shim/src/crypto/register_many.h"
#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/tfm.h"

namespace {

// crypto_aead_init_tfm(): every AEAD is keyed; the tag is maxauthsize long until set otherwise.
int aead_init_tfm(struct crypto_aead *tfm)
{
	struct aead_alg *alg = crypto_aead_alg(tfm);

	crypto_aead_set_flags(tfm, CRYPTO_TFM_NEED_KEY);
	crypto_aead_set_reqsize(tfm, 0);
	tfm->authsize = alg->maxauthsize;
	if (alg->exit)
		tfm->base.exit = [](struct crypto_tfm *base) {
			struct crypto_aead *t = __crypto_aead_cast(base);
			crypto_aead_alg(t)->exit(t);
		};
	return alg->init ? alg->init(tfm) : 0;
}

// aead_prepare_alg()
int aead_prepare_alg(struct aead_alg *alg)
{
	struct crypto_alg *base = &alg->base;

	if (alg->maxauthsize > PAGE_SIZE / 8 || alg->ivsize > PAGE_SIZE / 8 ||
	    alg->chunksize > PAGE_SIZE / 8) {
		kcshim::set_last_error(std::string(base->cra_driver_name) + ": bad AEAD sizes");
		return -EINVAL;
	}
	if (!alg->setkey || !alg->encrypt || !alg->decrypt) {
		kcshim::set_last_error(std::string(base->cra_driver_name) +
				       ": AEAD without setkey, encrypt or decrypt");
		return -EINVAL;
	}
	if (!alg->chunksize)
		alg->chunksize = base->cra_blocksize;
	base->cra_flags &= ~CRYPTO_ALG_TYPE_MASK;
	base->cra_flags |= CRYPTO_ALG_TYPE_AEAD;
	return 0;
}

}  // namespace

namespace kcshim {

struct crypto_aead *alloc_aead_for(AlgEntry *e, int *err)
{
	return create_tfm<struct crypto_aead>(e, err, aead_init_tfm);
}

}  // namespace kcshim

extern "C" {

int crypto_register_aead(struct aead_alg *alg)
{
	int err = aead_prepare_alg(alg);
	if (err)
		return err;
	return kcshim::Registry::get().add(&alg->base, KCSHIM_KIND_AEAD);
}

void crypto_unregister_aead(struct aead_alg *alg)
{
	kcshim::Registry::get().remove(&alg->base);
}

int crypto_register_aeads(struct aead_alg *algs, int count)
{
	return kcshim::register_many(algs, count, crypto_register_aead, crypto_unregister_aead);
}

void crypto_unregister_aeads(struct aead_alg *algs, int count)
{
	kcshim::unregister_many(algs, count, crypto_unregister_aead);
}

struct crypto_aead *crypto_alloc_aead(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::alloc_tfm_by_name(alg_name, KCSHIM_KIND_AEAD, type, mask,
					 kcshim::alloc_aead_for);
}

struct crypto_sync_aead *crypto_alloc_sync_aead(const char *alg_name, u32 type, u32 mask)
{
	struct crypto_aead *tfm = crypto_alloc_aead(alg_name, type & ~CRYPTO_ALG_ASYNC,
						    mask | CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm))
		return reinterpret_cast<struct crypto_sync_aead *>(tfm);
	if (crypto_aead_reqsize(tfm) > MAX_SYNC_AEAD_REQSIZE) {
		crypto_free_aead(tfm);
		return static_cast<struct crypto_sync_aead *>(ERR_PTR(-EINVAL));
	}
	return reinterpret_cast<struct crypto_sync_aead *>(tfm);
}

int crypto_has_aead(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::has_tfm(crypto_alloc_aead(alg_name, type, mask), crypto_free_aead);
}

int crypto_aead_setkey(struct crypto_aead *tfm, const u8 *key, unsigned int keylen)
{
	struct aead_alg *alg = crypto_aead_alg(tfm);
	int err = kcshim::with_aligned_key(key, keylen, crypto_aead_alignmask(tfm),
					   [&](const u8 *k) { return alg->setkey(tfm, k, keylen); });

	if (err) {
		crypto_aead_set_flags(tfm, CRYPTO_TFM_NEED_KEY);
		return err;
	}
	crypto_aead_clear_flags(tfm, CRYPTO_TFM_NEED_KEY);
	return 0;
}

int crypto_aead_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	struct aead_alg *alg = crypto_aead_alg(tfm);
	unsigned int max = crypto_aead_maxauthsize(tfm);

	if ((!authsize && max) || authsize > max)
		return -EINVAL;
	if (alg->setauthsize) {
		int err = alg->setauthsize(tfm, authsize);
		if (err)
			return err;
	}
	tfm->authsize = authsize;
	return 0;
}

int crypto_aead_encrypt(struct aead_request *req)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);

	if (crypto_aead_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	return crypto_aead_alg(tfm)->encrypt(req);
}

int crypto_aead_decrypt(struct aead_request *req)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);

	if (crypto_aead_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	if (req->cryptlen < crypto_aead_authsize(tfm))
		return -EINVAL;
	return crypto_aead_alg(tfm)->decrypt(req);
}

}  // extern "C"
