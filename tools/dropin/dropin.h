// SPDX-License-Identifier: GPL-2.0
// Drop-in builds: compile unmodified kernel crypto driver sources against the shim into a module
// .so that `kcshim -m` loads.
//
// Include order, per compile: the shim's headers (linux/, asm/, crypto/) first; then an overlay
// folder generated per kernel tree holding symlinks to just the tree's *algorithm* headers the shim
// lacks (include/crypto/sha3.h, cast5.h, crypto/internal/blake2b.h, linux/crc32.h, ...), so the
// tree's infrastructure headers (include/linux/*) never shadow the shim's.
//
// Errors: build_module() returns a BuildResult; the compiler's and linker's diagnostics are passed
// through, and each problem the shim is to blame for is named once as "kcshim: shim gap: ...".
#pragma once

#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "tools/dropin/kbuild.h"

namespace kcshim::dropin {

namespace fs = std::filesystem;

// Where the shim's headers and library are; defaults come from the build that made this tool.
struct ShimPaths {
	fs::path include_dir;	// shim/include
	fs::path library;	// libkcshim.so, linked only to check undefined symbols
	fs::path dropin_dir;	// tools/dropin: include/kcshim_dropin_config.h
	// The -fsanitize flags this kcshim was built with (none in an ordinary build): its modules
	// run in its process, so they are compiled and linked with them too.
	std::vector<std::string> sanitize_flags;
};
ShimPaths default_shim_paths();
// The compiler modules are built with: a sanitized kcshim's own (its instrumentation must match
// the runtime in the process), else cc.
std::string default_cc();

struct BuildOptions;
// Builds for another architecture kcshim is cross-built for ("arm64", "arm"; the host's name
// too): its Debian cross compiler and that preset's libkcshim (build-<arch>/, or KCSHIM_LIBRARY),
// no sanitizers (the module runs in that build's kcshim). False, with one line on diag, for an
// unknown arch or a missing library.
bool select_arch(BuildOptions &opts, const std::string &arch, std::ostream &diag);

struct BuildOptions {
	fs::path kernel_tree;			// a tree with include/ and crypto/
	std::vector<fs::path> files;		// driver sources (.c, .S): as given, tree-relative,
						// or a bare name under the tree's crypto/
	std::vector<fs::path> extras;		// more sources, resolved like files
	// Edited copies compiled instead of the planned source of the same file name (a patched
	// lib/crypto/sha3.c): that source's flags apply and its directory stays on the quote
	// include path, so the copy builds as the tree's file would.
	std::vector<fs::path> replacements;
	fs::path output;			// the module; default <first file's stem>.so
	std::string module_name;		// KBUILD_MODNAME; default the output's stem
	std::vector<std::string> defines;	// NAME or NAME=VALUE (--arch-defines, -D)
	std::vector<std::string> cflags;	// passed to the compiler as they are
	std::vector<std::string> config;	// SYMBOL=y|n: Kconfig symbols forced on or off
	bool companions = true;			// add the companion files the table knows
	bool allow_undefined = false;		// symbols from other modules (tier 2 glue)
	std::vector<fs::path> depends;		// modules this one needs loaded first (-m them
						// before it); their symbols are not gaps
	bool relocatable = false;		// always ET_REL (default: only when it must be)
	unsigned int jobs = 0;			// parallel compiles; 0 = number of CPUs
	bool verbose = false;			// print each command
	// print the warnings of cached objects too, from the log kept of their compile: what a
	// count of warnings per build (patch-check's, per side) needs
	bool all_warnings = false;
	std::string cc = default_cc();
	ShimPaths shim = default_shim_paths();
};

struct BuildResult {
	bool ok = false;
	std::vector<std::string> gaps;		// "shim gap: <linux/foo.h> not provided", ...
	std::vector<fs::path> sources;		// every file compiled, companions included
	fs::path output;
	bool relocatable = false;		// output is ET_REL (absolute addressing in it)
};

// The machine opts builds for: its compiler's, with the shim's config header (kbuild.h's
// target_of()).
Target target_of(const BuildOptions &opts);

// Builds the module; diagnostics go to diag. Objects are cached beside the output in
// .kcshim-build/<output>.objs/ and rebuilt only when the command or a dependency changed.
BuildResult build_module(const BuildOptions &opts, std::ostream &diag);

// What a build compiles: every source with its own flags, what is generated first, and the
// configuration's defines -- as Kbuild would compile the module in that tree (kbuild.h).
struct SourcePlan {
	std::vector<fs::path> sources;			// absolute, each once, in compile order
	std::map<std::string, std::vector<std::string>> flags;	// per source: CFLAGS_x.o
	std::map<std::string, GeneratedSource> generated;	// per source made by a perlasm rule
	std::vector<std::string> defines;		// CONFIG_X=1 for the configuration
	std::string module;				// the composite the first file is part of
	unsigned int version_code = 0;			// LINUX_VERSION_CODE of the tree
	Target target;					// what it is built for
	Config config;					// under which configuration

	void add(const fs::path &source, const std::vector<std::string> &extra);
};

// Of symbols, those some .c file under the tree's crypto/, lib/ or arch/<srcarch>/crypto/ exports
// (EXPORT_SYMBOL or _GPL), with that file, tree-relative: the companion a file the table does not
// know needs, or (under arch/) the module it must be loaded after.
std::map<std::string, fs::path> exporting_files(const fs::path &tree,
						const std::set<std::string> &symbols,
						const std::string &srcarch);

// Plans a build: the files, their companions (plan_companions), the extras. False when one names
// no file (each is reported on diag).
bool plan_sources(const BuildOptions &opts, SourcePlan &plan, std::ostream &diag);

// The parts of a driver's module and the libraries its configuration selects, added to plan.
void plan_companions(const fs::path &tree, const fs::path &driver, const Target &target,
		     const Config &config, SourcePlan &plan);

// Adds the modules of the tree's libraries (lib/crypto, lib/crc, and crypto/'s shared algorithm
// code) that export any of symbols; notes says which file gave which symbol. False if none did.
bool plan_exporters(const fs::path &tree, const std::vector<std::string> &symbols,
		    SourcePlan &plan, std::vector<std::string> &notes);

// The tree's LINUX_VERSION_CODE from its Makefile's VERSION, PATCHLEVEL and SUBLEVEL; 0 if none.
unsigned int tree_version_code(const fs::path &tree);

// Resolves a source argument as build_module() does; empty when it names no file.
fs::path resolve_source(const fs::path &tree, const fs::path &file);

// Generates (or refreshes) the overlay include folder for a tree; returns its path.
fs::path prepare_overlay(const fs::path &tree, const fs::path &shim_include, const fs::path &where);

// Writes the headers a kernel build would generate for these sources (crc32table.h, ...) into dir.
bool generate_headers(const std::vector<fs::path> &sources, const fs::path &dir, std::ostream &diag);

}  // namespace kcshim::dropin
