// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/xcheck_evidence.h"

#include <chrono>

#include "afalg/kernels/external_command.h"
#include "afalg/xcheck/xcheck.h"

namespace kcshim::patch_check {

XcheckEvidence run_xcheck(const std::vector<std::string> &kcshim, const DriverSide &after,
			  const std::string &kernel, unsigned iterations)
{
	XcheckEvidence x;
	x.kernel = kernel;
	for (const auto &row : after.vectors)
		if (row.passed)
			x.drivers.push_back(row.driver);
	if (x.drivers.empty()) {
		x.failure = "no after driver passed its vectors";
		return x;
	}
	x.command = kcshim;
	x.command.insert(x.command.end(), after.load_args.begin(), after.load_args.end());
	x.command.push_back("xcheck");
	x.command.insert(x.command.end(), x.drivers.begin(), x.drivers.end());
	x.command.insert(x.command.end(), {"--kernel", kernel, "--iterations",
					   std::to_string(iterations)});
	afalg::Command cmd;
	cmd.argv = x.command;
	cmd.timeout = std::chrono::minutes(30);	// a qemu guest boots under TCG first
	auto result = afalg::run_command(cmd);
	if (!result) {
		x.failure = "cannot run kcshim: " + afalg::describe(result.error());
		return x;
	}
	x.output = result->output;
	switch (result->exit_status) {
	case afalg::xcheck::exit_equal:
	case afalg::xcheck::exit_mismatch:
		x.ran = true;
		x.equal = result->exit_status == afalg::xcheck::exit_equal;
		break;
	case afalg::xcheck::exit_nothing:
		x.failure = "nothing to compare: " + result->last_line();
		break;
	default:
		x.failure = result->failure_line();
	}
	return x;
}

}  // namespace kcshim::patch_check
