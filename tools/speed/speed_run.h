// SPDX-License-Identifier: GPL-2.0
// kcshim speed: every driver of one algorithm measured at every template line, interleaved
// (repeat, line, driver) so slow drift of the machine spreads over all drivers alike.
// A measurement is tcrypt's sec= loop for `sec` seconds, read as MB/s and cycles/byte.
// With a kernel endpoint (afalg/endpoint/kernel_endpoint.h), each of the kernel's drivers of the name is
// one more column, "kernel:<driver>", timed inside the kernel's host through AF_ALG (SPEED) so a
// slow channel to it is not measured; those columns have MB/s only (cycles_per_byte 0).
#pragma once

#include <string>
#include <vector>

#include "afalg/endpoint/kernel_endpoint.h"
#include "tools/speed/report.h"

namespace kcshim::speed {

struct SpeedOptions {
	std::string alg{};			// cra_name: "sha3-256", "cbc(cast5)"
	// exact driver names, or "openssl:<alg>" (libcrypto's); empty = all, and libcrypto's
	std::vector<std::string> drivers{};
	std::vector<unsigned int> sizes{};	// block sizes (one update each); empty = template
	double sec = 0.25;			// per line, per driver, per repeat
	unsigned int repeat = 1;
	// report each line's fastest run instead of the median: on a shared machine, interference
	// only ever slows a run, so with many short repeats the best is the steadier figure
	bool best = false;
	std::string baseline{};			// empty = the -generic driver
	int pin = -1;				// CPU to pin to; -1 = don't
	unsigned int keysize = 16;		// skcipher key bytes
	bool decrypt = false;			// skcipher direction
	afalg::KernelEndpoint *kernel = nullptr;	// adds kernel:<driver> columns; not owned
	std::string kernel_label{};		// e.g. "user-mode Linux", for the report
};


// Throws Error for an unknown algorithm or driver, a baseline not among the drivers, a block size
// outside tcrypt's buffer, a failing pin, or a kernel that fails or has no driver of the name.
SpeedReport run_speed(const SpeedOptions &o);

// Lines whose spread exceeds noisy_spread, as "block/update driver (N%)" for a warning.
std::vector<std::string> noisy_lines(const SpeedReport &r);

// What a run with noisy lines should try that it did not (--pin, --best, 20 or more repeats), as
// "try ..."; "" when it did all of that: its figures are the steady ones, and no warning is due.
std::string noise_advice(const SpeedOptions &s);

}  // namespace kcshim::speed
