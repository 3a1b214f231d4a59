// SPDX-License-Identifier: GPL-2.0
// patch-check with several --arch: one check per architecture, each in its own kcshim (under
// qemu-user for another arch) writing its own report into OUT/<arch>; this file reads those
// reports back and sets them side by side, a column per architecture: what each built, its
// vectors, KUnit counts, warnings, speed (marked where qemu's) and result.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kcshim::patch_check {

struct ArchColumn {
	std::string arch;		// as given to --arch
	std::string cpu;		// its --cpu, "" for the default
	std::filesystem::path dir;	// its --out: report.json, report.md, summary.txt
	int exit_status = 2;		// its run's
	std::string failure;		// when it wrote no report: why, in one line
	nlohmann::json report;		// its report.json (write_json's)

	bool reported() const { return failure.empty(); }
	// "arm64" or "arm64 (-cpu cortex-a53)"
	std::string title() const;
};

// The column of a run that exited with exit_status, from dir/report.json; failure says why
// when the run left none (the run's last output line, output_tail).
ArchColumn load_arch_column(std::string arch, std::string cpu, const std::filesystem::path &dir,
			    int exit_status, const std::string &output_tail);

// 0 every column ok, else the worst exit status of them.
int arch_matrix_exit(const std::vector<ArchColumn> &columns);

// The terminal's: the matrix, then each column's errors and notes, a line each.
void print_summary(const std::vector<ArchColumn> &columns, std::ostream &out);
// For b4 am: each column's findings, "ERROR: arm64: ..." (nothing when all passed).
void write_b4_am(const std::vector<ArchColumn> &columns, std::ostream &out);
// For b4 review: one JSON result for all columns, the worst of their statuses.
void write_b4_review(const std::vector<ArchColumn> &columns, std::ostream &out);
// The matrix as a Markdown table, then each column's own report.md under a heading.
void write_markdown(const std::vector<ArchColumn> &columns, std::ostream &out);
// {"arches": [{"arch", "cpu", "exit", "failure", "report"}...], "exit"}
void write_json(const std::vector<ArchColumn> &columns, std::ostream &out);

}  // namespace kcshim::patch_check
