// SPDX-License-Identifier: GPL-2.0
// Modules: dlopen() runs the module's constructors, which queue its init calls; we run them with
// the module marked as loading so its drivers are attributed (and suffixed) to it.
//
// A module uses what earlier modules of its side export, as the kernel links modules against each
// other (module_binding.h has the rule); modules are built with -Bsymbolic so their own calls stay
// inside. A relocatable (ET_REL) module -- kernel assembly that addresses its data absolutely --
// is loaded by relocatable_module.cpp instead of dlopen(); the rest is the same. As the kernel
// refuses to unload a module that another one uses, unloading one that a loaded module is bound
// to is -EBUSY.
#include "shim/src/module/module_loader.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <cstring>
#include <list>
#include <memory>
#include <mutex>
#include <span>

#include <kcshim/kcshim.h>
#include <linux/module.h>

#include "shim/src/module/elf_file.h"
#include "shim/src/kernel/initcalls.h"
#include "shim/src/module/module_copies.h"
#include "shim/src/kernel/patch_sites.h"
#include "shim/src/crypto/registry.h"
#include "shim/src/module/shared_object_binding.h"

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
	bool still_mapped = false;
	if (m.handle) {
		// Still mapped afterwards when the dynamic loader had bound a module to it before
		// the side rule rebound that one: its definitions stay a module's.
		struct link_map *map = nullptr;
		dlinfo(m.handle, RTLD_DI_LINKMAP, &map);
		const std::string opened = map ? map->l_name : "";
		dlclose(m.handle);
		still_mapped = mapped_already(opened);
		if (!still_mapped)
			forget_module_object(map);
	}
	if (!m.copy_path.empty() && !still_mapped)
		remove_private_copy(m.copy_path);
	m.handle = nullptr;
	m.relocatable.reset();
}

std::vector<const Module *> loaded_modules()
{
	std::vector<const Module *> out;
	for (const auto &h : modules())
		out.push_back(&h->m);
	return out;
}

// A loaded module bound to one of m's symbols, or nullptr.
const Module *user_of(const Module &m)
{
	for (const auto &h : modules())
		for (const Import &i : h->m.imports)
			if (i.from == &m)
				return &h->m;
	return nullptr;
}

// The one line a failed module init leaves: what the init said (a collision names both drivers)
// and, for a collision, the cure: a suffix, so that both copies register side by side.
std::string init_failure(const std::string &module, int err, const std::string &said)
{
	std::string line = "module " + module + " init failed: " + strerror(-err);
	if (!said.empty())
		line += ": " + said;
	if (err == -EEXIST)
		line += "; load it with a suffix (-m FILE@before) to register its drivers beside "
			"the ones already there, as DRIVER@before";
	return line;
}

// dlopen()s the shared object -- a private copy when the file is mapped already -- and binds it
// to its side; "" or why not.
std::string open_shared_object(Module &m, const std::string &path,
			       std::span<const std::uint8_t> file, const SideResolver &side)
{
	std::string open_path = path;
	if (mapped_already(path)) {
		if (std::string why = write_private_copy(file, side_name(m), &m.copy_path);
		    !why.empty())
			return why;
		open_path = m.copy_path;
	}
	if (!(m.handle = dlopen(open_path.c_str(), RTLD_NOW | RTLD_GLOBAL)))
		return dlerror();
	struct link_map *map = nullptr;
	if (!dlinfo(m.handle, RTLD_DI_LINKMAP, &map))
		note_module_object(map);
	std::string why = bind_shared_object(m.handle, file, side, &m.exports, &m.imports);
	return why.empty() ? why : path + ": " + why;
}

// Maps the relocatable object, each undefined symbol bound to its side; "" or why not.
std::string load_relocatable(Module &m, const std::string &path, std::vector<std::uint8_t> file,
			     const SideResolver &side)
{
	auto resolve = [&](const std::string &name, bool weak, std::uintptr_t *address) {
		Import import;
		std::string unbound = side.resolve(name, weak, &import);
		*address = import.address;
		if (unbound.empty())
			m.imports.push_back(std::move(import));
		return unbound;
	};
	std::string why;
	if ((m.relocatable = RelocatableModule::load(path, std::move(file), resolve, &why)))
		m.exports = m.relocatable->exports();
	return why;
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
	const SideResolver side(m.suffix, loaded_modules());
	std::string why = type == ET_REL ? load_relocatable(m, open_path, std::move(file), side)
					 : open_shared_object(m, open_path, file, side);
	auto calls = take_initcalls();
	adopt_patch_sites(&m);
	for (auto &c : earlier)
		kcshim_initcall_add(c.level, c.fn, c.name.c_str(), c.owner);
	if (!why.empty()) {
		unmap(m);
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
	set_last_error("");	/* what the failing init says, if anything, goes in our message */
	int err = run_initcalls(std::move(calls), true);
	loading = nullptr;
	if (err) {
		std::string said = kcshim_last_error();
		run_exits(m);
		for (AlgEntry *e : Registry::get().entries_of(&m))
			if (!e->dead)
				Registry::get().remove(e->alg);
		unmap(m);
		set_last_error(init_failure(m.name, err, said));
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
	if (const Module *user = user_of(mod->m)) {
		set_last_error("module " + side_name(mod->m) + " is in use by a module loaded after it (" +
			       side_name(*user) + ")");
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

int kcshim_for_each_module(int (*fn)(const struct kcshim_module_info *info, void *arg), void *arg)
{
	using namespace kcshim;
	// copied under the lock, reported without it
	struct Listed {
		std::string name, suffix, path;
		bool relocatable;
		size_t exports;
		std::vector<std::pair<std::string, std::string>> imports;	// symbol, from
	};
	std::vector<Listed> listed;
	{
		std::lock_guard lock(load_mu);
		for (const auto &h : modules()) {
			const Module &m = h->m;
			Listed l{side_name(m), m.suffix, m.path, bool(m.relocatable), m.exports.size(), {}};
			for (const Import &i : m.imports)
				l.imports.emplace_back(i.symbol, i.from ? side_name(*i.from) : "");
			listed.push_back(std::move(l));
		}
	}
	for (const Listed &l : listed) {
		std::vector<kcshim_module_import> imports;
		for (const auto &[symbol, from] : l.imports)
			imports.push_back({symbol.c_str(), from.empty() ? nullptr : from.c_str()});
		kcshim_module_info info{l.name.c_str(), l.suffix.c_str(), l.path.c_str(),
					l.relocatable, l.exports, imports.data(), imports.size()};
		if (int ret = fn(&info, arg))
			return ret;
	}
	return 0;
}

}  // extern "C"
