// SPDX-License-Identifier: GPL-2.0
// shash: registration defaults and limits (shash_prepare_alg) and the consumer calls, with the
// semantics of crypto/shash.c up to 6.6: data misaligned for cra_alignmask is bounced through an
// aligned buffer; keyed hashes refuse to run (-ENOKEY) until a key is set.
#include <cstdlib>
#include <cstring>

#include <crypto/internal/hash.h>

#include "register_many.h"
#include "alignment.h"
#include "registry.h"
#include "tfm.h"

namespace {

using kcshim::misaligned;

constexpr unsigned int bounce_size = 256;

int default_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	return alg->update(desc, data, len) ?: alg->final(desc, out);
}

int default_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	return alg->init(desc) ?: alg->finup(desc, data, len, out);
}

int default_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), crypto_shash_descsize(desc->tfm));
	return 0;
}

int default_import(struct shash_desc *desc, const void *in)
{
	memcpy(shash_desc_ctx(desc), in, crypto_shash_descsize(desc->tfm));
	return 0;
}

void set_needkey(struct crypto_shash *tfm, struct shash_alg *alg)
{
	if (crypto_shash_alg_needs_key(alg))
		crypto_shash_set_flags(tfm, CRYPTO_TFM_NEED_KEY);
}

// Feeds data to update through an aligned buffer where the driver needs alignment.
int update_aligned(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	unsigned int alignmask = crypto_shash_alignmask(desc->tfm);

	if (!misaligned(data, alignmask))
		return alg->update(desc, data, len);
	alignas(128) u8 buf[bounce_size];
	while (len) {
		unsigned int n = len < bounce_size ? len : bounce_size;
		memcpy(buf, data, n);
		int err = alg->update(desc, buf, n);
		if (err)
			return err;
		data += n;
		len -= n;
	}
	memzero_explicit(buf, sizeof(buf));
	return 0;
}

int shash_init_tfm(struct crypto_shash *tfm)
{
	struct shash_alg *alg = crypto_shash_alg(tfm);
	tfm->descsize = alg->descsize;
	if (alg->exit_tfm)
		tfm->base.exit = [](struct crypto_tfm *base) {
			auto *t = container_of(base, struct crypto_shash, base);
			crypto_shash_alg(t)->exit_tfm(t);
		};
	set_needkey(tfm, alg);
	return alg->init_tfm ? alg->init_tfm(tfm) : 0;
}

}  // namespace

namespace kcshim {

struct crypto_shash *alloc_shash_for(AlgEntry *e, int *err)
{
	return create_tfm<struct crypto_shash>(e, err, shash_init_tfm);
}

}  // namespace kcshim

