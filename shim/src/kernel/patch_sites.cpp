// SPDX-License-Identifier: GPL-2.0
#include "shim/src/kernel/patch_sites.h"

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include <kcshim/patch_sites.h>
#include <linux/static_key.h>

#include "shim/src/module/module_loader.h"

namespace kcshim {

namespace {

struct Site {
	struct static_key *key = nullptr;
	struct static_call_key *call = nullptr;
	const Module *owner = nullptr;
	bool pending = true;
	bool changed = false;
	std::string initial;
	std::string target;
};

std::mutex mu;

std::vector<Site> &sites()
{
	static std::vector<Site> list;
	return list;
}

Site *find(const void *key)
{
	for (auto &s : sites())
		if (s.key == key || s.call == key)
			return &s;
	return nullptr;
}

std::string name_of(const char *func_name)
{
	return func_name ? func_name : "NULL";
}

}  // namespace

void adopt_patch_sites(Module *mod)
{
	std::lock_guard lock(mu);
	for (auto &s : sites()) {
		if (s.pending) {
			s.owner = mod;
			s.pending = false;
		}
	}
}

void drop_patch_sites(const Module *mod)
{
	std::lock_guard lock(mu);
	std::erase_if(sites(), [mod](const Site &s) { return s.owner == mod && !s.pending; });
}

}  // namespace kcshim

extern "C" {

void kcshim_static_key_register(struct static_key *key)
{
	using namespace kcshim;
	std::lock_guard lock(mu);
	if (!find(key)) {
		Site s;
		s.key = key;
		sites().push_back(std::move(s));
	}
}

void kcshim_static_call_register(struct static_call_key *key)
{
	using namespace kcshim;
	std::lock_guard lock(mu);
	if (!find(key)) {
		Site s;
		s.call = key;
		s.initial = s.target = name_of(key->func_name);
		sites().push_back(std::move(s));
	}
}

void kcshim_static_key_set(struct static_key *key, int enabled)
{
	using namespace kcshim;
	__atomic_store_n(&key->enabled, enabled, __ATOMIC_RELAXED);
	std::lock_guard lock(mu);
	if (Site *s = find(key))
		s->changed = true;
}

void kcshim_static_call_update(struct static_call_key *key, void *func, const char *func_name)
{
	using namespace kcshim;
	__atomic_store_n(&key->func, func, __ATOMIC_RELAXED);
	std::lock_guard lock(mu);
	if (Site *s = find(key)) {
		s->target = func ? name_of(func_name) : "NULL";
		s->changed = true;
	}
}

void __kcshim_static_call_nop(void)
{
}

void kcshim_for_each_patch_site(void (*fn)(const struct kcshim_patch_site *site, void *arg),
				void *arg)
{
	using namespace kcshim;
	std::vector<Site> copy;
	{
		std::lock_guard lock(mu);
		copy = sites();
	}
	for (const Site &s : copy) {
		kcshim_patch_site out{};
		out.module = s.owner ? s.owner->name.c_str() : "kernel";
		out.is_call = s.call != nullptr;
		out.name = s.call ? s.call->name : s.key->name;
		out.target = s.call ? s.target.c_str() : nullptr;
		out.initial = s.call ? s.initial.c_str() : nullptr;
		out.enabled = s.key && __atomic_load_n(&s.key->enabled, __ATOMIC_RELAXED) > 0;
		out.changed = s.changed;
		fn(&out, arg);
	}
}

}  // extern "C"
