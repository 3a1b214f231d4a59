// SPDX-License-Identifier: GPL-2.0
// Asynchronous hashes over shash drivers, as the kernel's crypto_init_shash_ops_async() runs a
// shash behind the ahash API: the ahash tfm's context holds a tfm of the same shash driver, each
// request's context a shash_desc for it, and the request's scatterlist is fed to it entry by
// entry. Every call completes before it returns, so no -EINPROGRESS and no completion callback.
//
// Errors are negative errno values, as at the C ABI.
#include <algorithm>

#include <crypto/internal/hash.h>

#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/tfm.h"

namespace {

struct crypto_shash *&inner_shash(struct crypto_tfm *tfm)
{
	return *static_cast<struct crypto_shash **>(crypto_tfm_ctx(tfm));
}

// The request's shash_desc, bound to the tfm's shash.
struct shash_desc *desc_of(struct ahash_request *req)
{
	auto *desc = static_cast<struct shash_desc *>(ahash_request_ctx(req));
	desc->tfm = inner_shash(req->base.tfm);
	return desc;
}

// Hashes the first req->nbytes bytes of req->src; -EINVAL when the list is shorter.
int update_from_sg(struct shash_desc *desc, const struct ahash_request *req)
{
	unsigned int left = req->nbytes;

	for (struct scatterlist *sg = req->src; left && sg; sg = sg_next(sg)) {
		unsigned int n = std::min(sg->length, left);
		int err = crypto_shash_update(desc, static_cast<const u8 *>(sg_virt(sg)), n);

		if (err)
			return err;
		left -= n;
	}
	return left ? -EINVAL : 0;
}

int init_ahash_over_shash(struct crypto_ahash *tfm, kcshim::AlgEntry *e)
{
	kcshim::Registry::get().pin(e);	// the inner tfm's own pin
	int err;
	struct crypto_shash *shash = kcshim::alloc_shash_for(e, &err);

	if (!shash)
		return err;
	inner_shash(&tfm->base) = shash;
	tfm->base.exit = [](struct crypto_tfm *base) { crypto_free_shash(inner_shash(base)); };
	tfm->reqsize = sizeof(struct shash_desc) + crypto_shash_descsize(shash);
	tfm->statesize = crypto_shash_statesize(shash);
	crypto_ahash_set_flags(tfm, crypto_shash_get_flags(shash) & CRYPTO_TFM_NEED_KEY);
	return 0;
}

}  // namespace

namespace kcshim {

struct crypto_ahash *alloc_ahash_for(AlgEntry *e, int *err)
{
	return create_tfm<struct crypto_ahash>(
		e, err, [e](struct crypto_ahash *tfm) { return init_ahash_over_shash(tfm, e); },
		sizeof(struct crypto_shash *));
}

}  // namespace kcshim

extern "C" {

struct crypto_ahash *crypto_alloc_ahash(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::alloc_tfm_by_name(alg_name, KCSHIM_KIND_SHASH, type, mask,
					 kcshim::alloc_ahash_for);
}

void crypto_free_ahash(struct crypto_ahash *tfm)
{
	if (tfm && !IS_ERR(tfm))
		crypto_destroy_tfm(tfm, crypto_ahash_tfm(tfm));
}

int crypto_has_ahash(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::has_tfm(crypto_alloc_ahash(alg_name, type, mask), crypto_free_ahash);
}

int crypto_ahash_setkey(struct crypto_ahash *tfm, const u8 *key, unsigned int keylen)
{
	struct crypto_shash *shash = inner_shash(crypto_ahash_tfm(tfm));
	int err = crypto_shash_setkey(shash, key, keylen);

	crypto_ahash_clear_flags(tfm, CRYPTO_TFM_NEED_KEY);
	crypto_ahash_set_flags(tfm, crypto_shash_get_flags(shash) & CRYPTO_TFM_NEED_KEY);
	return err;
}

int crypto_ahash_init(struct ahash_request *req)
{
	if (crypto_ahash_get_flags(crypto_ahash_reqtfm(req)) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	return crypto_shash_init(desc_of(req));
}

int crypto_ahash_update(struct ahash_request *req)
{
	return update_from_sg(desc_of(req), req);
}

int crypto_ahash_final(struct ahash_request *req)
{
	return crypto_shash_final(desc_of(req), req->result);
}

int crypto_ahash_finup(struct ahash_request *req)
{
	struct shash_desc *desc = desc_of(req);
	int err = update_from_sg(desc, req);

	return err ?: crypto_shash_final(desc, req->result);
}

int crypto_ahash_digest(struct ahash_request *req)
{
	return crypto_ahash_init(req) ?: crypto_ahash_finup(req);
}

int crypto_ahash_export(struct ahash_request *req, void *out)
{
	return crypto_shash_export(desc_of(req), out);
}

int crypto_ahash_import(struct ahash_request *req, const void *in)
{
	if (crypto_ahash_get_flags(crypto_ahash_reqtfm(req)) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	return crypto_shash_import(desc_of(req), in);
}

}  // extern "C"
