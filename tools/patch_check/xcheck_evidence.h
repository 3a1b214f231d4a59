// SPDX-License-Identifier: GPL-2.0
// The after drivers against a real kernel's (`kcshim xcheck`, through AF_ALG: this host's, the
// embedded user-mode Linux, a Debian kernel under qemu, or a board's bridge): a patch that keeps
// kcshim's own results could still have changed them from the kernel's.
//
// Errors are values: ran false with a one-line failure when the kernel could not be reached.
#pragma once

#include <string>
#include <vector>

#include "tools/patch_check/driver_evidence.h"

namespace kcshim::patch_check {

struct XcheckEvidence {
	std::string kernel;			// as --xcheck named it
	std::vector<std::string> drivers;	// the after drivers asked for
	std::vector<std::string> command;
	bool ran = false;			// reached the kernel and compared something
	bool equal = false;			// every compared pair agreed
	std::string failure;			// when !ran: why
	std::string output;			// xcheck's report
};

// Checks after's drivers that passed their vectors against kernel (xcheck's --kernel value).
XcheckEvidence run_xcheck(const std::vector<std::string> &kcshim, const DriverSide &after,
			  const std::string &kernel, unsigned iterations);

}  // namespace kcshim::patch_check
