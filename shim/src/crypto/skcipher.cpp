// SPDX-License-Identifier: GPL-2.0
// skcipher: registration checks and the request calls of crypto/skcipher.c. A tfm whose driver is
// an lskcipher goes to the scatterlist front end of lskcipher.cpp, as in kernel 6.7+.
#include <cstdlib>
#include <cstring>

#include <crypto/internal/skcipher.h>

#include "shim/src/crypto/register_many.h"
#include "shim/src/crypto/alignment.h"
#include "shim/src/crypto/lskcipher.h"
#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/tfm.h"

namespace {

void set_needkey(struct crypto_skcipher *tfm)
{
	if (crypto_skcipher_max_keysize(tfm))
		crypto_skcipher_set_flags(tfm, CRYPTO_TFM_NEED_KEY);
}

int skcipher_init_tfm(struct crypto_skcipher *tfm)
{
	set_needkey(tfm);
	if (kcshim::is_lskcipher(tfm->base.__crt_alg))
		return kcshim::init_lskcipher_ops_sg(tfm);
	struct skcipher_alg *alg = crypto_skcipher_alg(tfm);
	if (alg->exit)
		tfm->base.exit = [](struct crypto_tfm *base) {
			auto *t = __crypto_skcipher_cast(base);
			crypto_skcipher_alg(t)->exit(t);
		};
	return alg->init ? alg->init(tfm) : 0;
}

}  // namespace

namespace kcshim {

struct crypto_skcipher *alloc_skcipher_for(AlgEntry *e, int *err)
{
	std::optional<size_t> extsize;
	if (is_lskcipher(e->alg))
		extsize = lskcipher_sg_ctxsize;
	return create_tfm<struct crypto_skcipher>(e, err, skcipher_init_tfm, extsize);
}

int skcipher_prepare_alg_common(struct skcipher_alg_common *co)
{
	struct crypto_alg *base = &co->base;

	if (co->ivsize > PAGE_SIZE / 8 || co->chunksize > PAGE_SIZE / 8 ||
	    co->statesize > PAGE_SIZE / 2 || co->ivsize + co->statesize > PAGE_SIZE / 2 ||
	    co->min_keysize > co->max_keysize) {
		set_last_error(std::string(base->cra_driver_name) + ": bad skcipher sizes");
		return -EINVAL;
	}
	if (!co->chunksize)
		co->chunksize = base->cra_blocksize;
	base->cra_flags &= ~CRYPTO_ALG_TYPE_MASK;
	return 0;
}

}  // namespace kcshim

extern "C" {

int crypto_register_skcipher(struct skcipher_alg *alg)
{
	struct crypto_alg *base = &alg->base;

	if (alg->walksize > PAGE_SIZE / 8 || !alg->setkey || !alg->encrypt || !alg->decrypt) {
		kcshim::set_last_error(std::string(base->cra_driver_name) +
				       ": bad skcipher walksize or missing callbacks");
		return -EINVAL;
	}
	int err = kcshim::skcipher_prepare_alg_common(&alg->co);
	if (err)
		return err;
	if (!alg->walksize)
		alg->walksize = alg->chunksize;
	if (alg->walksize < alg->chunksize)
		return -EINVAL;
	base->cra_flags |= CRYPTO_ALG_TYPE_SKCIPHER;
	return kcshim::Registry::get().add(base, KCSHIM_KIND_SKCIPHER);
}

void crypto_unregister_skcipher(struct skcipher_alg *alg)
{
	kcshim::Registry::get().remove(&alg->base);
}

int crypto_register_skciphers(struct skcipher_alg *algs, int count)
{
	return kcshim::register_many(algs, count, crypto_register_skcipher, crypto_unregister_skcipher);
}

void crypto_unregister_skciphers(struct skcipher_alg *algs, int count)
{
	kcshim::unregister_many(algs, count, crypto_unregister_skcipher);
}

struct crypto_skcipher *crypto_alloc_skcipher(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::alloc_tfm_by_name(alg_name, KCSHIM_KIND_SKCIPHER, type, mask,
					 kcshim::alloc_skcipher_for);
}

struct crypto_sync_skcipher *crypto_alloc_sync_skcipher(const char *alg_name, u32 type, u32 mask)
{
	struct crypto_skcipher *tfm = crypto_alloc_skcipher(alg_name, type, mask | CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm))
		return reinterpret_cast<struct crypto_sync_skcipher *>(tfm);
	if (crypto_skcipher_reqsize(tfm) > MAX_SYNC_SKCIPHER_REQSIZE) {
		crypto_free_skcipher(tfm);
		return static_cast<struct crypto_sync_skcipher *>(ERR_PTR(-EINVAL));
	}
	return reinterpret_cast<struct crypto_sync_skcipher *>(tfm);
}

void crypto_free_skcipher(struct crypto_skcipher *tfm)
{
	if (tfm && !IS_ERR(tfm))
		crypto_destroy_tfm(tfm, crypto_skcipher_tfm(tfm));
}

int crypto_has_skcipher(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::has_tfm(crypto_alloc_skcipher(alg_name, type, mask), crypto_free_skcipher);
}

int crypto_skcipher_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct skcipher_alg *alg = crypto_skcipher_alg(tfm);
	int err;

	if (kcshim::is_lskcipher(tfm->base.__crt_alg)) {
		err = kcshim::lskcipher_setkey_sg(tfm, key, keylen);
	} else {
		if (keylen < alg->min_keysize || keylen > alg->max_keysize)
			return -EINVAL;
		err = kcshim::with_aligned_key(key, keylen, crypto_skcipher_alignmask(tfm),
					       [&](const u8 *k) { return alg->setkey(tfm, k, keylen); });
	}
	if (err) {
		set_needkey(tfm);
		return err;
	}
	crypto_skcipher_clear_flags(tfm, CRYPTO_TFM_NEED_KEY);
	return 0;
}

int crypto_skcipher_encrypt(struct skcipher_request *req)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	if (crypto_skcipher_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	if (kcshim::is_lskcipher(tfm->base.__crt_alg))
		return kcshim::lskcipher_encrypt_sg(req);
	return crypto_skcipher_alg(tfm)->encrypt(req);
}

int crypto_skcipher_decrypt(struct skcipher_request *req)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	if (crypto_skcipher_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	if (kcshim::is_lskcipher(tfm->base.__crt_alg))
		return kcshim::lskcipher_decrypt_sg(req);
	return crypto_skcipher_alg(tfm)->decrypt(req);
}

int crypto_skcipher_export(struct skcipher_request *req, void *out)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct skcipher_alg *alg = crypto_skcipher_alg(tfm);

	if (kcshim::is_lskcipher(tfm->base.__crt_alg))
		return kcshim::lskcipher_export_sg(req, out);
	return alg->statesize && alg->export_ ? alg->export_(req, out) : 0;
}

int crypto_skcipher_import(struct skcipher_request *req, const void *in)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct skcipher_alg *alg = crypto_skcipher_alg(tfm);

	if (kcshim::is_lskcipher(tfm->base.__crt_alg))
		return kcshim::lskcipher_import_sg(req, in);
	return alg->statesize && alg->import ? alg->import(req, in) : 0;
}

}  // extern "C"