extern "C" {

int shash_no_setkey(struct crypto_shash *tfm, const u8 *key, unsigned int keylen)
{
	return -ENOSYS;
}

int crypto_register_shash(struct shash_alg *alg)
{
	struct crypto_alg *base = &alg->base;

	if (alg->digestsize > HASH_MAX_DIGESTSIZE || alg->descsize > HASH_MAX_DESCSIZE ||
	    alg->statesize > HASH_MAX_STATESIZE) {
		kcshim::set_last_error(std::string(base->cra_driver_name) +
				       ": digest, descriptor or state size over the kernel's limits");
		return -EINVAL;
	}
	if ((alg->export_ && !alg->import) || (!alg->export_ && alg->import)) {
		kcshim::set_last_error(std::string(base->cra_driver_name) +
				       ": export and import must come together");
		return -EINVAL;
	}
	if (!alg->init || !alg->update || (!alg->final && !alg->finup)) {
		kcshim::set_last_error(std::string(base->cra_driver_name) +
				       ": shash needs init, update and final");
		return -EINVAL;
	}
	base->cra_flags &= ~CRYPTO_ALG_TYPE_MASK;
	base->cra_flags |= CRYPTO_ALG_TYPE_SHASH;
	if (!alg->finup)
		alg->finup = default_finup;
	if (!alg->digest)
		alg->digest = default_digest;
	if (!alg->export_) {
		alg->export_ = default_export;
		alg->import = default_import;
		alg->statesize = alg->descsize;
	}
	if (!alg->setkey)
		alg->setkey = shash_no_setkey;
	return kcshim::Registry::get().add(base, KCSHIM_KIND_SHASH);
}

void crypto_unregister_shash(struct shash_alg *alg)
{
	kcshim::Registry::get().remove(&alg->base);
}

int crypto_register_shashes(struct shash_alg *algs, int count)
{
	return kcshim::register_many(algs, count, crypto_register_shash, crypto_unregister_shash);
}

void crypto_unregister_shashes(struct shash_alg *algs, int count)
{
	kcshim::unregister_many(algs, count, crypto_unregister_shash);
}

struct crypto_shash *crypto_alloc_shash(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::alloc_tfm_by_name(alg_name, KCSHIM_KIND_SHASH, type, mask,
					 kcshim::alloc_shash_for);
}

void crypto_free_shash(struct crypto_shash *tfm)
{
	if (tfm && !IS_ERR(tfm))
		crypto_destroy_tfm(tfm, crypto_shash_tfm(tfm));
}

int crypto_has_shash(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::has_tfm(crypto_alloc_shash(alg_name, type, mask), crypto_free_shash);
}

int crypto_shash_setkey(struct crypto_shash *tfm, const u8 *key, unsigned int keylen)
{
	struct shash_alg *alg = crypto_shash_alg(tfm);
	int err = kcshim::with_aligned_key(key, keylen, crypto_shash_alignmask(tfm),
					   [&](const u8 *k) { return alg->setkey(tfm, k, keylen); });
	if (err) {
		set_needkey(tfm, alg);
		return err;
	}
	crypto_shash_clear_flags(tfm, CRYPTO_TFM_NEED_KEY);
	return 0;
}

int crypto_shash_init(struct shash_desc *desc)
{
	if (crypto_shash_get_flags(desc->tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	return crypto_shash_alg(desc->tfm)->init(desc);
}

int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	return update_aligned(desc, data, len);
}

int crypto_shash_final(struct shash_desc *desc, u8 *out)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	if (!misaligned(out, crypto_shash_alignmask(desc->tfm)))
		return alg->final(desc, out);
	alignas(128) u8 buf[HASH_MAX_DIGESTSIZE];
	int err = alg->final(desc, buf);
	if (!err)
		memcpy(out, buf, alg->digestsize);
	memzero_explicit(buf, sizeof(buf));
	return err;
}

int crypto_shash_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	unsigned int alignmask = crypto_shash_alignmask(desc->tfm);
	if (misaligned(data, alignmask) || misaligned(out, alignmask))
		return update_aligned(desc, data, len) ?: crypto_shash_final(desc, out);
	return alg->finup(desc, data, len, out);
}

int crypto_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct crypto_shash *tfm = desc->tfm;
	struct shash_alg *alg = crypto_shash_alg(tfm);
	unsigned int alignmask = crypto_shash_alignmask(tfm);

	if (crypto_shash_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	if (misaligned(data, alignmask) || misaligned(out, alignmask))
		return alg->init(desc) ?: crypto_shash_finup(desc, data, len, out);
	return alg->digest(desc, data, len, out);
}

int crypto_shash_tfm_digest(struct crypto_shash *tfm, const u8 *data, unsigned int len, u8 *out)
{
	size_t size = sizeof(struct shash_desc) + crypto_shash_descsize(tfm);
	auto *desc = static_cast<struct shash_desc *>(aligned_alloc(64, (size + 63) & ~size_t(63)));
	if (!desc)
		return -ENOMEM;
	desc->tfm = tfm;
	int err = crypto_shash_digest(desc, data, len, out);
	memzero_explicit(desc, size);
	free(desc);
	return err;
}

int crypto_shash_export(struct shash_desc *desc, void *out)
{
	return crypto_shash_alg(desc->tfm)->export_(desc, out);
}

int crypto_shash_import(struct shash_desc *desc, const void *in)
{
	if (crypto_shash_get_flags(desc->tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	return crypto_shash_alg(desc->tfm)->import(desc, in);
}

}  // extern "C"
