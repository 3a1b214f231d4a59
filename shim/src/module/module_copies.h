// SPDX-License-Identifier: GPL-2.0
// Private copies of shared-object modules.
//
// dlopen() of a file that is mapped already hands back that mapping without running its
// constructors again: a second load of one module file (the same consumer on both sides,
// -m avx.so@before ... -m avx.so@after, or a reload of a module the dynamic loader still keeps)
// would register nothing and share one image, and so one set of bindings, between two sides.
// Such a load maps a copy of the file instead, as a kernel maps each insmod anew. The copies live
// in a directory of this process's under $TMPDIR (gdb and the sanitizers' symbolizers read them by
// path), each removed when its module is unloaded and the directory at exit.
//
// Errors are values: "" or one line.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace kcshim {

// Whether the file at path is mapped as a shared object in this process.
bool mapped_already(const std::string &path);

// Writes file to a new copy named after name ("cast5_avx@after"); "" and *copy_path, or why not.
std::string write_private_copy(std::span<const std::uint8_t> file, const std::string &name,
			       std::string *copy_path);

// Removes a copy that write_private_copy() made (once its module is unloaded).
void remove_private_copy(const std::string &copy_path);

}  // namespace kcshim
