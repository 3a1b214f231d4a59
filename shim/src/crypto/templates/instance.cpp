// SPDX-License-Identifier: GPL-2.0
// Registering the instances module templates make (crypto_register_instance(),
// skcipher_register_instance(), aead_register_instance(), shash_register_instance()): the type's checks, then the
// registry's, as crypto/algapi.c does it; the registry owns the instance from then on and frees
// it with inst->free when it is removed and unused.
//
// Errors are negative errno values, as at the C ABI.
#include <functional>
#include <vector>

#include <crypto/internal/aead.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>

#include "shim/src/crypto/registry.h"

namespace {

using kcshim::AlgEntry;
using kcshim::Registry;

int register_instance(struct crypto_template *tmpl, struct crypto_instance *inst,
		      const std::function<int()> &register_alg, std::function<void()> destroy)
{
	std::lock_guard lock(Registry::get().mutex());
	std::vector<AlgEntry *> built_on;
	u32 flags = 0;

	for (struct crypto_spawn *s = inst->spawns; s; s = s->next) {
		AlgEntry *e = Registry::get().find(s->alg);
		if (!e || e->dead)
			return -EAGAIN;	// removed while the instance was made
		built_on.push_back(e);
		flags |= s->alg->cra_flags;
	}
	for (struct crypto_spawn *s = inst->spawns, *next; s; s = next) {
		next = s->next;
		s->inst = inst;
		s->registered = true;
	}
	inst->alg.cra_module = tmpl->module;
	inst->alg.cra_flags |= CRYPTO_ALG_INSTANCE | (flags & CRYPTO_ALG_FIPS_INTERNAL);

	int err = register_alg();
	if (err)
		return err;
	inst->tmpl = tmpl;
	AlgEntry *entry = Registry::get().find(&inst->alg);
	entry->instance = true;
	entry->spawns = std::move(built_on);
	entry->tmpl = tmpl;
	entry->destroy = std::move(destroy);
	return 0;
}

}  // namespace

extern "C" {

int crypto_register_instance(struct crypto_template *tmpl, struct crypto_instance *inst)
{
	// A bare crypto_instance (a cipher's): the template frees it itself
	return register_instance(tmpl, inst, [inst] { return crypto_register_alg(&inst->alg); },
				 nullptr);
}

void crypto_unregister_instance(struct crypto_instance *inst)
{
	Registry::get().remove(&inst->alg);
}

int skcipher_register_instance(struct crypto_template *tmpl, struct skcipher_instance *inst)
{
	if (!inst->free)
		return -EINVAL;
	return register_instance(tmpl, skcipher_crypto_instance(inst),
				 [inst] { return crypto_register_skcipher(&inst->alg); },
				 [inst] { inst->free(inst); });
}

int aead_register_instance(struct crypto_template *tmpl, struct aead_instance *inst)
{
	if (!inst->free)
		return -EINVAL;
	return register_instance(tmpl, aead_crypto_instance(inst),
				 [inst] { return crypto_register_aead(&inst->alg); },
				 [inst] { inst->free(inst); });
}

int shash_register_instance(struct crypto_template *tmpl, struct shash_instance *inst)
{
	if (!inst->free)
		return -EINVAL;
	return register_instance(tmpl, shash_crypto_instance(inst),
				 [inst] { return crypto_register_shash(&inst->alg); },
				 [inst] { inst->free(inst); });
}

void shash_free_singlespawn_instance(struct shash_instance *inst)
{
	crypto_drop_spawn(static_cast<struct crypto_spawn *>(shash_instance_ctx(inst)));
	kfree(inst);
}

}  // extern "C"
