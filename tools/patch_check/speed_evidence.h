// SPDX-License-Identifier: GPL-2.0
// Speed before and after: every after driver that passed its vectors, against its before
// driver of the same name, both loaded in one process and measured in turns by `kcshim compare`
// (each line's best of --repeat runs, the steadier figure on a shared machine; cycles per byte
// and MB/s, a geomean row). A cipher is measured in both directions at its smallest and largest
// key. Speed never fails a patch: it is evidence, not a check.
//
// Errors are values: a block that could not be measured says why in failure.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tools/patch_check/driver_evidence.h"

namespace kcshim::patch_check {

struct SpeedSettings {
	std::vector<unsigned> sizes = {16, 64, 256, 1024, 4096, 8192};
	unsigned repeat = 9;
	double sec = 0.01;
	std::string tcrypt_version = "6.12";	// whose tcrypt.c the lines are: the tree's
	// more rows, each with these CPU features masked (kcshim --no-cpu "avx512f,avx2")
	std::vector<std::string> no_cpu_variants;
};

struct SpeedBlock {
	std::string driver;			// without its side: "cbc-cast5-avx"
	std::string what;			// "encryption, 16-byte key"; "" for a hash
	std::vector<std::string> command;
	std::string cpb, mbps;			// its tables, cycles per byte and MB/s
	// `kcshim tcrypt` lines of both sides: a hash's mode=400, a cipher's speed modes (209)
	std::string tcrypt;
	std::string geomean;			// "1.09x" (after's speedup)
	// how far the lines' best runs move between two halves of the runs (the median line, the
	// larger side): a geomean this close to 1.00x is within the machine's noise
	double noise = 0;
	std::string failure;
};

// The blocks for after's drivers; before and after must have run (run_driver_side()). Each
// measurement is saved in out_dir (speed-<driver>-<n>.json, `kcshim compare`'s report).
std::vector<SpeedBlock> run_speed(const std::vector<std::string> &kcshim, const DriverSide &before,
				  const DriverSide &after, const SpeedSettings &settings,
				  const fs::path &out_dir);

// How far a line's best run moves between two halves of its runs (alternate runs, so both
// halves span the whole measurement): what a best-of-N figure can be trusted to. 0.05 is 5%.
double best_run_noise(const std::vector<double> &runs);

// Drivers measured (not the single-block ciphers and types compare does not take): "why not" per
// driver left out.
std::vector<std::string> speed_not_measured(const DriverSide &after);

}  // namespace kcshim::patch_check
