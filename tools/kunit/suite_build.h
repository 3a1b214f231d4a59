// SPDX-License-Identifier: GPL-2.0
// Building a kernel KUnit suite file (lib/crypto/tests/sha3_kunit.c) into a module kcshim loads:
// the drop-in build (tools/dropin) with the configuration kunit.py would give the suite -- KUnit
// on, the symbols its Kconfig entry depends on (the library under test, which brings its arch
// code), and with benchmarks, CRYPTO_LIB_BENCHMARK and CRC_BENCHMARK.
//
// Errors: build_suite() prints the compiler's diagnostics and kcshim's one-line reasons to diag
// and returns an empty path.
#pragma once

#include <filesystem>
#include <ostream>
#include <vector>

namespace kcshim::kunit_tool {

namespace fs = std::filesystem;

struct SuiteBuild {
	fs::path kernel_tree;
	bool benchmark = false;			// CONFIG_CRYPTO_LIB_BENCHMARK, CONFIG_CRC_BENCHMARK
	std::vector<fs::path> replacements;	// edited copies of the tree's files (--replace)
	// Where modules and their object caches go (a folder per tree, replacements and
	// benchmark setting, so switching between them rebuilds nothing).
	fs::path build_dir = ".kcshim-kunit";
	unsigned int jobs = 0;
	bool verbose = false;
};

// The module for one suite file (a path, or tree-relative); empty when it could not be built.
fs::path build_suite(const SuiteBuild &build, const fs::path &file, std::ostream &diag);

}  // namespace kcshim::kunit_tool
