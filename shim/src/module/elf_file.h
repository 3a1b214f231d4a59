// SPDX-License-Identifier: GPL-2.0
// Module files checked before they are mapped or dlopen()ed. The dynamic loader maps a shared
// object's segments as the file's headers say and trusts them: a truncated file gives SIGBUS on
// the first touch of a page past its end, not an error. So every file kcshim loads is read and
// checked here first -- a regular file, an ELF object of the host's class (ELF64; ELF32 on 32-bit
// arm) for this machine, every header table, segment and section inside the file -- and a problem
// is one line.
//
// Errors are values: an empty string means the file passed; otherwise the problem, without the
// path (the caller prefixes it).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace kcshim {

// Reads the whole file at path into *out: "" or why not ("is a directory", "empty file", ...).
std::string read_module_file(const std::string &path, std::vector<std::uint8_t> *out);

// Checks a little-endian ELF object of the host's class for this machine: its ELF header, section
// header table and every section with contents inside the file; for a shared object (ET_DYN) also
// its program header table and every segment. Sets *type (ET_DYN or ET_REL) when it passes.
std::string check_elf(std::span<const std::uint8_t> file, std::uint16_t *type);

// Both: the file read and checked as a shared object or relocatable object.
std::string check_module_file(const std::string &path, std::vector<std::uint8_t> *bytes,
			      std::uint16_t *type);

}  // namespace kcshim
