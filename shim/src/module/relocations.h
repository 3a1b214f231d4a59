// SPDX-License-Identifier: GPL-2.0
// One architecture's relocations for the ET_REL loader (relocatable_module.cpp): each file
// computes and stores what a linker would, and asks the loader for stand-ins (a trampoline, a
// copy within reach) and GOT slots when a symbol outside the module is too far. And which of a
// shared object's dynamic relocations the side rule may rebind.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace kcshim::relocation {

// A relocation of the module, resolved: at P, of symbol S (value), addend A.
struct Site {
	unsigned int type;
	std::uintptr_t P;
	std::int64_t S;
	std::int64_t A;
	bool external;		// S is outside the module (another module, libkcshim, libc)
	const char *symbol;	// for messages
	const char *section;
};

// What the loader provides for the symbol of the site being applied.
struct Loader {
	// An address within reach of the module standing in for the outside symbol: a trampoline
	// for a call (or any function), a copy for read-only data; 0 when neither applies.
	std::function<std::uintptr_t(bool call)> reach;
	// The stand-in reach() made for the symbol before, or 0: arm64's :lo12: half of an
	// address must follow its adrp half to the same place.
	std::function<std::uintptr_t()> stand_in;
	// The address of the module's GOT slot for the symbol, holding S.
	std::function<std::uintptr_t()> got_slot;
	std::int64_t got;	// the GOT's own address (_GLOBAL_OFFSET_TABLE_)
};

// x86-64 (relocations_x86_64.cpp) and arm64 (relocations_aarch64.cpp): the bytes the type
// writes at P (0 for none, or a type apply_*() refuses), and applying it: "" or one line
// saying why it cannot be.
std::size_t width_x86_64(unsigned int type);
std::string apply_x86_64(const Site &s, const Loader &l);
std::size_t width_aarch64(unsigned int type);
std::string apply_aarch64(const Site &s, const Loader &l);
// An arm64 trampoline ("ldr x16, 8; br x16; .quad target"), 16 bytes at t.
void write_aarch64_trampoline(std::uint8_t *t, std::uintptr_t target);
// x86-64's: "jmp *0(%rip); .quad target", 14 bytes at t.
void write_x86_64_trampoline(std::uint8_t *t, std::uintptr_t target);

// Whether a shared object's dynamic relocation of the type stores one word, its symbol's address
// plus an addend (a GOT or PLT slot, an absolute pointer): what the side rule rebinds in a
// dlopen()ed module (shared_object_binding.h). One per architecture, in its file.
bool symbol_word_x86_64(unsigned int type);
bool symbol_word_aarch64(unsigned int type);
bool symbol_word_arm(unsigned int type);	// relocations_arm.cpp: shared objects only

// s + a - p as a linker computes a relocation: modulo 2^64, so a hostile addend cannot overflow
// (the range checks on the result then reject it).
inline std::int64_t wrap_sum(std::int64_t s, std::int64_t a, std::int64_t p = 0)
{
	return static_cast<std::int64_t>(static_cast<std::uint64_t>(s) + static_cast<std::uint64_t>(a) -
					 static_cast<std::uint64_t>(p));
}

}  // namespace kcshim::relocation
