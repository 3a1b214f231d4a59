// SPDX-License-Identifier: GPL-2.0
// Size before and after, per module and per function, as the kernel's scripts/bloat-o-meter
// prints it: from `nm --size-sort -S` and `size` of each side's module. Names the shim makes from
// __LINE__ (module_init's __kcshim_initcall_<fn><line>) are compared without the line, so a
// patch that moves module_init() shows no false add and remove.
//
// Errors are values: a module nm cannot read gives nullopt and says why.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>

namespace kcshim::patch_check {

namespace fs = std::filesystem;

struct ModuleSize {
	unsigned long text = 0, data = 0, bss = 0;	// `size`'s (Berkeley) sections
	std::map<std::string, unsigned long> symbols;	// defined symbols' sizes, names normalized
};

std::optional<ModuleSize> module_size(const fs::path &module, std::string *error);

// The symbol name as compared: __kcshim_initcall_cast5_mod_init534 -> __kcshim_initcall_cast5_mod_init.
std::string normalized_symbol(const std::string &name);

// bloat-o-meter's table of one module: "add/remove: a/r grow/shrink: g/s up/down: +u/-d (total)",
// the changed symbols by delta, and the sections' totals. Returns the change of text + data.
long print_size_diff(const std::string &module, const ModuleSize &before, const ModuleSize &after,
		     std::ostream &out);

}  // namespace kcshim::patch_check
