// SPDX-License-Identifier: GPL-2.0
// The driver evidence of a patch: every reached driver module (crypto/ and the host's
// arch/<arch>/crypto/, touched or dependent) built from each side's tree with `kcshim build`,
// then self-tested with that side's testmgr vectors, the after drivers also compared with the
// before drivers of the same name on random cases (selftest --extra --generic-suffix before): a
// refactor must give equal results. Each side's drivers carry its suffix (sha3-256-lib@after),
// so both sides load in one process without mixing (docs/modules.md).
//
// Errors are values: a module that does not build is recorded with its first error line; a
// side whose selftest could not run has ran false and a one-line failure.
#pragma once

#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "tools/patch_check/reach.h"

namespace kcshim::patch_check {

namespace fs = std::filesystem;

struct DriverModule {
	ReachedModule module;
	std::vector<std::string> depends;	// modules of this list it may call into
};

struct ModuleBuild {
	std::string error;	// "" when it built, else its first error line (paths tree-relative)
	std::string output;	// the compiler's, cached objects' warnings included
};

// `kcshim build` of module from tree into output, after depends, with Kbuild's default warnings
// (kernel_warning_flags()). The command goes to commands, it and its output to log.
ModuleBuild build_module(const std::vector<std::string> &kcshim, const fs::path &tree,
			 const ReachedModule &module, const fs::path &output,
			 const std::vector<fs::path> &depends, unsigned jobs, std::ostream &log,
			 std::vector<std::vector<std::string>> &commands);

// The reached modules that register drivers, in load order: the touched ones, then those
// selecting them or calling their exports.
std::vector<DriverModule> driver_modules(const Reach &reach, const std::string &srcarch);

struct SelftestRow {
	std::string driver;	// "sha3-256-lib@after"
	std::string alg;	// "sha3-256"
	bool passed = false;
	std::string detail;	// "8 vectors", or the failure's message
};

// What `kcshim list` says of a driver: what speed runs it takes.
struct DriverInfo {
	std::string name;			// its cra_name: "sha3-256"
	std::string type;			// "shash", "skcipher", "cipher", ...
	unsigned min_keysize = 0, max_keysize = 0;
	bool async = false;			// CRYPTO_ALG_ASYNC: tcrypt's sync modes cannot have it
};

struct DriverSide {
	std::string name;				// "before", "after"
	std::vector<std::string> built;			// module names
	std::vector<std::string> build_failures;	// "mldsa: <first error line>"
	std::string build_output;			// every module's ModuleBuild::output
	std::vector<SelftestRow> vectors;		// the tree's vectors, per driver
	std::vector<SelftestRow> extra;			// after only: against the before driver
	std::map<std::string, DriverInfo> info;		// per driver of this side
	std::vector<std::string> load_args;		// -m MODULE@SIDE for each built module
	std::vector<std::vector<std::string>> commands;	// every command, in order
	fs::path log;
	bool ran = false;
	std::string failure;
};

// Builds modules from tree into out_dir/drivers/<name>/ and self-tests them as side name; the
// after side (before != nullptr) loads the before side's modules too and compares with them.
DriverSide run_driver_side(const std::vector<std::string> &kcshim, const std::string &name,
			   const fs::path &tree, const std::vector<DriverModule> &modules,
			   const fs::path &out_dir, unsigned jobs, const DriverSide *before);

// One line per thing that got worse: a module that built before and does not after, a driver
// that passed its vectors before and fails after.
std::vector<std::string> driver_regressions(const DriverSide &before, const DriverSide &after);

// One line per after driver whose results differ from its before driver's on random cases: a
// regression, unless the patch means to change them (--behaviour-change).
std::vector<std::string> result_differences(const DriverSide &after);

}  // namespace kcshim::patch_check
