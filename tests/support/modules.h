// SPDX-License-Identifier: GPL-2.0
// Modules in tests: a loaded module unloaded at scope exit, and what kcshim_for_each_module()
// says each module's symbols are bound to.
#pragma once

#include <map>
#include <memory>
#include <string>

#include <kcshim/kcshim.h>

namespace kcshim::test {

struct ModuleUnload {
	void operator()(struct kcshim_module *m) const { kcshim_unload_module(m); }
};
using Module = std::unique_ptr<struct kcshim_module, ModuleUnload>;

// module ("name@suffix") -> symbol -> the module it is bound to ("" for the shim or the process)
using Bindings = std::map<std::string, std::map<std::string, std::string>>;

inline Bindings module_bindings()
{
	Bindings out;
	kcshim_for_each_module(
		[](const kcshim_module_info *m, void *arg) {
			auto &out = *static_cast<Bindings *>(arg);
			for (std::size_t i = 0; i < m->nr_imports; i++)
				out[m->name][m->imports[i].symbol] =
					m->imports[i].from ? m->imports[i].from : "";
			return 0;
		},
		&out);
	return out;
}

}  // namespace kcshim::test
