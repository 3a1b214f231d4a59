// SPDX-License-Identifier: GPL-2.0
// shash: registration defaults and limits (shash_prepare_alg) and the consumer calls, with the
// semantics of crypto/shash.c for every generation (generation.h says which rules a driver gets):
//  - 6.1: data misaligned for cra_alignmask is bounced through an aligned buffer;
//  - 6.16: block-only drivers (CRYPTO_AHASH_ALG_BLOCK_ONLY) see whole blocks only: the API keeps
//    the partial block and its length byte at the end of the desc (and of the exported state),
//    .update returns the bytes it left; the desc is wiped once finup or digest has written out.
// Keyed hashes refuse to run (-ENOKEY) until a key is set.
#include <cstdlib>
#include <cstring>

#include <crypto/internal/hash.h>

#include "shim/src/crypto/register_many.h"
#include "shim/src/crypto/alignment.h"
#include "shim/src/crypto/generation.h"
#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/tfm.h"

namespace {

using kcshim::misaligned;

constexpr unsigned int bounce_size = 256;

bool has_flag(struct crypto_shash *tfm, u32 flag)
{
	return crypto_shash_alg(tfm)->base.cra_flags & flag;
}

bool block_only(struct crypto_shash *tfm)
{
	return has_flag(tfm, CRYPTO_AHASH_ALG_BLOCK_ONLY);
}

// A block-only desc ends with the partial block and then its length: [state][block][len].
struct PartialBlock {
	u8 *buf;
	u8 *len;
	unsigned int blocksize;

	explicit PartialBlock(struct shash_desc *desc)
	{
		auto *ctx = static_cast<u8 *>(shash_desc_ctx(desc));
		blocksize = crypto_shash_blocksize(desc->tfm);
		len = ctx + crypto_shash_descsize(desc->tfm) - 1;
		buf = len - blocksize;
	}
};

int default_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	return alg->update(desc, data, len) ?: alg->final(desc, out);
}

int default_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	return crypto_shash_init(desc) ?: crypto_shash_finup(desc, data, len, out);
}

int no_export_core(struct shash_desc *desc, void *out)
{
	return -ENOSYS;
}

int no_import_core(struct shash_desc *desc, const void *in)
{
	return -ENOSYS;
}

void set_needkey(struct crypto_shash *tfm, struct shash_alg *alg)
{
	if (crypto_shash_alg_needs_key(alg))
		crypto_shash_set_flags(tfm, CRYPTO_TFM_NEED_KEY);
}

// Feeds data to update through an aligned buffer where the driver needs alignment (6.1).
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

// The driver's finup (or final, through an aligned buffer for a 6.1 alignmask), then the desc
// wiped where the driver's generation does it.
int finish(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);
	unsigned int alignmask = crypto_shash_alignmask(desc->tfm);
	int err;

	if (!misaligned(data, alignmask) && !misaligned(out, alignmask)) {
		err = alg->finup(desc, data, len, out);
	} else {
		alignas(128) u8 buf[HASH_MAX_DIGESTSIZE];
		err = update_aligned(desc, data, len) ?: alg->final(desc, buf);
		if (!err)
			memcpy(out, buf, alg->digestsize);
		memzero_explicit(buf, sizeof(buf));
	}
	if (kcshim::generation_of(&alg->base).hash_zero_desc)
		memzero_explicit(shash_desc_ctx(desc), crypto_shash_descsize(desc->tfm));
	return err;
}

// Whole blocks to a block-only driver, the rest into the partial block; with out, the partial
// block (or, for FINUP_MAX, everything) goes to finup. FINAL_NONZERO keeps a byte back for it.
int block_only_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct crypto_shash *tfm = desc->tfm;
	struct shash_alg *alg = crypto_shash_alg(tfm);
	const unsigned int nonzero = has_flag(tfm, CRYPTO_AHASH_ALG_FINAL_NONZERO) ? 1 : 0;
	PartialBlock pb(desc);

	if (out && !*pb.len && has_flag(tfm, CRYPTO_AHASH_ALG_FINUP_MAX))
		return finish(desc, data, len, out);

	while (*pb.len + len >= pb.blocksize + nonzero) {
		const u8 *src = data;
		unsigned int n = len - nonzero;
		if (*pb.len) {
			memcpy(pb.buf + *pb.len, data, pb.blocksize - *pb.len);
			src = pb.buf;
			n = pb.blocksize;
		}
		int left = alg->update(desc, src, n);
		if (left < 0)
			return left;
		// A driver leaves less than a block; anything else would never finish.
		if (WARN_ON_ONCE((unsigned int)left >= pb.blocksize))
			return -EINVAL;
		unsigned int used = n - left - *pb.len;
		data += used;
		len -= used;
		*pb.len = 0;
	}
	if (*pb.len || !out) {
		if (len)	// final is finup(desc, NULL, 0, out)
			memcpy(pb.buf + *pb.len, data, len);
		*pb.len += len;
		if (!out)
			return 0;
		data = pb.buf;
		len = *pb.len;
	}
	return finish(desc, data, len, out);
}

// The core state: the driver's export/import (or export_core/import_core) or a copy of the
// desc, without the partial block of a block-only hash.
unsigned int core_size(struct crypto_shash *tfm)
{
	unsigned int size = crypto_shash_statesize(tfm);
	return block_only(tfm) ? size - crypto_shash_blocksize(tfm) - 1 : size;
}

