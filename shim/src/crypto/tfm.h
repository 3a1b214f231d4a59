// SPDX-License-Identifier: GPL-2.0
// Transform objects: one allocation holding the type's front end (crypto_shash, ...), the
// crypto_tfm and the driver's context, as crypto_create_tfm() lays them out.
#pragma once

#include <cstddef>
#include <optional>

#include <linux/crypto.h>
#include <linux/err.h>

#include "shim/src/crypto/registry.h"

namespace kcshim {

// Allocates a tfm for e (already pinned by the caller; the tfm takes over that pin). front_size
// is the size of the front-end struct whose last member is the crypto_tfm at base_offset, ctxsize
// that of the context after it (the driver's cra_ctxsize, or what the type puts there instead).
// Returns the front end, zeroed, with base.__crt_alg set; nullptr on -ENOMEM.
void *alloc_tfm(AlgEntry *e, size_t front_size, size_t base_offset, size_t ctxsize);
// Wipes (the context may hold keys) and frees the allocation, then unpins the driver.
void free_tfm(void *front, crypto_tfm *tfm);
AlgEntry *entry_of(crypto_tfm *tfm);

// Allocate a tfm of the given type for e, which the caller has pinned (the tfm takes the pin
// over; on failure it is released). nullptr and *err = -errno on failure.
struct crypto_shash *alloc_shash_for(AlgEntry *e, int *err);
struct crypto_cipher *alloc_cipher_for(AlgEntry *e, int *err);
struct crypto_skcipher *alloc_skcipher_for(AlgEntry *e, int *err);
struct crypto_lskcipher *alloc_lskcipher_for(AlgEntry *e, int *err);
struct crypto_aead *alloc_aead_for(AlgEntry *e, int *err);
// An ahash tfm over e, a shash driver (ahash.cpp)
struct crypto_ahash *alloc_ahash_for(AlgEntry *e, int *err);

// After the type's own init: the driver's cra_init, unless the type set an exit of its own (as
// crypto_create_tfm_node() does; crc32c's default key comes from cra_init this way).
int init_tfm_common(crypto_tfm *tfm);

// Looks name up (kcshim_init() first) and pins the driver; nullptr and *err on failure.
AlgEntry *lookup_pinned(const char *name, kcshim_alg_kind kind, uint32_t type, uint32_t mask,
			int *err);

// What every alloc_*_for() does, as crypto_create_tfm_node() does it for every type: a tfm of
// front end T (crypto_shash, ...: a struct whose crypto_tfm is its member base) for e, pinned as
// above, then type_init(tfm) (the type's own set-up, which may set base.exit and run the
// driver's init), then init_tfm_common(). The context is the driver's cra_ctxsize unless the type
// says otherwise (crypto_type.extsize: an skcipher over an lskcipher holds a pointer). nullptr and
// *err = -errno on failure, the tfm freed.
template <class T, class TypeInit>
T *create_tfm(AlgEntry *e, int *err, TypeInit type_init, std::optional<size_t> extsize = {})
{
	auto *tfm = static_cast<T *>(alloc_tfm(e, sizeof(T), offsetof(T, base),
					       extsize.value_or(e->alg->cra_ctxsize)));
	if (!tfm) {
		Registry::get().release(e);
		*err = -ENOMEM;
		return nullptr;
	}
	*err = type_init(tfm);
	if (!*err)
		*err = init_tfm_common(&tfm->base);
	if (*err) {
		tfm->base.exit = nullptr;
		free_tfm(tfm, &tfm->base);
		return nullptr;
	}
	return tfm;
}

// crypto_alloc_tfm() for crypto_alloc_shash() and the others: name looked up as kind and pinned,
// the tfm made by alloc_for (one of the alloc_*_for() above). The tfm, or ERR_PTR(-errno).
template <class T>
T *alloc_tfm_by_name(const char *name, kcshim_alg_kind kind, uint32_t type, uint32_t mask,
		     T *(*alloc_for)(AlgEntry *e, int *err))
{
	int err;
	AlgEntry *e = lookup_pinned(name, kind, type, mask, &err);
	T *tfm = e ? alloc_for(e, &err) : nullptr;
	return tfm ? tfm : static_cast<T *>(ERR_PTR(err));
}

// crypto_has_shash() and the others: 1 if tfm (what crypto_alloc_*() returned) is a tfm, which
// free_fn then frees; 0 for an error pointer.
template <class T>
int has_tfm(T *tfm, void (*free_fn)(T *tfm))
{
	if (IS_ERR(tfm))
		return 0;
	free_fn(tfm);
	return 1;
}

}  // namespace kcshim
