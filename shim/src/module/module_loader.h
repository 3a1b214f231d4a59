// SPDX-License-Identifier: GPL-2.0
// Driver modules: shared objects (dlopen) or relocatable objects (relocatable_module.h), each
// bound to its own side's exports (module_binding.h); init calls, exit calls, unload.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <linux/init.h>

#include "shim/src/module/module_binding.h"
#include "shim/src/module/relocatable_module.h"

struct module;

namespace kcshim {

struct Module {
	std::string path;
	std::string name;
	std::string suffix;		// "@suffix" is appended to its drivers' names when set
	void *handle = nullptr;		// a shared object's dlopen() handle
	std::string copy_path;		// the private copy it was opened from (module_copies.h)
	std::unique_ptr<RelocatableModule> relocatable;	// or the ET_REL image
	struct module *kmod = nullptr;	// the module's own THIS_MODULE
	std::vector<exitcall_t> exits;
	Exports exports;		// what modules loaded after it may bind to
	std::vector<Import> imports;	// what its undefined symbols are bound to
};

// "cast5_generic@before", or "cast5_generic" for a module loaded without a suffix.
inline std::string side_name(const Module &m)
{
	return m.suffix.empty() ? m.name : m.name + "@" + m.suffix;
}

// The module whose init calls are running on this thread, or nullptr.
Module *loading_module();
// kcshim's record for a driver's cra_module (nullptr for built-in drivers).
Module *module_of(const struct module *kmod);

}  // namespace kcshim
