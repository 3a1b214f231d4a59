// SPDX-License-Identifier: GPL-2.0
// The vectors module of a user's kernel tree, built by kvgen.py on first use and kept in a cache
// (for `kcshim selftest --kernel-tree DIR`).
//
// Errors: functions return a Module whose error is non-empty (a one-line reason) on failure.
#pragma once

#include <string>

namespace kcshim::kvectors {

struct Module {
	std::string path;	// the .so to pass to kcshim_load_vectors()
	bool built = false;	// false: reused from the cache
	std::string error;	// empty on success
};

// The cache directory: $XDG_CACHE_HOME/kcshim/kernel-vectors, else
// $HOME/.cache/kcshim/kernel-vectors.
std::string cache_dir();

// Returns the vectors module for the kernel tree at tree_dir: the cached one when the tree's path
// and the mtimes of its crypto/testmgr.{c,h} and Makefile, of kvgen.py and of the shim's
// kcshim/testvec.h and the C compiler ($CC: an --arch run's is its cross gcc) are unchanged;
// else builds it with kvgen.py (its messages go to stderr).
// The generator, the shim headers, Python and the C compiler can be overridden with the
// KCSHIM_KVGEN, KCSHIM_SHIM_INCLUDE, KCSHIM_PYTHON and CC environment variables.
Module module_for_tree(const std::string &tree_dir);

}  // namespace kcshim::kvectors
