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

#include "tools/patch_check/driver_evidence.h"
#include "tools/patch_check/kunit_bench_evidence.h"
#include "tools/patch_check/kunit_evidence.h"
#include "tools/patch_check/speed_evidence.h"
#include "tools/patch_check/xcheck_evidence.h"
#include "tools/patch_check/reach.h"

namespace kcshim::patch_check {

struct PatchOutcome {
	std::string subject;
	bool applied = false;
	std::string how;			// ApplyResult::how
	std::vector<std::string> skipped;	// files outside the tree
	std::string error;			// when !applied
	// in a series, each patch's own modules built on the tree as far as it: bisectable?
	std::vector<std::string> built;
	std::vector<std::string> build_failures;	// "libsha3: <first error line>"
	std::vector<std::string> warnings;		// the compiler's, in the patch's own files
};

// Where the evidence was made: a reader compares figures only between equal machines.
struct Machine {
	std::string tree;		// the before tree, as given
	std::string tree_version;	// "7.3.0" from its Makefile
	std::string compiler;		// `cc --version`'s first line
	std::string arch;		// the arch whose code ran: "x86_64", "arm64"
	std::string emulation;		// cross::user_mode_emulation(): "" on its own hardware
	std::string cpu;		// /proc/cpuinfo's model name
	std::string load;		// /proc/loadavg's first three figures
};
Machine machine_of(const fs::path &tree);

struct Report {
	Machine machine;
	bool reversed = false;			// --applied: the series was taken out for before
	size_t series_size = 0;			// patches given; outcomes stop at one that fails
	std::vector<PatchOutcome> patches;
	std::optional<Reach> reach;		// once the series applied
	std::optional<KunitSide> before, after;
	std::vector<std::string> regressions;	// kunit_regressions()
	std::optional<KunitBench> kunit_bench;	// the suites' benchmark cases, both sides
	std::optional<DriverSide> drivers_before, drivers_after;
	std::vector<std::string> driver_regressions;	// driver_regressions()
	// --behaviour-change: the after drivers whose results differ from before, meant to
	std::vector<std::string> result_changes;
	// warnings_in() the touched files, each side's driver builds
	std::vector<std::string> warnings_before, warnings_after;
	std::vector<std::pair<std::string, std::string>> sizes;	// module, print_size_diff()'s text
	std::vector<SpeedBlock> speed;
	std::vector<std::string> speed_skipped;		// speed_not_measured()
	std::string emulation;				// cross::user_mode_emulation(): speed is qemu's
	std::optional<XcheckEvidence> xcheck;		// --xcheck KERNEL

	bool applied() const;
	// new_warnings(warnings_before, warnings_after)
	std::vector<std::string> new_warnings() const;
	// 0: applied and nothing got worse; 1: a patch does not apply or does not build, a side
	// failed to run, or a KUnit case, a module's build, a driver's vectors or its results
	// against before or against the --xcheck kernel got worse, or a touched file has a new
	// compiler warning
	int exit_code() const;
};

// What failed the check (error) and what the reader should know (not tested on either side), a
// line each.
struct Finding {
	bool error = false;
	std::string text;
};
std::vector<Finding> findings(const Report &report);

void print_summary(const Report &report, std::ostream &out);
// For b4 am --check (am-perpatch-check-cmd): "ERROR: ..." per error, a plain line per warning,
// nothing when all passed (b4 takes any output on stderr as a failure: print none there).
void write_b4_am(const Report &report, std::ostream &out);
// For b4's review checks (review-perpatch-check-cmd): one JSON result, pass, warn or fail.
void write_b4_review(const Report &report, std::ostream &out);
void write_markdown(const Report &report, std::ostream &out);
void write_json(const Report &report, std::ostream &out);

}  // namespace kcshim::patch_check
