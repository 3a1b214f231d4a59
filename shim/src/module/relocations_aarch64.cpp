// SPDX-License-Identifier: GPL-2.0
// arm64 relocations for the ET_REL loader (see relocations.h), as the AArch64 ELF ABI defines
// them: what the kernel's arm64 assembly (adrp + :lo12:, b/bl) and -fPIC glue code (GOT loads)
// emit. A module addresses an outside table PC-relative within +/-4 GiB (adrp), and calls
// within +/-128 MiB (bl): farther symbols get a trampoline or a read-only copy within reach.
#include "shim/src/module/relocations.h"

#include <elf.h>

#include <cstring>

namespace kcshim::relocation {

namespace {

std::uint32_t read32(std::uintptr_t p)
{
	std::uint32_t v;
	memcpy(&v, reinterpret_cast<const void *>(p), 4);
	return v;
}

void write32(std::uintptr_t p, std::uint32_t v)
{
	memcpy(reinterpret_cast<void *>(p), &v, 4);
}

std::int64_t page(std::int64_t a)
{
	return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) & ~std::uint64_t(0xfff));
}

// Whether v is a signed value of bits bits.
bool fits_signed(std::int64_t v, unsigned int bits)
{
	return v >= -(std::int64_t(1) << (bits - 1)) && v < (std::int64_t(1) << (bits - 1));
}

// Puts v's low bits into the instruction's field at [shift, shift + bits).
void patch(std::uintptr_t p, std::uint64_t v, unsigned int shift, unsigned int bits)
{
	std::uint32_t mask = ((std::uint32_t(1) << bits) - 1) << shift;
	write32(p, (read32(p) & ~mask) | ((static_cast<std::uint32_t>(v) << shift) & mask));
}

// adr/adrp's 21-bit immediate: immlo in bits 29-30, immhi in bits 5-23.
void patch_adr(std::uintptr_t p, std::int64_t imm)
{
	patch(p, static_cast<std::uint64_t>(imm) & 3, 29, 2);
	patch(p, (static_cast<std::uint64_t>(imm) >> 2) & 0x7ffff, 5, 19);
}

}  // namespace

bool symbol_word_aarch64(unsigned int type)
{
	return type == R_AARCH64_ABS64 || type == R_AARCH64_GLOB_DAT || type == R_AARCH64_JUMP_SLOT;
}

std::size_t width_aarch64(unsigned int type)
{
	switch (type) {
	case R_AARCH64_ABS64:
	case R_AARCH64_PREL64:
		return 8;
	case R_AARCH64_ABS32:
	case R_AARCH64_PREL32:
	case R_AARCH64_ADR_PREL_PG_HI21:
	case R_AARCH64_ADR_PREL_PG_HI21_NC:
	case R_AARCH64_ADR_PREL_LO21:
	case R_AARCH64_ADD_ABS_LO12_NC:
	case R_AARCH64_LDST8_ABS_LO12_NC:
	case R_AARCH64_LDST16_ABS_LO12_NC:
	case R_AARCH64_LDST32_ABS_LO12_NC:
	case R_AARCH64_LDST64_ABS_LO12_NC:
	case R_AARCH64_LDST128_ABS_LO12_NC:
	case R_AARCH64_CALL26:
	case R_AARCH64_JUMP26:
	case R_AARCH64_CONDBR19:
	case R_AARCH64_TSTBR14:
	case R_AARCH64_LD_PREL_LO19:
	case R_AARCH64_ADR_GOT_PAGE:
	case R_AARCH64_LD64_GOT_LO12_NC:
		return 4;
	default:
		return 0;
	}
}

void write_aarch64_trampoline(std::uint8_t *t, std::uintptr_t target)
{
	const std::uint32_t code[2] = {0x58000050,	// ldr x16, .+8
				       0xd61f0200};	// br x16
	const std::uint64_t address = target;	// 8 bytes on a 32-bit build too (its tests)
	memcpy(t, code, 8);
	memcpy(t + 8, &address, 8);
}

