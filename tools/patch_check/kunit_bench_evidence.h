// SPDX-License-Identifier: GPL-2.0
// The reached KUnit suites' benchmark cases (CONFIG_CRYPTO_LIB_BENCHMARK, CONFIG_CRC_BENCHMARK),
// before and after, repeated until stable: rounds of one run per side, in turns (the order
// swapped each round, so a drift of the machine's load is shared), each measurement's best kept,
// until a round raises no side's best by more than settle or max_rounds have run. One suite at a
// time (-j 1): suites run in parallel would time each other. Speed never fails a patch.
//
// Errors are values: a round that could not run ends the rounds and says why in failure.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tools/kunit/kunit_results.h"

namespace kcshim::patch_check {

namespace fs = std::filesystem;

struct KunitBenchSettings {
	unsigned min_rounds = 3, max_rounds = 9;
	double settle = 0.02;	// a round raising no best by more than this (2%) ends them
};

struct KunitBenchRow {
	std::string suite, test, what, unit;	// "sha3", "benchmark_hash", "len=4096", "MB/s"
	std::vector<double> before, after;	// every round's value
	double best_before() const;
	double best_after() const;
	double noise() const;			// the larger side's best_run_noise()
};

struct KunitBench {
	std::vector<KunitBenchRow> rows;	// measurements both sides have, in run order
	unsigned rounds = 0;
	bool settled = false;			// a round moved no best beyond settings.settle
	std::vector<std::vector<std::string>> commands;	// before's and after's
	std::string emulation;			// cross::user_mode_emulation() of the runs
	std::string failure;
	std::string geomean;			// of the rows' after/before: "1.03x"
};

// One run of a side (0 before, 1 after): its results, or nothing with *error set.
using SideRunner = std::function<std::optional<kunit_tool::Run>(int side, std::string *error)>;

// The rounds of run_kunit_bench() over any runner of the two sides.
KunitBench bench_rounds(const SideRunner &run_side, const KunitBenchSettings &settings);

// Runs suites (absolute paths, one list per side) of the two trees, with their modules in
// out_dir/kunit and each round's results in out_dir/kunit-bench-<side>.json.
KunitBench run_kunit_bench(const std::vector<std::string> &kcshim, const fs::path &before_tree,
			   const std::vector<std::string> &before_suites, const fs::path &after_tree,
			   const std::vector<std::string> &after_suites, const fs::path &out_dir,
			   const KunitBenchSettings &settings);

// The rows as a table: suite, case, measurement, before, after, after/before, noise.
std::string kunit_bench_table(const KunitBench &bench);

}  // namespace kcshim::patch_check