int export_state(struct shash_desc *desc, void *out, int (*fn)(struct shash_desc *, void *))
{
	if (fn)
		return fn(desc, out);
	memcpy(out, shash_desc_ctx(desc), core_size(desc->tfm));
	return 0;
}

int import_state(struct shash_desc *desc, const void *in,
		 int (*fn)(struct shash_desc *, const void *))
{
	struct crypto_shash *tfm = desc->tfm;
	if (crypto_shash_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	if (block_only(tfm))
		*PartialBlock(desc).len = 0;
	if (fn)
		return fn(desc, in);
	memcpy(shash_desc_ctx(desc), in, core_size(tfm));
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

int refuse(struct shash_alg *alg, const char *why)
{
	kcshim::set_last_error(std::string(alg->base.cra_driver_name) + ": " + why);
	return -EINVAL;
}

// shash_prepare_alg: the checks and the defaults for what a driver leaves out.
int prepare(struct shash_alg *alg)
{
	struct crypto_alg *base = &alg->base;

	if (alg->digestsize > HASH_MAX_DIGESTSIZE)
		return refuse(alg, "digest size over the kernel's limit");
	if (base->cra_alignmask && !kcshim::generation_of(base).hash_alignmask)
		return refuse(alg, "hashes have no alignmask since 6.8");
	if ((alg->export_ && !alg->import) || (!alg->export_ && alg->import))
		return refuse(alg, "export and import must come together");
	if (!alg->init || !alg->update || (!alg->final && !alg->finup))
		return refuse(alg, "shash needs init, update and final");

	base->cra_flags &= ~CRYPTO_ALG_TYPE_MASK;
	base->cra_flags |= CRYPTO_ALG_TYPE_SHASH;
	if (!alg->finup)
		alg->finup = default_finup;
	if (!alg->digest)
		alg->digest = default_digest;
	if (!alg->export_ && !alg->statesize)
		alg->statesize = alg->descsize;
	if (!alg->setkey)
		alg->setkey = shash_no_setkey;

	if (base->cra_flags & CRYPTO_AHASH_ALG_BLOCK_ONLY) {
		// the length byte counts up to a whole block
		if (base->cra_blocksize > 255)
			return refuse(alg, "block-only hash with a block over 255 bytes");
		alg->descsize += base->cra_blocksize + 1;
		alg->statesize += base->cra_blocksize + 1;
		alg->export_core = alg->export_;
		alg->import_core = alg->import;
	} else if (!alg->export_core || !alg->import_core) {
		alg->export_core = no_export_core;
		alg->import_core = no_import_core;
		base->cra_flags |= CRYPTO_AHASH_ALG_NO_EXPORT_CORE;
	}
	if (alg->descsize > HASH_MAX_DESCSIZE || alg->statesize > HASH_MAX_STATESIZE)
		return refuse(alg, "descriptor or state size over the kernel's limits");
	return 0;
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
	int err = prepare(alg);
	return err ?: kcshim::Registry::get().add(&alg->base, KCSHIM_KIND_SHASH);
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
	if (block_only(desc->tfm))
		*PartialBlock(desc).len = 0;
	return crypto_shash_alg(desc->tfm)->init(desc);
}

int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	return crypto_shash_finup(desc, data, len, nullptr);
}

int crypto_shash_final(struct shash_desc *desc, u8 *out)
{
	return crypto_shash_finup(desc, nullptr, 0, out);
}

int crypto_shash_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	if (block_only(desc->tfm))
		return block_only_finup(desc, data, len, out);
	if (!out)
		return update_aligned(desc, data, len);
	return finish(desc, data, len, out);
}

int crypto_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct crypto_shash *tfm = desc->tfm;
	struct shash_alg *alg = crypto_shash_alg(tfm);
	unsigned int alignmask = crypto_shash_alignmask(tfm);
	int err;

	if (crypto_shash_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		return -ENOKEY;
	if (misaligned(data, alignmask) || misaligned(out, alignmask))
		return crypto_shash_init(desc) ?: crypto_shash_finup(desc, data, len, out);
	err = alg->digest(desc, data, len, out);
	if (kcshim::generation_of(&alg->base).hash_zero_desc)
		memzero_explicit(shash_desc_ctx(desc), crypto_shash_descsize(tfm));
	return err;
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
	struct crypto_shash *tfm = desc->tfm;
	if (block_only(tfm)) {
		// the partial block and its length close the exported state
		PartialBlock pb(desc);
		memcpy(static_cast<u8 *>(out) + core_size(tfm), pb.buf, pb.blocksize + 1);
	}
	return export_state(desc, out, crypto_shash_alg(tfm)->export_);
}

int crypto_shash_import(struct shash_desc *desc, const void *in)
{
	struct crypto_shash *tfm = desc->tfm;
	int err = import_state(desc, in, crypto_shash_alg(tfm)->import);
	if (err || !block_only(tfm))
		return err;
	PartialBlock pb(desc);
	memcpy(pb.buf, static_cast<const u8 *>(in) + core_size(tfm), pb.blocksize + 1);
	return *pb.len > pb.blocksize ? -EOVERFLOW : 0;
}

int crypto_shash_export_core(struct shash_desc *desc, void *out)
{
	return export_state(desc, out, crypto_shash_alg(desc->tfm)->export_core);
}

int crypto_shash_import_core(struct shash_desc *desc, const void *in)
{
	return import_state(desc, in, crypto_shash_alg(desc->tfm)->import_core);
}

}  // extern "C"
