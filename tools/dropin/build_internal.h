// SPDX-License-Identifier: GPL-2.0
// What the files of kcshim build share and dropin.h does not publish: running a tool with its
// output into a log, the per-object and per-module cache checks, reading diagnostics and nm output
// into shim gaps and symbols (process.cpp), and what the build generates from the tree before it
// compiles (asm_generate.cpp).
//
// Errors are values: a failed step returns false and has written its diagnostics to diag.
#pragma once

#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "tools/dropin/dropin.h"

namespace kcshim::dropin {

namespace fs = std::filesystem;

void write_text(const fs::path &p, const std::string &text);

// A shell-quoted rendering of a command, for -v output and the cache's command record.
std::string render(const std::vector<std::string> &argv);

// Runs argv with stdout and stderr into log; returns the exit status (127 when it cannot run).
int run(const std::vector<std::string> &argv, const fs::path &log);

// An object is fresh when it exists, was made by the same command, and no dependency is newer.
bool up_to_date(const fs::path &obj, const std::string &command);

// What a build leaves besides its module, all in one hidden folder beside it (never scattered
// in the current folder): .kcshim-build/<module>.objs/ (objects, logs, generated files, the
// overlay) and .kcshim-build/<module>.cmd (the link commands, for the cache).
fs::path work_dir(const fs::path &output);
fs::path link_record(const fs::path &output);

// The module is fresh when it was linked by the same commands after its newest object.
bool up_to_date_link(const fs::path &output, const std::string &record,
		     const std::vector<std::string> &objects);

// Turns diagnostics into "shim gap" lines: what the shim (not the driver) is missing.
void find_gaps(const std::string &log, const fs::path &overlay_root, std::vector<std::string> &gaps);

// Adds the global symbols file defines (a module: shared or relocatable) to out, via nm.
bool defined_symbols(const fs::path &file, std::set<std::string> &out, std::ostream &diag);

// ELF e_type ET_REL (1), little-endian, at offset 16.
bool is_relocatable_file(const fs::path &file);

// asm/asm-offsets.h for the configuration's crypto blocks of the arch's asm-offsets.c, into dir.
bool generate_asm_offsets(const SourcePlan &plan, const fs::path &tree,
			  const std::vector<std::string> &cflags, const fs::path &dir,
			  std::ostream &diag);

// Runs the Makefile's perlasm commands for the plan's generated sources, into dir.
bool generate_perlasm(const SourcePlan &plan, const fs::path &dir, std::ostream &diag);

}  // namespace kcshim::dropin
