// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/kunit_evidence.h"

#include <chrono>
#include <fstream>
#include <map>

#include "afalg/kernels/external_command.h"

namespace kcshim::patch_check {

namespace {

using kunit_tool::CaseResult;
using kunit_tool::Run;

// Every case and parameter of a run by its full name, with its status.
std::map<std::string, kcshim_kunit_status> statuses(const Run &run)
{
	std::map<std::string, kcshim_kunit_status> out;
	for (const auto &suite : run.suites)
		for (const auto &tc : suite.cases) {
			const std::string name = suite.name + "." + tc.name;
			out[name] = tc.status;
			for (const auto &p : tc.params)
				out[name + "[" + p.name + "]"] = p.status;
		}
	return out;
}

}  // namespace

KunitSide run_kunit_side(const std::vector<std::string> &kcshim, const std::string &name,
			 const fs::path &tree, const std::vector<std::string> &suites,
			 const fs::path &out_dir, unsigned jobs)
{
	KunitSide side;
	side.name = name;
	side.ktap = out_dir / (name + ".ktap");
	side.log = out_dir / (name + ".log");
	const fs::path json = out_dir / (name + ".json");
	fs::remove(json);
	side.command = kcshim;
	side.command.insert(side.command.end(), {"kunit", "--kernel-tree", tree.string(), "--json",
						 json.string(), "--build-dir",
						 (out_dir / "kunit").string()});
	if (jobs)
		side.command.insert(side.command.end(), {"-j", std::to_string(jobs)});
	side.command.insert(side.command.end(), suites.begin(), suites.end());

	afalg::Command cmd;
	cmd.argv = side.command;
	cmd.stdout_file = side.ktap;
	cmd.timeout = std::chrono::minutes(20);
	auto result = afalg::run_command(cmd);
	if (!result) {
		side.failure = "cannot run kcshim: " + afalg::describe(result.error());
		return side;
	}
	std::ofstream(side.log) << result->output;
	// 0 every case passed, 1 some failed: both ran; 2 and up is a build or usage error
	if (result->timed_out || result->exit_status < 0 || result->exit_status > 1) {
		side.failure = "kunit " + result->failure_line() + " (" + side.log.string() + ")";
		return side;
	}
	std::string error;
	auto run = kunit_tool::load_run(json.string(), &error);
	if (!run) {
		side.failure = error;
		return side;
	}
	side.run = std::move(*run);
	side.ran = true;
	return side;
}

std::vector<std::string> kunit_regressions(const Run &before, const Run &after)
{
	std::vector<std::string> out;
	const auto was = statuses(before);
	const auto now = statuses(after);
	for (const auto &[name, status] : was) {
		auto it = now.find(name);
		if (it == now.end()) {
			if (status == KCSHIM_KUNIT_SUCCESS)
				out.push_back(name + ": passed before, missing after");
		} else if (status == KCSHIM_KUNIT_SUCCESS && it->second == KCSHIM_KUNIT_FAILURE) {
			out.push_back(name + ": passed before, fails after");
		}
	}
	for (const auto &[name, status] : now)
		if (status == KCSHIM_KUNIT_FAILURE && !was.contains(name))
			out.push_back(name + ": new, fails");
	return out;
}

}  // namespace kcshim::patch_check
