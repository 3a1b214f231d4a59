// SPDX-License-Identifier: GPL-2.0
// Registration and lookup with the kernel's rules (crypto/algapi.c, crypto/api.c).
#include "shim/src/crypto/register_many.h"
#include "shim/src/crypto/registry.h"

#include <algorithm>
#include <utility>
#include <cstring>

#include <crypto/algapi.h>

#include "shim/src/module/module_loader.h"
#include "shim/src/crypto/selftest/manager.h"
#include "shim/src/crypto/templates/template.h"

namespace kcshim {

namespace {

thread_local std::string last_error;

bool is_pow2_minus_1(unsigned int v)
{
	return ((v + 1) & v) == 0;
}

// crypto_check_alg() of the kernel, with old kernels' "<name>-generic" default driver name.
int check_alg(crypto_alg *alg, kcshim_alg_kind kind)
{
	if (!alg->cra_name[0]) {
		set_last_error("driver has no cra_name");
		return -EINVAL;
	}
	if (!alg->cra_driver_name[0]) {
		std::string name = std::string(alg->cra_name) + "-generic";
		if (name.size() >= sizeof(alg->cra_driver_name))
			return -ENAMETOOLONG;
		memcpy(alg->cra_driver_name, name.c_str(), name.size() + 1);
	}
	if (!is_pow2_minus_1(alg->cra_alignmask) || alg->cra_alignmask > MAX_ALGAPI_ALIGNMASK) {
		set_last_error(std::string(alg->cra_driver_name) + ": bad cra_alignmask");
		return -EINVAL;
	}
	// One deliberate difference: SHAKE128's rate is 168 bytes, over the kernel's 160-byte
	// limit, and kcshim registers it as a shash; hashes may have blocks up to a Keccak state.
	unsigned int max_blocksize = kind == KCSHIM_KIND_SHASH ? 200 : MAX_ALGAPI_BLOCKSIZE;
	if (alg->cra_blocksize > max_blocksize) {
		set_last_error(std::string(alg->cra_driver_name) + ": cra_blocksize too large");
		return -EINVAL;
	}
	if (kind == KCSHIM_KIND_CIPHER &&
	    (alg->cra_alignmask > MAX_CIPHER_ALIGNMASK || alg->cra_blocksize > MAX_CIPHER_BLOCKSIZE ||
	     alg->cra_blocksize == 0)) {
		set_last_error(std::string(alg->cra_driver_name) + ": bad cipher block size or alignmask");
		return -EINVAL;
	}
	if (alg->cra_priority < 0) {
		set_last_error(std::string(alg->cra_driver_name) + ": negative cra_priority");
		return -EINVAL;
	}
	return 0;
}

void apply_module_suffix(crypto_alg *alg)
{
	if (alg->cra_flags & CRYPTO_ALG_INSTANCE)
		return;	// "cbc(cast5-generic@before)" carries its cipher's suffix already
	Module *mod = module_of(alg->cra_module);
	if (!mod)
		mod = loading_module();
	if (!mod || mod->suffix.empty())
		return;
	std::string tail = "@" + mod->suffix;
	size_t len = strlen(alg->cra_driver_name);
	if (len >= tail.size() && tail == alg->cra_driver_name + len - tail.size())
		return;
	std::string renamed = alg->cra_driver_name + tail;
	snprintf(alg->cra_driver_name, sizeof(alg->cra_driver_name), "%s", renamed.c_str());
}

// The kernel's type/mask filter, with internal drivers hidden unless asked for.
bool flags_match(const crypto_alg *alg, uint32_t type, uint32_t mask)
{
	if (!((type | mask) & CRYPTO_ALG_INTERNAL))
		mask |= CRYPTO_ALG_INTERNAL;
	type &= ~CRYPTO_ALG_TYPE_MASK;
	mask &= ~CRYPTO_ALG_TYPE_MASK;
	return !((alg->cra_flags ^ type) & mask);
}

// An skcipher tfm may run on an lskcipher driver (the kernel's skcipher type mask, 0xe, takes
// both types); an lskcipher tfm only on an lskcipher.
bool kind_accepts(kcshim_alg_kind wanted, kcshim_alg_kind have)
{
	return wanted == have || (wanted == KCSHIM_KIND_SKCIPHER && have == KCSHIM_KIND_LSKCIPHER);
}

}  // namespace

void type_bits(kcshim_alg_kind kind, uint32_t *type, uint32_t *mask)
{
	static constexpr struct {
		kcshim_alg_kind kind;
		uint32_t type, maskset;
	} bits[] = {
		{KCSHIM_KIND_SHASH, CRYPTO_ALG_TYPE_SHASH, CRYPTO_ALG_TYPE_MASK},
		{KCSHIM_KIND_CIPHER, CRYPTO_ALG_TYPE_CIPHER, CRYPTO_ALG_TYPE_MASK},
		{KCSHIM_KIND_SKCIPHER, CRYPTO_ALG_TYPE_SKCIPHER, 0xe},
		{KCSHIM_KIND_LSKCIPHER, CRYPTO_ALG_TYPE_LSKCIPHER, CRYPTO_ALG_TYPE_MASK},
		{KCSHIM_KIND_COMPRESS, CRYPTO_ALG_TYPE_COMPRESS, CRYPTO_ALG_TYPE_MASK},
		{KCSHIM_KIND_AEAD, CRYPTO_ALG_TYPE_AEAD, CRYPTO_ALG_TYPE_MASK},
	};
	*type &= ~CRYPTO_ALG_TYPE_MASK;
	for (const auto &b : bits)
		if (b.kind == kind) {
			*type |= b.type;
			*mask |= b.maskset;
		}
}

void set_last_error(std::string message)
{
	last_error = std::move(message);
}

const char *last_error_cstr()
{
	return last_error.c_str();
}

kcshim_alg_kind kind_of(const crypto_alg *alg)
{
	switch (alg->cra_flags & CRYPTO_ALG_TYPE_MASK) {
	case CRYPTO_ALG_TYPE_CIPHER:
		return KCSHIM_KIND_CIPHER;
	case CRYPTO_ALG_TYPE_SKCIPHER:
		return KCSHIM_KIND_SKCIPHER;
	case CRYPTO_ALG_TYPE_LSKCIPHER:
		return KCSHIM_KIND_LSKCIPHER;
	case CRYPTO_ALG_TYPE_COMPRESS:
		return KCSHIM_KIND_COMPRESS;
	case CRYPTO_ALG_TYPE_AEAD:
		return KCSHIM_KIND_AEAD;
	default:
		return KCSHIM_KIND_SHASH;
	}
}

Registry &Registry::get()
{
	static Registry registry;
	return registry;
}

Registry::~Registry()
{
	exiting_ = true;
	for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
		if ((*it)->destroy)
			std::exchange((*it)->destroy, nullptr)();
}

int Registry::add(crypto_alg *alg, kcshim_alg_kind kind, AlgEntry **out)
{
	AlgEntry *entry;
	{
		std::lock_guard lock(mu_);
		int err = check_alg(alg, kind);
		if (err)
			return err;
		apply_module_suffix(alg);
		for (auto &e : entries_) {
			if (e->dead)
				continue;
			const crypto_alg *q = e->alg;
			if (q == alg || !strcmp(q->cra_driver_name, alg->cra_name) ||
			    !strcmp(q->cra_driver_name, alg->cra_driver_name) ||
			    !strcmp(q->cra_name, alg->cra_driver_name)) {
				set_last_error(std::string("driver name collision: ") +
					       alg->cra_driver_name + " vs " + q->cra_driver_name +
					       (e->module ? " of module " + side_name(*e->module)
							  : std::string(" (built in)")));
				return -EEXIST;
			}
		}
		auto e = std::make_unique<AlgEntry>();
		e->alg = alg;
		e->kind = kind;
		e->module = module_of(alg->cra_module);
		if (!e->module)
			e->module = loading_module();
		e->seq = next_seq_++;
		refcount_set(&alg->cra_refcnt, 1);
		alg->cra_flags &= ~(CRYPTO_ALG_DEAD | CRYPTO_ALG_DYING | CRYPTO_ALG_TESTED);
		entry = e.get();
		entries_.push_back(std::move(e));
	}
	// Tested outside the lock's critical path: the test allocates tfms of this very driver.
	selftest::test_on_register(entry);
	if (out)
		*out = entry;
	return 0;
}

void Registry::remove(crypto_alg *alg)
{
	std::lock_guard lock(mu_);
	AlgEntry *e = find(alg);
	if (e)
		remove_entry(e);
}

std::vector<AlgEntry *> Registry::dependants(const AlgEntry *e)
{
	std::vector<AlgEntry *> out;
	for (auto &d : entries_)
		if (!d->dead && (d->inner == e || std::ranges::find(d->spawns, e) != d->spawns.end()))
			out.push_back(d.get());
	return out;
}

// Instances built on e go first, each with its own dependants; one may take another with it
// (xts(ecb(aes)) is built on aes and on ecb(aes)), so they are looked for again after each.
void Registry::remove_entry(AlgEntry *e)
{
	for (auto deps = dependants(e); !deps.empty(); deps = dependants(e))
		remove_entry(deps.front());
	if (e->dead)
		return;
	e->dead = true;
	e->alg->cra_flags |= CRYPTO_ALG_DEAD;
	reap(e);
}

bool Registry::in_use(AlgEntry *e)
{
	std::lock_guard lock(mu_);
	auto deps = dependants(e);
	size_t pins = 0;
	for (AlgEntry *d : deps)
		pins += (d->inner == e) + std::ranges::count(d->spawns, e);
	if (e->users.load() > pins)
		return true;
	return std::ranges::any_of(deps, [this](AlgEntry *d) { return in_use(d); });
}

void Registry::reap(AlgEntry *e)
{
	if (!e->dead || e->users.load() != 0 || exiting_)
		return;
	AlgEntry *inner = e->inner;
	auto destroy = std::move(e->destroy);
	std::erase_if(entries_, [e](const std::unique_ptr<AlgEntry> &p) { return p.get() == e; });
	if (destroy)
		destroy();
	if (inner)
		release(inner);
}

AlgEntry *Registry::best_match(const LookupKey &key)
{
	AlgEntry *best = nullptr;
	for (auto &e : entries_) {
		const crypto_alg *alg = e->alg;
		if (e->dead || e->selftest == KCSHIM_SELFTEST_FAILED ||
		    !kind_accepts(key.kind, e->kind) || !flags_match(alg, key.type, key.mask))
			continue;
		if (key.name == alg->cra_driver_name)
			return e.get();	// an exact driver name wins at once
		if (key.name != alg->cra_name)
			continue;
		// strictly greater priority wins; on a tie the most recently registered
		if (!best || alg->cra_priority > best->alg->cra_priority ||
		    (alg->cra_priority == best->alg->cra_priority && e->seq > best->seq))
			best = e.get();
	}
	return best;
}

AlgEntry *Registry::lookup(const LookupKey &key, int *err)
{
	std::lock_guard lock(mu_);
	AlgEntry *e = best_match(key);
	if (!e) {
		uint32_t type = key.type, mask = key.mask;
		type_bits(key.kind, &type, &mask);
		int ret = templates::instantiate(key.name, type, mask);
		if (ret && ret != -EEXIST) {
			*err = ret;
			return nullptr;
		}
		e = best_match(key);
	}
	if (!e) {
		set_last_error("no such algorithm: " + std::string(key.name));
		*err = -ENOENT;
		return nullptr;
	}
	pin(e);
	*err = 0;
	return e;
}

void Registry::pin(AlgEntry *e)
{
	std::lock_guard lock(mu_);
	e->users++;
	refcount_inc(&e->alg->cra_refcnt);
}

bool Registry::pin_if_live(AlgEntry *e)
{
	std::lock_guard lock(mu_);
	if (!e || e->dead)
		return false;
	pin(e);
	return true;
}

AlgEntry *Registry::pin_live(const crypto_alg *alg)
{
	std::lock_guard lock(mu_);
	AlgEntry *e = find(alg);
	return pin_if_live(e) ? e : nullptr;
}

void Registry::release(AlgEntry *e)
{
	std::lock_guard lock(mu_);
	refcount_dec(&e->alg->cra_refcnt);
	if (--e->users == 0)
		reap(e);
}

AlgEntry *Registry::find(const crypto_alg *alg)
{
	std::lock_guard lock(mu_);
	for (auto &e : entries_)
		if (e->alg == alg && !e->dead)
			return e.get();
	for (auto &e : entries_)
		if (e->alg == alg)
			return e.get();
	return nullptr;
}

AlgEntry *Registry::find_driver(std::string_view driver)
{
	std::lock_guard lock(mu_);
	for (auto &e : entries_)
		if (!e->dead && driver == e->alg->cra_driver_name)
			return e.get();
	return nullptr;
}

std::vector<AlgEntry *> Registry::snapshot()
{
	std::lock_guard lock(mu_);
	std::vector<AlgEntry *> out;
	for (auto &e : entries_)
		if (!e->dead)
			out.push_back(e.get());
	std::sort(out.begin(), out.end(), [](auto *a, auto *b) { return a->seq > b->seq; });
	return out;
}

std::vector<AlgEntry *> Registry::entries_of(const Module *mod)
{
	std::lock_guard lock(mu_);
	std::vector<AlgEntry *> out;
	for (auto &e : entries_)
		if (e->module == mod)
			out.push_back(e.get());
	return out;
}

void Registry::set_selftest(AlgEntry *e, kcshim_selftest_state state, std::string message)
{
	std::lock_guard lock(mu_);
	e->selftest = state;
	e->selftest_message = std::move(message);
	if (state == KCSHIM_SELFTEST_PASSED)
		e->alg->cra_flags |= CRYPTO_ALG_TESTED;
	else
		e->alg->cra_flags &= ~CRYPTO_ALG_TESTED;
}

}  // namespace kcshim

