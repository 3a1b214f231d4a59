// SPDX-License-Identifier: GPL-2.0
// What a patch touches, from the tree's own Kconfig and Makefiles: the modules built from the
// files it changes (a header through the files that include it, perlasm through the .S it
// makes), the modules that select them or call their exports (cast5-avx-x86_64 over
// cast5_generic), the KUnit suites that test them, and the architectures whose code changes.
//
// Errors are values: a touched file no rule maps is listed in Reach::unmapped.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "tools/dropin/kbuild.h"

namespace kcshim::patch_check {

namespace fs = std::filesystem;

struct ReachedModule {
	std::string name;	// as its Makefile names it: "libsha3", "sha3", "cast5-avx-x86_64"
	std::string dir;	// the Makefile's folder, tree-relative: "lib/crypto"
	std::string symbol;	// the Kconfig symbol building it: "CRYPTO_LIB_SHA3"
	std::string source;	// its first object's source, tree-relative, to build it by
	std::string srcarch;	// "" for generic code, else the arch its code is for
	std::string why;	// "lib/crypto/sha3.c", "selects CRYPTO_LIB_SHA3", "calls __cast5_encrypt"

	bool is_library() const { return dir.starts_with("lib/"); }
};

struct Reach {
	std::vector<ReachedModule> modules;	// built from the touched files
	std::vector<ReachedModule> dependents;	// selecting them or calling their exports
	std::vector<std::string> suites;	// KUnit suite files, tree-relative
	std::set<std::string> arches;		// srcarch of arch code touched; "generic" for the rest
	bool vectors = false;			// crypto/testmgr.h: the self-tests' vectors changed
	std::vector<std::string> rules;		// Makefiles and Kconfig files: how, not what
	std::vector<std::string> unmapped;	// touched files no rule maps to a module or suite

	// The Kconfig symbols of modules (and dependents when with_dependents).
	std::set<std::string> symbols(bool with_dependents) const;
};

// Maps files (tree-relative, as a diff names them) for target: modules of other arches' code
// are looked up under that arch's Kconfig symbols (dropin::arch_symbols()).
Reach reach_of(const fs::path &tree, const std::vector<std::string> &files,
	       const dropin::Target &target);

}  // namespace kcshim::patch_check
