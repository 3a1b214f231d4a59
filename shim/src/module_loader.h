// SPDX-License-Identifier: GPL-2.0
// Driver modules: shared objects (dlopen) or relocatable objects (relocatable_module.h); init
// calls, exit calls, unload.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <linux/init.h>

#include "relocatable_module.h"

struct module;

namespace kcshim {

struct Module {
	std::string path;
	std::string name;
	std::string suffix;		// "@suffix" is appended to its drivers' names when set
	void *handle = nullptr;		// a shared object's dlopen() handle
	std::unique_ptr<RelocatableModule> relocatable;	// or the ET_REL image
	struct module *kmod = nullptr;	// the module's own THIS_MODULE
	std::vector<exitcall_t> exits;
};

// The module whose init calls are running on this thread, or nullptr.
Module *loading_module();
// kcshim's record for a driver's cra_module (nullptr for built-in drivers).
Module *module_of(const struct module *kmod);

}  // namespace kcshim
