// SPDX-License-Identifier: GPL-2.0
// Binding a dlopen()ed module by the side rule (module_binding.h).
//
// Shared-object modules are opened RTLD_GLOBAL, so the dynamic loader finds what any earlier
// module exports, as the kernel links a module against those loaded before it -- but it binds
// each symbol to the first definition in load order, whichever side that is. So right after
// dlopen(), before the module's init calls run (its constructors only queue them), every
// dynamic relocation against one of its undefined symbols is checked against SideResolver, and
// those the dynamic loader bound elsewhere are rewritten: GOT and PLT slots and absolute
// pointers, the read-only-after-relocation ones (RELRO) opened for the write and closed again.
//
// Errors are values: "" or one line saying why the module cannot be bound by the rule.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "shim/src/module/module_binding.h"

namespace kcshim {

// file is the module's contents as check_elf() passed them; handle its dlopen() handle. Fills
// *exports with its global definitions and *imports with what each undefined symbol is bound
// to, after any rebinding.
std::string bind_shared_object(void *handle, std::span<const std::uint8_t> file,
			       const SideResolver &resolver, Exports *exports,
			       std::vector<Import> *imports);

}  // namespace kcshim
