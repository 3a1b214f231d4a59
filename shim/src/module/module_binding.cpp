// SPDX-License-Identifier: GPL-2.0
#include "shim/src/module/module_binding.h"

#include <dlfcn.h>
#include <link.h>

#include <mutex>
#include <set>

#include "shim/src/module/module_loader.h"

namespace kcshim {

namespace {

std::mutex objects_mu;

std::set<const void *> &module_objects()
{
	static auto *set = new std::set<const void *>;	// never destroyed: modules outlive exit
	return *set;
}

bool is_module_object(const void *link_map)
{
	std::lock_guard lock(objects_mu);
	return module_objects().contains(link_map);
}

const Module *first_exporting(const std::vector<const Module *> &loaded, const std::string &name,
			      const std::string &suffix, std::uintptr_t *address)
{
	for (const Module *m : loaded) {
		if (m->suffix != suffix)
			continue;
		if (auto it = m->exports.find(name); it != m->exports.end()) {
			*address = it->second;
			return m;
		}
	}
	return nullptr;
}

}  // namespace

void note_module_object(const void *link_map)
{
	std::lock_guard lock(objects_mu);
	module_objects().insert(link_map);
}

void forget_module_object(const void *link_map)
{
	std::lock_guard lock(objects_mu);
	module_objects().erase(link_map);
}

std::uintptr_t process_symbol(const std::string &name)
{
	// Objects loaded at start-up precede every dlopen()ed module in the global scope, so a
	// definition found in a module means none of them has one.
	void *p = dlsym(RTLD_DEFAULT, name.c_str());
	if (!p)
		return 0;
	Dl_info info;
	struct link_map *map = nullptr;
	if (dladdr1(p, &info, reinterpret_cast<void **>(&map), RTLD_DL_LINKMAP) && map &&
	    is_module_object(map))
		return 0;
	return reinterpret_cast<std::uintptr_t>(p);
}

SideResolver::SideResolver(std::string suffix, std::vector<const Module *> loaded)
	: suffix_(std::move(suffix)), loaded_(std::move(loaded))
{
}

std::string SideResolver::resolve(const std::string &name, bool weak, Import *out) const
{
	*out = Import{name};
	if (!suffix_.empty() && (out->from = first_exporting(loaded_, name, suffix_, &out->address)))
		return {};
	if ((out->from = first_exporting(loaded_, name, "", &out->address)))
		return {};
	if ((out->address = process_symbol(name)) || weak)
		return {};
	std::string others;
	for (const Module *m : loaded_)
		if (m->exports.contains(name))
			others += (others.empty() ? "" : ", ") + side_name(*m);
	if (others.empty())
		return "undefined symbol " + name + " (not in the shim, the process or an earlier " +
		       (suffix_.empty() ? "module" : "unsuffixed module or one of side " + suffix_) +
		       ")";
	if (suffix_.empty())
		return "symbol " + name + " is exported only by " + others + " (a suffixed side): a "
		       "module loaded without a suffix binds only to unsuffixed modules and the shim; "
		       "load an unsuffixed build of the module that exports it first";
	return "symbol " + name + " is exported only by " + others + " (another side): a module "
	       "of side " + suffix_ + " binds only to side " + suffix_ + ", unsuffixed modules and "
	       "the shim; load side " + suffix_ + "'s build of the module that exports it first";
}

}  // namespace kcshim
