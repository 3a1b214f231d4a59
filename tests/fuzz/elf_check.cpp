// SPDX-License-Identifier: GPL-2.0
// The checks every module file passes before it is mapped or dlopen()ed (shim/src/module/elf_file.h):
// any bytes give "" or a reason, never a read outside them. When a file passes as a shared
// object, every program header and section it names must really lie inside it -- recomputed
// here independently of the checker.
#include <elf.h>

#include <cstdlib>
#include <cstring>

#include "shim/src/module/elf_file.h"

namespace {

bool inside(std::uint64_t off, std::uint64_t len, std::size_t size)
{
	return off <= size && len <= size - off;
}

template <typename T>
T at(const std::uint8_t *data, std::uint64_t off)
{
	T v;
	memcpy(&v, data + off, sizeof(v));
	return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	std::uint16_t type = 0;
	if (!kcshim::check_elf({data, size}, &type).empty())
		return 0;
	if (type != ET_DYN && type != ET_REL)
		abort();
	auto eh = at<Elf64_Ehdr>(data, 0);
	if (!inside(eh.e_shoff, std::uint64_t(eh.e_shnum) * sizeof(Elf64_Shdr), size))
		abort();
	for (unsigned int i = 0; i < eh.e_shnum; i++) {
		auto sh = at<Elf64_Shdr>(data, eh.e_shoff + i * sizeof(Elf64_Shdr));
		if (sh.sh_type != SHT_NOBITS && !inside(sh.sh_offset, sh.sh_size, size))
			abort();
	}
	if (type == ET_DYN) {
		if (!inside(eh.e_phoff, std::uint64_t(eh.e_phnum) * sizeof(Elf64_Phdr), size))
			abort();
		for (unsigned int i = 0; i < eh.e_phnum; i++) {
			auto ph = at<Elf64_Phdr>(data, eh.e_phoff + i * sizeof(Elf64_Phdr));
			if (ph.p_type != PT_NULL && !inside(ph.p_offset, ph.p_filesz, size))
				abort();
		}
	}
	return 0;
}
