// SPDX-License-Identifier: GPL-2.0
// The driver listing behind `kcshim list` (/proc/crypto's fields).
#include <crypto/internal/aead.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>

#include "shim/src/module/module_loader.h"
#include "shim/src/crypto/registry.h"

extern "C" int kcshim_for_each_alg(int (*fn)(const struct kcshim_alg_info *info, void *arg),
				   void *arg)
{
	using namespace kcshim;
	kcshim_init();
	std::lock_guard lock(Registry::get().mutex());
	for (AlgEntry *e : Registry::get().snapshot()) {
		const crypto_alg *alg = e->alg;
		kcshim_alg_info info{};
		info.name = alg->cra_name;
		info.driver = alg->cra_driver_name;
		info.module = e->module ? e->module->name.c_str() : "kernel";
		info.priority = alg->cra_priority;
		info.refcnt = static_cast<unsigned>(refcount_read(&alg->cra_refcnt));
		info.flags = alg->cra_flags;
		info.kind = e->kind;
		info.selftest = e->selftest;
		info.internal = alg->cra_flags & CRYPTO_ALG_INTERNAL;
		info.instance = e->instance;
		info.blocksize = alg->cra_blocksize;
		switch (e->kind) {
		case KCSHIM_KIND_SHASH: {
			auto *s = container_of(alg, struct shash_alg, base);
			info.digestsize = s->digestsize;
			info.descsize = s->descsize;
			info.statesize = s->statesize;
			info.keyed = s->setkey && s->setkey != shash_no_setkey;
			break;
		}
		case KCSHIM_KIND_CIPHER:
			info.min_keysize = alg->cra_cipher.cia_min_keysize;
			info.max_keysize = alg->cra_cipher.cia_max_keysize;
			break;
		case KCSHIM_KIND_COMPRESS:
			break;
		case KCSHIM_KIND_SKCIPHER: {
			auto *s = container_of(alg, struct skcipher_alg, base);
			info.min_keysize = s->min_keysize;
			info.max_keysize = s->max_keysize;
			info.ivsize = s->ivsize;
			info.chunksize = s->chunksize;
			info.walksize = s->walksize;
			break;
		}
		case KCSHIM_KIND_LSKCIPHER: {
			auto *s = container_of(alg, struct lskcipher_alg, co.base);
			info.min_keysize = s->co.min_keysize;
			info.max_keysize = s->co.max_keysize;
			info.ivsize = s->co.ivsize;
			info.chunksize = s->co.chunksize;
			info.statesize = s->co.statesize;
			break;
		}
		case KCSHIM_KIND_AEAD: {
			auto *a = container_of(alg, struct aead_alg, base);
			info.ivsize = a->ivsize;
			info.maxauthsize = a->maxauthsize;
			info.chunksize = a->chunksize;
			break;
		}
		}
		int ret = fn(&info, arg);
		if (ret)
			return ret;
	}
	return 0;
}

extern "C" enum kcshim_selftest_state kcshim_driver_selftest_state(const char *driver, const char **message)
{
	using namespace kcshim;
	kcshim_init();
	std::lock_guard lock(Registry::get().mutex());
	AlgEntry *e = Registry::get().find_driver(driver);
	if (!e)
		return KCSHIM_SELFTEST_UNTESTED;
	if (message)
		*message = e->selftest_message.c_str();
	return e->selftest;
}
