// SPDX-License-Identifier: GPL-2.0
// The host's ELF: the machine and class of the objects this process maps, which every module it
// loads must match. The one place that asks the compiler which architecture this is.
#pragma once

#include <elf.h>
#include <link.h>

#include <cstdint>

namespace kcshim {

#if defined(__x86_64__)
inline constexpr std::uint16_t host_machine = EM_X86_64;
#elif defined(__aarch64__)
inline constexpr std::uint16_t host_machine = EM_AARCH64;
#elif defined(__arm__)
inline constexpr std::uint16_t host_machine = EM_ARM;
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
inline constexpr std::uint16_t host_machine = EM_PPC64;
#else
#error "kcshim loads modules on x86-64, arm64, arm and ppc64le only"
#endif

// The host's ELF class: what the dynamic loader maps (ElfW, from <link.h>).
inline constexpr unsigned char host_class =
	sizeof(ElfW(Ehdr)) == sizeof(Elf64_Ehdr) ? ELFCLASS64 : ELFCLASS32;

}  // namespace kcshim
