// SPDX-License-Identifier: GPL-2.0
// Runs the built kcshim CLI (path from CMake) with arguments, capturing stdout, stderr and the
// exit status, for tests that check what a user sees.
#pragma once

#include <string>
#include <vector>

namespace kcshim::test {

struct CliResult {
	int status = -1;	// exit status; -1 if it did not exit normally
	std::string out;
	std::string err;
};

CliResult run_cli(const std::vector<std::string> &args);

}  // namespace kcshim::test
