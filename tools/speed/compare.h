// SPDX-License-Identifier: GPL-2.0
// kcshim compare: the before/after/speedup table kernel crypto patches carry, per template line,
// with a geometric-mean summary row. Sides are one driver each from a SpeedReport.
#pragma once

#include <string>
#include <vector>

#include "tools/speed/report.h"

namespace kcshim::speed {

enum class Metric { cycles_per_byte, mb_per_s };

struct CompareRow {
	unsigned int block, update;
	double before, after;
	double speedup;	// > 1: after is faster, whichever the metric
};

struct Comparison {
	std::string before_label, after_label;
	Metric metric;
	std::vector<CompareRow> rows;
	double geomean;
	std::string emulation;	// either report's user_mode_emulation(); "" = both on hardware
	// how each side summed up its runs: "" for medians on both sides, else said in the table
	std::string statistic;
};

// Pairs lines by (block, update). Picks driver from each report (empty: the report's only driver,
// else its baseline). Throws Error when a driver is missing or no line is common.
Comparison compare_reports(const SpeedReport &before, const std::string &before_driver,
			   const SpeedReport &after, const std::string &after_driver, Metric metric);

// "block  update  before  after  speedup" rows, then "geomean" with the mean speedup.
std::string comparison_table(const Comparison &c);

}  // namespace kcshim::speed
