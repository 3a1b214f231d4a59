// SPDX-License-Identifier: GPL-2.0
// Where kcshim's programs find the files they read at run time: the shim's headers, the drop-in
// configuration header, libkcshim, kvgen.py, the UML preload and the static guest programs.
//
// A program that runs from an install (<prefix>/bin/kcshim beside <prefix>/share/kcshim) reads
// them under that prefix, wherever the prefix was moved or unpacked to; a program that runs from
// its build tree reads the source and build trees it was built from. Never a mix: an installed
// kcshim ignores a checkout still on the disk, and a build tree's kcshim ignores an install.
#pragma once

#include <filesystem>
#include <optional>

namespace kcshim::runtime_files {

// The install directories, as CMake's GNUInstallDirs named them for this build.
enum class InstallDir { include, lib, data, libexec };

// The prefix of the install the running program belongs to; nullopt for a build tree's program.
const std::optional<std::filesystem::path> &installed_prefix();

// <prefix>/<dir>/<relative> for an installed program, else built (where the build tree has it).
std::filesystem::path locate(InstallDir dir, const std::filesystem::path &relative,
			     const std::filesystem::path &built);

// Decides installed_prefix() for a program at exe: the separate step, for tests.
std::optional<std::filesystem::path> prefix_of(const std::filesystem::path &exe);

}  // namespace kcshim::runtime_files
