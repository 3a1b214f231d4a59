// SPDX-License-Identifier: GPL-2.0
// Sides: which definition a module's undefined symbol binds to.
//
// In the kernel a module resolves its undefined symbols in one namespace: vmlinux and the modules
// loaded before it. kcshim loads two builds of the same code into one process to compare them
// (-m before.so@before -m after.so@after), so each suffix is a kernel of its own. A module loaded
// with a suffix binds to
//   1. the modules loaded earlier with the same suffix,
//   2. then the modules loaded without a suffix,
//   3. then the shim and the process (libkcshim, libc),
// and never to a module of another suffix; a module loaded without a suffix binds to 2 and 3.
// Within a step the module loaded first wins. Modules before the shim: a tree's module was built
// against the tree's headers, the shim against its own generation's. A symbol that only a module
// of another suffix exports is an error naming both sides, never a silent bind across -- which
// would test one side's driver over the other side's code. A weak symbol with no definition the
// rule allows binds to 0, as the kernel leaves it.
//
// How each kind of module gets there: the ET_REL loader asks SideResolver for every undefined
// symbol (relocatable_module.h); a shared object is dlopen()ed (the dynamic loader binds it to
// whatever came first) and then rebound by shared_object_binding.h.
//
// Errors are values: one line, without the module's path.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace kcshim {

struct Module;

// A module's global definitions, by name: what modules loaded after it may bind to.
using Exports = std::unordered_map<std::string, std::uintptr_t>;

// One undefined symbol of a module and what it was bound to.
struct Import {
	std::string symbol;
	std::uintptr_t address = 0;	// 0: a weak symbol with no definition the rule allows
	const Module *from = nullptr;	// the exporting module; nullptr: the shim or the process
};

class SideResolver {
public:
	// For a module loaded with suffix ("" for none), among loaded, in load order.
	SideResolver(std::string suffix, std::vector<const Module *> loaded);

	// "" with *out filled in, or why name cannot be bound: it is defined nowhere the rule
	// reaches ("undefined symbol NAME ..."), or only by a module of another suffix.
	std::string resolve(const std::string &name, bool weak, Import *out) const;

private:
	std::string suffix_;
	std::vector<const Module *> loaded_;
};

// The address of name in the shim or the process, not in a module: what dlsym(RTLD_DEFAULT)
// finds outside the shared objects registered below; 0 when none.
std::uintptr_t process_symbol(const std::string &name);

// The dynamic loader's record (struct link_map *) of a shared-object module: its definitions
// are a module's, never the process's -- also once unloaded, while the dynamic loader keeps it
// mapped for a module it had bound to it.
void note_module_object(const void *link_map);
void forget_module_object(const void *link_map);

}  // namespace kcshim
