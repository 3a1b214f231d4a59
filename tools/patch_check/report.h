// SPDX-License-Identifier: GPL-2.0
// patch-check's report: what was applied, what it reaches, and the evidence of both sides, as a
// terminal summary (one line per patch, then the series' block), a Markdown block to paste under
// a cover letter's `---`, and JSON; with the machine it was made on and the commands that
// reproduce each figure.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "tools/patch_check/kunit_evidence.h"
#include "tools/patch_check/reach.h"

namespace kcshim::patch_check {

struct PatchOutcome {
	std::string subject;
	bool applied = false;
	std::string how;			// ApplyResult::how
	std::vector<std::string> skipped;	// files outside the tree
	std::string error;			// when !applied
};

// Where the evidence was made: a reader compares figures only between equal machines.
struct Machine {
	std::string tree;		// the before tree, as given
	std::string tree_version;	// "7.3.0" from its Makefile
	std::string compiler;		// `cc --version`'s first line
	std::string cpu;		// /proc/cpuinfo's model name
	std::string load;		// /proc/loadavg's first three figures
};
Machine machine_of(const fs::path &tree);

struct Report {
	Machine machine;
	std::vector<PatchOutcome> patches;
	std::optional<Reach> reach;		// once the series applied
	std::optional<KunitSide> before, after;
	std::vector<std::string> regressions;	// kunit_regressions()

	bool applied() const;
	// 0: applied and nothing got worse; 1: a patch does not apply, a side failed to build or
	// run, or a case got worse
	int exit_code() const;
};

void print_summary(const Report &report, std::ostream &out);
void write_markdown(const Report &report, std::ostream &out);
void write_json(const Report &report, std::ostream &out);

}  // namespace kcshim::patch_check
