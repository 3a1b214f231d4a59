// SPDX-License-Identifier: GPL-2.0
// The KUnit evidence of a patch: the reached suites run on each side by a kcshim process of its
// own (`kcshim kunit --json`), so the two sides' suites, of the same names, never share a
// process, and the results compared case by case.
//
// Errors are values: a side that could not be built or run has ran false and a one-line failure.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tools/kunit/kunit_results.h"

namespace kcshim::patch_check {

namespace fs = std::filesystem;

struct KunitSide {
	std::string name;			// "before", "after"
	std::vector<std::string> command;	// what ran, for the report's reproduce section
	bool ran = false;			// built, ran, and left its results
	std::string failure;			// when !ran: why, one line
	kunit_tool::Run run;
	fs::path ktap, log;			// its KTAP (stdout) and its diagnostics (stderr)
};

// Runs suites (tree-relative) of tree as side name: kcshim (argv of this program) kunit, with
// its results and logs in out_dir, its modules in out_dir/kunit.
KunitSide run_kunit_side(const std::vector<std::string> &kcshim, const std::string &name,
			 const fs::path &tree, const std::vector<std::string> &suites,
			 const fs::path &out_dir, unsigned jobs);

// "SUITE.CASE[PARAM]: passed before, fails after" for each case that got worse (a case missing
// after counts as worse), by name.
std::vector<std::string> kunit_regressions(const kunit_tool::Run &before, const kunit_tool::Run &after);

}  // namespace kcshim::patch_check
