// SPDX-License-Identifier: GPL-2.0
#include "shim/src/crypto/tfm.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include <linux/string.h>

namespace kcshim {

namespace {

struct TfmRecord {
	AlgEntry *entry;
	size_t size;
};

// kcshim_set_tfm_free_hook()'s hook; set by tests before they allocate.
std::atomic<void (*)(const void *, size_t, void *)> free_hook;
std::atomic<void *> free_hook_arg;

std::mutex tfms_mu;
std::unordered_map<crypto_tfm *, TfmRecord> &tfms()
{
	static std::unordered_map<crypto_tfm *, TfmRecord> map;
	return map;
}

}  // namespace

void *alloc_tfm(AlgEntry *e, size_t front_size, size_t base_offset, size_t ctxsize)
{
	crypto_alg *alg = e->alg;
	size_t size = front_size + ctxsize + alg->cra_alignmask;
	// exactly size bytes, so that ASan reports a driver writing past its context
	void *front;
	if (posix_memalign(&front, 64, size))
		return nullptr;
	memset(front, 0, size);
	auto *tfm = reinterpret_cast<crypto_tfm *>(static_cast<char *>(front) + base_offset);
	tfm->__crt_alg = alg;
	refcount_set(&tfm->refcnt, 1);
	std::lock_guard lock(tfms_mu);
	tfms()[tfm] = {e, size};
	return front;
}

void free_tfm(void *front, crypto_tfm *tfm)
{
	AlgEntry *e;
	size_t size;
	{
		std::lock_guard lock(tfms_mu);
		auto it = tfms().find(tfm);
		if (it == tfms().end())
			return;
		e = it->second.entry;
		size = it->second.size;
		tfms().erase(it);
	}
	memzero_explicit(front, size);
	if (auto hook = free_hook.load())
		hook(front, size, free_hook_arg.load());
	free(front);
	Registry::get().release(e);
}

AlgEntry *entry_of(crypto_tfm *tfm)
{
	std::lock_guard lock(tfms_mu);
	auto it = tfms().find(tfm);
	return it == tfms().end() ? nullptr : it->second.entry;
}

int init_tfm_common(crypto_tfm *tfm)
{
	crypto_alg *alg = tfm->__crt_alg;
	if (!tfm->exit && alg->cra_init)
		return alg->cra_init(tfm);
	return 0;
}

AlgEntry *lookup_pinned(const char *name, kcshim_alg_kind kind, uint32_t type, uint32_t mask,
			int *err)
{
	kcshim_init();
	return Registry::get().lookup({name, kind, type, mask}, err);
}

}  // namespace kcshim

extern "C" void kcshim_set_tfm_free_hook(void (*fn)(const void *mem, size_t size, void *arg),
					 void *arg)
{
	kcshim::free_hook_arg = arg;
	kcshim::free_hook = fn;
}

extern "C" void crypto_destroy_tfm(void *mem, struct crypto_tfm *tfm)
{
	if (!mem || IS_ERR(mem))
		return;
	// the type's exit (shash exit_tfm, skcipher exit) or, where the type set none, cra_exit
	if (tfm->exit)
		tfm->exit(tfm);
	else if (tfm->__crt_alg->cra_exit)
		tfm->__crt_alg->cra_exit(tfm);
	kcshim::free_tfm(mem, tfm);
}