extern "C" {

const char *kcshim_last_error(void)
{
	return kcshim::last_error_cstr();
}

int crypto_register_alg(struct crypto_alg *alg)
{
	kcshim_alg_kind kind = kcshim::kind_of(alg);
	if (kind != KCSHIM_KIND_CIPHER && kind != KCSHIM_KIND_COMPRESS) {
		// shash, skcipher and AEAD drivers have their own register calls
		kcshim::set_last_error(std::string(alg->cra_driver_name) +
				       ": crypto_register_alg() takes cipher and compression drivers");
		return -EINVAL;
	}
	return kcshim::Registry::get().add(alg, kind);
}

void crypto_unregister_alg(struct crypto_alg *alg)
{
	kcshim::Registry::get().remove(alg);
}

int crypto_register_algs(struct crypto_alg *algs, int count)
{
	return kcshim::register_many(algs, count, crypto_register_alg, crypto_unregister_alg);
}

void crypto_unregister_algs(struct crypto_alg *algs, int count)
{
	kcshim::unregister_many(algs, count, crypto_unregister_alg);
}

int crypto_has_alg(const char *name, u32 type, u32 mask)
{
	kcshim_init();
	for (kcshim_alg_kind kind : kcshim::name_lookup_kinds) {
		int err;
		auto *e = kcshim::Registry::get().lookup({name, kind, type, mask}, &err);
		if (e) {
			kcshim::Registry::get().release(e);
			return 1;
		}
	}
	return 0;
}

int crypto_register_notifier(struct notifier_block *nb)
{
	return 0;
}

int crypto_unregister_notifier(struct notifier_block *nb)
{
	return 0;
}

}  // extern "C"
