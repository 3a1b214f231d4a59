// SPDX-License-Identifier: GPL-2.0
// Spawns (crypto/algapi.c): what a module template's instance is built on. crypto_grab_*() looks
// the algorithm up and pins it in the registry until crypto_drop_*(), so it cannot go while the
// instance holds it, and its removal removes the instance (Registry::remove()).
// crypto_spawn_*() makes a tfm of it for the instance's tfm.
//
// Errors are negative errno values, as at the C ABI.
#include <span>

#include <crypto/internal/aead.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>
#include <linux/err.h>

#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/tfm.h"

namespace {

using kcshim::AlgEntry;
using kcshim::Registry;

int grab(struct crypto_spawn *spawn, struct crypto_instance *inst, const char *name,
	 kcshim_alg_kind kind, u32 type, u32 mask)
{
	if (!inst)
		return -EINVAL;
	if (IS_ERR(name))	// crypto_attr_alg_name()'s result, passed on as it is
		return PTR_ERR(name);
	int err;
	AlgEntry *e = kcshim::lookup_pinned(name, kind, type, mask, &err);
	if (!e)
		return err;
	std::lock_guard lock(Registry::get().mutex());
	spawn->alg = e->alg;
	spawn->mask = mask;
	spawn->next = inst->spawns;
	inst->spawns = spawn;
	inst->alg.cra_flags |= e->alg->cra_flags & CRYPTO_ALG_INHERITED_FLAGS;
	return 0;
}

// A tfm of the spawn's algorithm made by alloc_for(); ERR_PTR(-EAGAIN) once it is gone.
template <class T>
T *spawn_tfm(struct crypto_spawn *spawn, T *(*alloc_for)(AlgEntry *e, int *err))
{
	AlgEntry *e = spawn->alg ? Registry::get().pin_live(spawn->alg) : nullptr;

	if (!e)
		return static_cast<T *>(ERR_PTR(-EAGAIN));
	int err;
	T *tfm = alloc_for(e, &err);
	return tfm ? tfm : static_cast<T *>(ERR_PTR(err));
}

// The kind a crypto_grab_spawn() type asks for.
int kind_of_type(u32 type, kcshim_alg_kind *kind)
{
	switch (type & CRYPTO_ALG_TYPE_MASK) {
	case CRYPTO_ALG_TYPE_CIPHER:
		*kind = KCSHIM_KIND_CIPHER;
		return 0;
	case CRYPTO_ALG_TYPE_SKCIPHER:
		*kind = KCSHIM_KIND_SKCIPHER;
		return 0;
	case CRYPTO_ALG_TYPE_LSKCIPHER:
		*kind = KCSHIM_KIND_LSKCIPHER;
		return 0;
	case CRYPTO_ALG_TYPE_AEAD:
		*kind = KCSHIM_KIND_AEAD;
		return 0;
	case CRYPTO_ALG_TYPE_SHASH:
		*kind = KCSHIM_KIND_SHASH;
		return 0;
	default:
		return -EINVAL;
	}
}

}  // namespace

extern "C" {

int crypto_grab_spawn(struct crypto_spawn *spawn, struct crypto_instance *inst,
		      const char *name, u32 type, u32 mask)
{
	kcshim_alg_kind kind;
	int err = kind_of_type(type, &kind);

	return err ? err : grab(spawn, inst, name, kind, type, mask);
}

struct crypto_alg *crypto_alg_mod_lookup(const char *name, u32 type, u32 mask)
{
	kcshim_alg_kind kind;
	std::span<const kcshim_alg_kind> kinds = kcshim::name_lookup_kinds;
	if ((mask & CRYPTO_ALG_TYPE_MASK) && !kind_of_type(type, &kind))
		kinds = {&kind, 1};
	int err = -ENOENT;
	for (kcshim_alg_kind k : kinds)
		if (AlgEntry *e = kcshim::lookup_pinned(name, k, type, mask, &err))
			return e->alg;
	return static_cast<struct crypto_alg *>(ERR_PTR(err));
}

struct crypto_alg *crypto_mod_get(struct crypto_alg *alg)
{
	return Registry::get().pin_live(alg) ? alg : nullptr;
}

void crypto_mod_put(struct crypto_alg *alg)
{
	std::lock_guard lock(Registry::get().mutex());
	if (AlgEntry *e = Registry::get().find(alg))
		Registry::get().release(e);
}

void crypto_drop_spawn(struct crypto_spawn *spawn)
{
	if (!spawn->alg)	// never grabbed
		return;
	std::lock_guard lock(Registry::get().mutex());
	AlgEntry *e = Registry::get().find(spawn->alg);
	spawn->alg = nullptr;
	if (e)
		Registry::get().release(e);
}

int crypto_grab_skcipher(struct crypto_skcipher_spawn *spawn, struct crypto_instance *inst,
			 const char *name, u32 type, u32 mask)
{
	return grab(&spawn->base, inst, name, KCSHIM_KIND_SKCIPHER, type, mask);
}

int crypto_grab_aead(struct crypto_aead_spawn *spawn, struct crypto_instance *inst,
		     const char *name, u32 type, u32 mask)
{
	return grab(&spawn->base, inst, name, KCSHIM_KIND_AEAD, type, mask);
}

int crypto_grab_cipher(struct crypto_cipher_spawn *spawn, struct crypto_instance *inst,
		       const char *name, u32 type, u32 mask)
{
	return grab(&spawn->base, inst, name, KCSHIM_KIND_CIPHER, type, mask);
}

int crypto_grab_shash(struct crypto_shash_spawn *spawn, struct crypto_instance *inst,
		      const char *name, u32 type, u32 mask)
{
	return grab(&spawn->base, inst, name, KCSHIM_KIND_SHASH, type, mask);
}

// kcshim's hashes are all shash: an ahash spawn holds one, its tfms run it (ahash.cpp)
int crypto_grab_ahash(struct crypto_ahash_spawn *spawn, struct crypto_instance *inst,
		      const char *name, u32 type, u32 mask)
{
	return grab(&spawn->base, inst, name, KCSHIM_KIND_SHASH, type, mask);
}

struct crypto_shash *crypto_spawn_shash(struct crypto_shash_spawn *spawn)
{
	return spawn_tfm(&spawn->base, kcshim::alloc_shash_for);
}

struct crypto_ahash *crypto_spawn_ahash(struct crypto_ahash_spawn *spawn)
{
	return spawn_tfm(&spawn->base, kcshim::alloc_ahash_for);
}

struct crypto_skcipher *crypto_spawn_skcipher(struct crypto_skcipher_spawn *spawn)
{
	return spawn_tfm(&spawn->base, kcshim::alloc_skcipher_for);
}

struct crypto_aead *crypto_spawn_aead(struct crypto_aead_spawn *spawn)
{
	return spawn_tfm(&spawn->base, kcshim::alloc_aead_for);
}

struct crypto_cipher *crypto_spawn_cipher(struct crypto_cipher_spawn *spawn)
{
	return spawn_tfm(&spawn->base, kcshim::alloc_cipher_for);
}

}  // extern "C"
