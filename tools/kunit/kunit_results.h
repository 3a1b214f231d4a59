// SPDX-License-Identifier: GPL-2.0
// A KUnit run's results as data: what kcshim_kunit_run() reported, saved and read back as JSON
// (`kcshim kunit --json F`), with the benchmark lines the cases logged picked out.
//
// Errors: load_run() returns std::nullopt and says why in *error.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <kcshim/kunit.h>

namespace kcshim::kunit_tool {

// One measurement of a benchmark line: "len=4096: 1234 MB/s" is {key "len=4096", label "",
// value 1234, unit "MB/s"}; "data_len=16: enc 10 MB/s, dec 11 MB/s" gives two, labels "enc" and
// "dec"; "12345 ops/s" has an empty key.
struct Measurement {
	std::string key;
	std::string label;
	double value = 0;
	std::string unit;
};
// The measurements of one logged line (with or without the log's "# case: " prefix); none when
// it is not a benchmark line.
std::vector<Measurement> parse_benchmark_line(const std::string &line);

struct CaseResult {
	std::string name;
	kcshim_kunit_status status = KCSHIM_KUNIT_SUCCESS;
	std::string reason;
	std::vector<std::string> log;
	unsigned long long duration_ns = 0;
	unsigned int warnings = 0;		// WARN*() hits (a parameterised case: the sum)
	std::vector<CaseResult> params;		// a parameterised case's parameters
	std::vector<Measurement> benchmark;	// from the log
};

struct SuiteResult {
	std::string name;
	kcshim_kunit_status status = KCSHIM_KUNIT_SUCCESS;
	unsigned int warnings = 0;		// WARN*() hits in all its cases
	std::vector<CaseResult> cases;
};

struct Run {
	std::string kernel_tree;		// what was run, for the reader of a saved run
	std::vector<std::string> files;
	std::vector<std::string> replacements;
	bool benchmark = false;
	// cross::user_mode_emulation() where it ran: "" on hardware; else its benchmark figures are
	// qemu's, not the CPU's
	std::string emulation;
	std::vector<SuiteResult> suites;

	struct Counts {
		unsigned passed = 0, failed = 0, skipped = 0;
	};
	// Cases (each parameter counted as kunit.py counts them), over every suite.
	Counts counts() const;
	// "SUITE.CASE: N" for each case that hit WARN*(), in run order.
	std::vector<std::string> warning_cases() const;
};

// Where a benchmark measurement is: suite, case, key, label, unit.
using MeasurementWhere = std::tuple<std::string, std::string, std::string, std::string, std::string>;
// Every benchmark measurement of run, in run order, each place once (its first value).
std::vector<std::pair<MeasurementWhere, double>> benchmark_measurements(const Run &run);
// "len=4096", "data_len=16 enc", "-" for a line with neither key nor label.
std::string measurement_name(const MeasurementWhere &where);

// Collects the results of kcshim_kunit_run(): pass on_result and the collector as ctx.
class Collector {
public:
	static void on_result(const kcshim_kunit_result *result, void *ctx);
	Run run;

private:
	std::vector<CaseResult> pending_params_;
	std::vector<CaseResult> pending_cases_;
};

std::string status_name(kcshim_kunit_status status);
bool save_run(const Run &run, const std::string &path, std::string *error);
std::optional<Run> load_run(const std::string &path, std::string *error);

}  // namespace kcshim::kunit_tool
