// SPDX-License-Identifier: GPL-2.0
// Runs a tcrypt mode in-process against kcshim's drivers and prints what tcrypt.ko prints, line
// by line as it goes (the "test N (...): " part before measuring, the result after), so a long
// run shows where it is. The raw counters of every line are returned too, for tables and JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/speed/tcrypt_modes.h"

namespace kcshim::speed {

// One printed template line with tcrypt's raw counters.
struct TcryptLine {
	std::string algo{};	// as tcrypt names it: "sha3-256", "cbc(cast5)"
	std::string driver{};	// "sha3-256-generic", "cbc(cast5-generic)"
	bool cipher = false;
	bool encrypt = true;	// cipher lines
	unsigned int test = 0;	// tcrypt's test index
	unsigned int blen = 0;
	unsigned int plen = 0;	// hash: bytes per update; cipher: = blen
	unsigned int keysize = 0;	// cipher: key bytes
	unsigned int secs = 0;	// 0: cycles mode
	uint64_t bcount = 0;	// operations in secs seconds (sec mode)
	uint64_t cycles = 0;	// summed over the 8 timed operations (cycles mode)

	// Operations per second (sec mode) as tcrypt computes it: bcount / secs.
	double ops_per_sec() const { return secs ? double(bcount) / secs : 0; }
};

using TextSink = std::function<void(std::string_view text)>;

struct TcryptRun {
	std::vector<TcryptLine> lines;
	bool failed = false;	// a self-test failed (tcrypt: "one or more tests failed!")
};

// Runs p's steps, writing tcrypt's text to out. In cycles mode the first line says which counter
// is read ("kcshim: cycle counter: ..."). Throws Error for an unknown mode or algorithm.
TcryptRun run_tcrypt(const TcryptParams &p, const TextSink &out);

}  // namespace kcshim::speed