std::string apply_aarch64(const Site &s, const Loader &l)
{
	const std::int64_t here = static_cast<std::int64_t>(s.P);
	auto out_of_range = [&](const char *what) {
		return std::string(what) + " relocation to " + s.symbol + " in " + s.section +
		       " out of range";
	};
	// An outside symbol too far for a PC-relative field: its stand-in within reach.
	auto target = [&](std::int64_t v, unsigned int bits, bool call, auto compute) {
		if (fits_signed(v, bits) || !s.external)
			return v;
		if (std::uintptr_t near = l.reach(call))
			return compute(static_cast<std::int64_t>(near));
		return v;
	};
	switch (s.type) {
	case R_AARCH64_NONE:
		return {};
	case R_AARCH64_ABS64: {
		std::int64_t v = wrap_sum(s.S, s.A);
		memcpy(reinterpret_cast<void *>(s.P), &v, 8);
		return {};
	}
	case R_AARCH64_PREL64: {
		std::int64_t v = wrap_sum(s.S, s.A, here);
		memcpy(reinterpret_cast<void *>(s.P), &v, 8);
		return {};
	}
	case R_AARCH64_ABS32: {
		std::int64_t v = wrap_sum(s.S, s.A);
		if (v < INT32_MIN || v > UINT32_MAX)
			return out_of_range("absolute 32-bit");
		write32(s.P, static_cast<std::uint32_t>(v));
		return {};
	}
	case R_AARCH64_PREL32: {
		std::int64_t v = wrap_sum(s.S, s.A, here);
		if (!fits_signed(v, 32))
			return out_of_range("PC-relative 32-bit");
		write32(s.P, static_cast<std::uint32_t>(v));
		return {};
	}
	case R_AARCH64_ADR_PREL_PG_HI21:
	case R_AARCH64_ADR_PREL_PG_HI21_NC: {
		auto pages = [&](std::int64_t sym) { return (page(wrap_sum(sym, s.A)) - page(here)) >> 12; };
		std::int64_t v = target(pages(s.S), 21, false, pages);
		if (s.type == R_AARCH64_ADR_PREL_PG_HI21 && !fits_signed(v, 21))
			return out_of_range("adrp");
		patch_adr(s.P, v);
		return {};
	}
	case R_AARCH64_ADR_PREL_LO21: {
		auto offset = [&](std::int64_t sym) { return wrap_sum(sym, s.A, here); };
		std::int64_t v = target(offset(s.S), 21, false, offset);
		if (!fits_signed(v, 21))
			return out_of_range("adr");
		patch_adr(s.P, v);
		return {};
	}
	case R_AARCH64_ADD_ABS_LO12_NC:
	case R_AARCH64_LDST8_ABS_LO12_NC:
	case R_AARCH64_LDST16_ABS_LO12_NC:
	case R_AARCH64_LDST32_ABS_LO12_NC:
	case R_AARCH64_LDST64_ABS_LO12_NC:
	case R_AARCH64_LDST128_ABS_LO12_NC: {
		// the low 12 bits of the address the adrp before it paged: of the same stand-in
		unsigned int scale = s.type == R_AARCH64_LDST16_ABS_LO12_NC   ? 1
				     : s.type == R_AARCH64_LDST32_ABS_LO12_NC  ? 2
				     : s.type == R_AARCH64_LDST64_ABS_LO12_NC  ? 3
				     : s.type == R_AARCH64_LDST128_ABS_LO12_NC ? 4
									       : 0;
		std::int64_t sym = s.S;
		if (std::uintptr_t near = s.external ? l.stand_in() : 0)
			sym = static_cast<std::int64_t>(near);
		std::uint64_t lo12 = static_cast<std::uint64_t>(wrap_sum(sym, s.A)) & 0xfff;
		if (lo12 & ((std::uint64_t(1) << scale) - 1))
			return std::string("misaligned :lo12: offset to ") + s.symbol + " in " + s.section;
		patch(s.P, lo12 >> scale, 10, 12);
		return {};
	}
	case R_AARCH64_CALL26:
	case R_AARCH64_JUMP26:
	case R_AARCH64_CONDBR19:
	case R_AARCH64_TSTBR14:
	case R_AARCH64_LD_PREL_LO19: {
		unsigned int bits = s.type == R_AARCH64_CONDBR19 || s.type == R_AARCH64_LD_PREL_LO19 ? 19
				    : s.type == R_AARCH64_TSTBR14				      ? 14
												      : 26;
		unsigned int shift = bits == 26 ? 0 : 5;
		bool call = s.type == R_AARCH64_CALL26 || s.type == R_AARCH64_JUMP26;
		auto offset = [&](std::int64_t sym) { return wrap_sum(sym, s.A, here); };
		// a word offset of bits bits: a byte offset of bits + 2
		std::int64_t v = target(offset(s.S), bits + 2, call, offset);
		if ((v & 3) || !fits_signed(v >> 2, bits))
			return out_of_range(call ? "branch" : "PC-relative");
		patch(s.P, static_cast<std::uint64_t>(v >> 2), shift, bits);
		return {};
	}
	case R_AARCH64_ADR_GOT_PAGE: {
		std::int64_t v = (page(static_cast<std::int64_t>(l.got_slot())) - page(here)) >> 12;
		if (s.A || !fits_signed(v, 21))
			return out_of_range("GOT page");
		patch_adr(s.P, v);
		return {};
	}
	case R_AARCH64_LD64_GOT_LO12_NC:
		if (s.A)
			return out_of_range("GOT");
		patch(s.P, (static_cast<std::uint64_t>(l.got_slot()) & 0xfff) >> 3, 10, 12);
		return {};
	default:
		return "unsupported relocation type " + std::to_string(s.type) + " in " + s.section;
	}
}

}  // namespace kcshim::relocation
