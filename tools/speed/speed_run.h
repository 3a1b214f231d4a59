// SPDX-License-Identifier: GPL-2.0
// kcshim speed: every driver of one algorithm measured at every template line, interleaved
// (repeat, line, driver) so slow drift of the machine spreads over all drivers alike.
// A measurement is tcrypt's sec= loop for `sec` seconds, read as MB/s and cycles/byte.
#pragma once

#include <string>
#include <vector>

#include "report.h"

namespace kcshim::speed {

struct SpeedOptions {
	std::string alg{};			// cra_name: "sha3-256", "cbc(cast5)"
	std::vector<std::string> drivers{};	// exact driver names; empty = all
	std::vector<unsigned int> sizes{};	// block sizes (one update each); empty = template
	double sec = 0.25;			// per line, per driver, per repeat
	unsigned int repeat = 1;
	std::string baseline{};			// empty = the -generic driver
	int pin = -1;				// CPU to pin to; -1 = don't
	unsigned int keysize = 16;		// skcipher key bytes
	bool decrypt = false;			// skcipher direction
};

// Throws Error for an unknown algorithm or driver, a baseline not among the drivers, a block size
// outside tcrypt's buffer, or a failing pin.
SpeedReport run_speed(const SpeedOptions &o);

// Lines whose spread exceeds noisy_spread, as "block/update driver (N%)" for a warning.
std::vector<std::string> noisy_lines(const SpeedReport &r);

}  // namespace kcshim::speed
