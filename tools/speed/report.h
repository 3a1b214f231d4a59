// SPDX-License-Identifier: GPL-2.0
// The result of a `kcshim speed` run, the unit `--save`, `--json`, `--csv`, `--plot` and
// `kcshim compare` work on: every driver of one algorithm at every template line.
//
// JSON schema (version 1):
//   { "kcshim_speed": 1, "alg": "sha3-256", "kind": "hash"|"skcipher",
//     "counter": "<cycle counter>", "core_cycles": bool, "sec": 0.25, "repeat": 3,
//     "statistic": "median"|"best" (absent: median),
//     "baseline": "<driver>", "drivers": ["<driver>", ...], "kernel": "<where kernel:* ran>",
//     "rows": [ { "test": 0, "block": 16, "update": 16,
//                 "results": { "<driver>": { "mb_per_s": x, "cycles_per_byte": y,
//                                            "spread": s, "runs_mb_per_s": [..],
//                                            "runs_cycles_per_byte": [..] } } } ] }
// mb_per_s is 10^6 bytes per second, the median of the runs' or their fastest ("statistic");
// spread is (max - min) / median of the runs' MB/s.
// Drivers named "kernel:<driver>" are a kernel's, timed through AF_ALG inside that kernel's host
// ("kernel" says which, e.g. "user-mode Linux 6.1.0"; absent or "" when there are none); their
// cycles_per_byte is 0 (not measured).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace kcshim::speed {

struct SpeedPoint {
	double mb_per_s = 0;		// the report's statistic over the runs
	double cycles_per_byte = 0;	// the report's statistic over the runs
	double spread = 0;
	std::vector<double> runs_mb_per_s{};
	std::vector<double> runs_cycles_per_byte{};
};

struct SpeedRow {
	unsigned int test = 0;
	unsigned int block = 0;
	unsigned int update = 0;	// = block for ciphers and --sizes rows
	std::map<std::string, SpeedPoint> results{};	// by driver
};

struct SpeedReport {
	std::string alg{};
	std::string kind{};		// "hash" or "skcipher"
	std::string counter{};
	bool core_cycles = false;
	double sec = 0;
	unsigned int repeat = 1;
	std::string statistic = "median";	// or "best": the fastest run
	std::string baseline{};
	std::vector<std::string> drivers{};
	std::string kernel{};		// where the kernel:* columns ran; "" = none
	std::string emulation{};	// user_mode_emulation() of the run; "" = hardware
	std::vector<SpeedRow> rows{};
};

inline constexpr int report_schema_version = 1;

// The column name of a kernel driver is kernel_prefix + its cra_driver_name.
inline constexpr std::string_view kernel_prefix = "kernel:";
inline bool is_kernel_column(const std::string &driver)
{
	return driver.rfind(kernel_prefix, 0) == 0;
}

void to_json(nlohmann::json &j, const SpeedReport &r);
// Throws Error when the document is not a version-1 kcshim speed report.
void from_json(const nlohmann::json &j, SpeedReport &r);

std::string report_to_json(const SpeedReport &r);
// A saved report's text; throws Error on malformed JSON or schema problems.
SpeedReport parse_report(std::string_view text);
// Reads a saved report; throws Error naming the file on I/O or schema problems.
SpeedReport load_report(const std::string &path);
void save_report(const SpeedReport &r, const std::string &path);

// test,block,update,driver,mb_per_s,cycles_per_byte,spread,ratio (ratio: MB/s vs the baseline).
std::string report_to_csv(const SpeedReport &r);

}  // namespace kcshim::speed
