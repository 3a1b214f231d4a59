// SPDX-License-Identifier: GPL-2.0
// Driver modules as shared objects: dlopen, init calls, exit calls, unload.
#pragma once

#include <string>
#include <vector>

#include <linux/init.h>

struct module;

namespace kcshim {

struct Module {
	std::string path;
	std::string name;
	std::string suffix;		// "@suffix" is appended to its drivers' names when set
	void *handle = nullptr;
	struct module *kmod = nullptr;	// the module's own THIS_MODULE
	std::vector<exitcall_t> exits;
};

// The module whose init calls are running on this thread, or nullptr.
Module *loading_module();
// kcshim's record for a driver's cra_module (nullptr for built-in drivers).
Module *module_of(const struct module *kmod);

}  // namespace kcshim
