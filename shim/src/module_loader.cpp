// SPDX-License-Identifier: GPL-2.0
// Modules: dlopen() runs the module's constructors, which queue its init calls; we run them with
// the module marked as loading so its drivers are attributed (and suffixed) to it.
//
// Modules are opened RTLD_GLOBAL so a module can use what an earlier one exports, as the kernel
// links modules against each other; they are built with -Bsymbolic so their own calls stay inside.
// A relocatable (ET_REL) module -- kernel assembly that addresses its data absolutely -- is
// loaded by relocatable_module.cpp instead of dlopen(); the rest is the same.
#include "module_loader.h"

#include <dlfcn.h>
#include <elf.h>
#include <unistd.h>

#include <cstring>
#include <list>
#include <memory>
#include <mutex>

#include <kcshim/kcshim.h>
#include <linux/module.h>

#include "elf_file.h"
#include "initcalls.h"
#include "patch_sites.h"
#include "registry.h"

struct kcshim_module {
	kcshim::Module m;
};

namespace kcshim {

namespace {

std::mutex load_mu;
thread_local Module *loading;

// Never destroyed: a process exit is not rmmod. Destroying the list at exit would unmap
// relocatable modules while the registry and other modules still point into them, and hide
// what they hold from LeakSanitizer's exit-time scan.
std::list<std::unique_ptr<kcshim_module>> &modules()
{
	static auto *list = new std::list<std::unique_ptr<kcshim_module>>;
	return *list;
}

std::string base_name(const std::string &path)
{
	std::string name = path.substr(path.find_last_of('/') + 1);
	size_t dot = name.find('.');
	return dot == std::string::npos ? name : name.substr(0, dot);
}

void run_exits(Module &m)
{
	auto exits = take_exitcalls(m.kmod);
	for (auto it = exits.rbegin(); it != exits.rend(); ++it)
		(*it)();
}

void unmap(Module &m)
{
	drop_patch_sites(&m);
	if (m.handle)
		dlclose(m.handle);
	m.handle = nullptr;
	m.relocatable.reset();
}

}  // namespace

Module *loading_module()
{
	return loading;
}

Module *module_of(const struct module *kmod)
{
	return kmod ? static_cast<Module *>(kmod->kcshim_private) : nullptr;
}

}  // namespace kcshim

extern "C" {

int kcshim_load_module(const char *path, const char *suffix, struct kcshim_module **out)
{
	using namespace kcshim;
	kcshim_init();
	std::lock_guard lock(load_mu);

	// Checked before anything maps it: a truncated module is an error, not a SIGBUS.
	std::vector<std::uint8_t> file;
	std::uint16_t type = 0;
	if (std::string why = check_module_file(path, &file, &type); !why.empty()) {
		set_last_error("cannot load module: " + std::string(path) + ": " + why);
		return access(path, F_OK) ? -ENOENT : -ENOEXEC;
	}
	auto holder = std::make_unique<kcshim_module>();
	Module &m = holder->m;
	m.path = path;
	m.suffix = suffix ? suffix : "";
	m.name = base_name(path);

	// Init calls queued before this dlopen belong to someone else; keep them queued.
	auto earlier = take_initcalls();
	adopt_patch_sites(nullptr);	// sites announced so far are kcshim's own
	// a bare "foo.so" means the file here, not a library search as dlopen() would do
	std::string open_path = strchr(path, '/') ? path : std::string("./") + path;
	std::string why;
	if (type == ET_REL)
		m.relocatable = RelocatableModule::load(open_path, std::move(file), &why);
	else if (!(m.handle = dlopen(open_path.c_str(), RTLD_NOW | RTLD_GLOBAL)))
		why = dlerror();
	auto calls = take_initcalls();
	adopt_patch_sites(&m);
	for (auto &c : earlier)
		kcshim_initcall_add(c.level, c.fn, c.name.c_str(), c.owner);
	if (!m.handle && !m.relocatable) {
		drop_patch_sites(&m);
		set_last_error("cannot load module: " + why);
		return -ENOEXEC;
	}
	auto *kmod = static_cast<struct module *>(m.handle ? dlsym(m.handle, "__this_module")
							   : m.relocatable->symbol("__this_module"));
	if (kmod) {
		m.kmod = kmod;
		kmod->kcshim_private = &m;
		if (kmod->name[0])
			m.name = kmod->name;
	}
	loading = &m;
	int err = run_initcalls(std::move(calls), true);
	loading = nullptr;
	if (err) {
		run_exits(m);
		for (AlgEntry *e : Registry::get().entries_of(&m))
			if (!e->dead)
				Registry::get().remove(e->alg);
		unmap(m);
		set_last_error("module " + m.name + " init failed: " + strerror(-err));
		return err;
	}
	if (out)
		*out = holder.get();
	modules().push_back(std::move(holder));
	return 0;
}

int kcshim_unload_module(struct kcshim_module *mod)
{
	using namespace kcshim;
	std::lock_guard lock(load_mu);
	if (mod->m.relocatable && mod->m.relocatable->in_use()) {
		set_last_error("module " + mod->m.name + " is in use by a module loaded after it");
		return -EBUSY;
	}
	for (AlgEntry *e : Registry::get().entries_of(&mod->m)) {
		// a template instance built on it goes with it; one in use keeps it
		if (!e->dead && Registry::get().in_use(e)) {
			set_last_error(std::string(e->alg->cra_driver_name) + " is in use");
			return -EBUSY;
		}
	}
	run_exits(mod->m);
	// Drivers a careless module left registered go too: their memory is about to vanish.
	for (AlgEntry *e : Registry::get().entries_of(&mod->m))
		if (!e->dead)
			Registry::get().remove(e->alg);
	unmap(mod->m);
	modules().remove_if([mod](const auto &p) { return p.get() == mod; });
	return 0;
}

const char *kcshim_module_name(const struct kcshim_module *mod)
{
	return mod->m.name.c_str();
}

}  // extern "C"
