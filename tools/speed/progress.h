// SPDX-License-Identifier: GPL-2.0
// A one-line progress bar on stderr, for runs long enough to wonder about. It draws only when
// stderr is a terminal, so piped or saved output (and stdout always) stays clean.
#pragma once

#include <string>

namespace kcshim::speed {

class Progress {
public:
	// total steps; expected_seconds decides whether the run is long enough to draw (> 3 s).
	Progress(unsigned int total, double expected_seconds);
	~Progress();	// erases the bar
	Progress(const Progress &) = delete;
	Progress &operator=(const Progress &) = delete;

	void step(const std::string &what);	// one step done; what is shown beside the bar

private:
	unsigned int total_;
	unsigned int done_ = 0;
	bool enabled_;
};

}  // namespace kcshim::speed
