// SPDX-License-Identifier: GPL-2.0
// x86-64 relocations for the ET_REL loader (see relocations.h).
#include "shim/src/module/relocations.h"

#include <elf.h>

#include <cstring>

namespace kcshim::relocation {

namespace {

// The field a relocation stores its value in, and whether the value fits it.
enum Field { field64, field_s32, field_u32 };

bool fits(Field f, std::int64_t v)
{
	switch (f) {
	case field_s32:
		return v >= INT32_MIN && v <= INT32_MAX;
	case field_u32:
		return v >= 0 && v <= UINT32_MAX;
	default:
		return true;
	}
}

}  // namespace

std::size_t width_x86_64(unsigned int type)
{
	switch (type) {
	case R_X86_64_64:
	case R_X86_64_PC64:
	case R_X86_64_GOTOFF64:
		return 8;
	case R_X86_64_PC32:
	case R_X86_64_PLT32:
	case R_X86_64_32:
	case R_X86_64_32S:
	case R_X86_64_GOTPCREL:
	case R_X86_64_GOTPCRELX:
	case R_X86_64_REX_GOTPCRELX:
	case R_X86_64_GOTPC32:
		return 4;
	default:
		return 0;
	}
}

bool symbol_word_x86_64(unsigned int type)
{
	return type == R_X86_64_64 || type == R_X86_64_GLOB_DAT || type == R_X86_64_JUMP_SLOT;
}

void write_x86_64_trampoline(std::uint8_t *t, std::uintptr_t target)
{
	static const std::uint8_t jmp[6] = {0xff, 0x25, 0, 0, 0, 0};	// jmp *0(%rip)
	const std::uint64_t address = target;
	memcpy(t, jmp, 6);
	memcpy(t + 6, &address, 8);
}

std::string apply_x86_64(const Site &s, const Loader &l)
{
	const std::int64_t here = static_cast<std::int64_t>(s.P);
	// Each type computes a value and the field it goes in; one check and one store below.
	Field field = field_s32;
	std::int64_t v = 0;
	const char *what = "PC-relative";
	switch (s.type) {
	case R_X86_64_NONE:
		return {};
	case R_X86_64_64:
		v = wrap_sum(s.S, s.A);
		field = field64;
		break;
	case R_X86_64_PC64:
		v = wrap_sum(s.S, s.A, here);
		field = field64;
		break;
	case R_X86_64_GOTOFF64:
		v = wrap_sum(s.S, s.A, l.got);
		field = field64;
		break;
	case R_X86_64_PC32:
	case R_X86_64_PLT32:
		v = wrap_sum(s.S, s.A, here);
		if (!fits(field_s32, v) && s.external) {
			std::uintptr_t near = l.reach(s.type == R_X86_64_PLT32);
			if (!near)
				return std::string("PC-relative reference to ") + s.symbol + " in " +
				       s.section + ": it lies outside the low 2 GiB and is neither a "
				       "function nor read-only data";
			v = wrap_sum(static_cast<std::int64_t>(near), s.A, here);
		}
		break;
	case R_X86_64_32:
	case R_X86_64_32S:
		field = s.type == R_X86_64_32 ? field_u32 : field_s32;
		what = "absolute 32-bit";
		v = wrap_sum(s.S, s.A);
		if (!fits(field, v) && s.external) {
			// An outside table indexed absolutely (6.1's cast5 assembly:
			// "movl cast_s1(, %rax, 4)"): its stand-in is low.
			if (std::uintptr_t near = l.reach(false))
				v = wrap_sum(static_cast<std::int64_t>(near), s.A);
		}
		break;
	case R_X86_64_GOTPCREL:
	case R_X86_64_GOTPCRELX:
	case R_X86_64_REX_GOTPCRELX:
		v = wrap_sum(static_cast<std::int64_t>(l.got_slot()), s.A, here);
		what = "GOT";
		break;
	case R_X86_64_GOTPC32:
		v = wrap_sum(l.got, s.A, here);
		what = "GOT";
		break;
	default:
		return "unsupported relocation type " + std::to_string(s.type) + " in " + s.section;
	}
	if (!fits(field, v))
		return std::string(what) + " relocation to " + s.symbol + " in " + s.section +
		       " out of range";
	if (field == field64) {
		memcpy(reinterpret_cast<void *>(s.P), &v, 8);
	} else {
		std::uint32_t v32 = static_cast<std::uint32_t>(v);
		memcpy(reinterpret_cast<void *>(s.P), &v32, 4);
	}
	return {};
}

}  // namespace kcshim::relocation
