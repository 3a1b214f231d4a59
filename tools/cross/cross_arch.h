// SPDX-License-Identifier: GPL-2.0
// The architectures kcshim builds for, and how a host of another one runs their programs: with
// qemu-user and Debian's multiarch libraries, the arch's kcshim building modules with the arch's
// cross compiler. One table (cross_arch.cpp); `build --arch` and every command's --arch read it.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace kcshim::cross {

struct CrossArch {
	std::string_view name;		// kcshim's and the kernel's: "arm64", "arm", "x86_64"
	std::string_view machine;	// uname -m on a host of it: "aarch64"
	std::string_view triplet;	// Debian's multiarch triplet: "aarch64-linux-gnu"
	std::string_view qemu;		// qemu-user's program for it: "qemu-aarch64"
	std::string_view preset;	// its CMake preset (CMakePresets.json)
	std::string_view build_dir;	// where that preset builds, below the source tree
	// qemu's -cpu model when --cpu is not given: the one with the most of the arch's
	// extensions qemu-user has ("max" where qemu has it; qemu-ppc64le 7.2 has none so named)
	std::string_view default_cpu;
};

// The entry named name (kcshim's name or uname -m's); nullptr for one kcshim does not build for.
const CrossArch *find_cross_arch(std::string_view name);
// "x86_64, arm64, arm and ppc64le": for messages.
std::string cross_arch_names();
// The arch this program runs as (uname -m; under qemu-user the emulated one); nullptr if none
// of the table's.
const CrossArch *running_arch();
// The C compiler for modules of arch: the triplet's cross gcc.
std::string cross_compiler(const CrossArch &arch);

// The command that runs this program again: /proc/self/exe, after the emulator the --arch
// launcher recorded in KCSHIM_EMULATOR when this program runs under qemu-user on another arch
// (whose kernel cannot exec this program by itself).
std::vector<std::string> self_command();

}  // namespace kcshim::cross
