// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/driver_evidence.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "afalg/kernels/external_command.h"
#include "tools/patch_check/warning_evidence.h"

namespace kcshim::patch_check {

namespace {

bool registers_drivers(const ReachedModule &m, const std::string &srcarch)
{
	return m.dir == "crypto" || m.dir == "arch/" + srcarch + "/crypto";
}

// The first line of a failed build that says what went wrong, its paths tree-relative.
std::string first_error(const std::string &log, const fs::path &tree)
{
	const std::string prefix = tree.string() + "/";
	const auto relative = [&](std::string line) {
		for (size_t at; (at = line.find(prefix)) != std::string::npos;)
			line.erase(at, prefix.size());
		return line;
	};
	std::istringstream lines(log);
	std::string line, fallback;
	while (std::getline(lines, line)) {
		if (line.find("collect2") != std::string::npos)
			continue;	// the linker's own line names the symbol
		if (line.find("error:") != std::string::npos || line.starts_with("kcshim: shim gap") ||
		    line.find("undefined reference") != std::string::npos)
			return relative(line);
		if (fallback.empty() && line.starts_with("kcshim:"))
			fallback = line;
	}
	return fallback.empty() ? "the build failed" : relative(fallback);
}

// Rows of `kcshim selftest`'s output (tools/cli/cmd_selftest.cpp): the vectors rows, one per
// driver and vectors source, summed per driver; and the --extra rows.
void parse_selftest(const std::string &output, DriverSide &side)
{
	static const std::regex vectors_row(
		R"(^(\S+)\s+(\S+)\s+(\S+)\s+(\d+) vectors\s+\d+ runs\s+(passed|FAILED)$)");
	static const std::regex extra_row(
		R"(^(\S+)\s+(\S+)\s+vs (\S+)\s+(\d+) cases\s+\d+ runs\s+(passed|FAILED)$)");
	static const std::regex not_compared(R"(^(\S+)\s+(\S+)\s+.*NOT COMPARED: (.*)$)");
	std::map<std::string, size_t> row_of;
	std::map<std::string, unsigned> count_of;
	std::istringstream lines(output);
	std::string line;
	SelftestRow *pending = nullptr;	// a FAILED row: its message is the next line
	while (std::getline(lines, line)) {
		std::smatch m;
		if (pending && line.starts_with("    ")) {
			pending->detail = line.substr(4);
			pending = nullptr;
			continue;
		}
		pending = nullptr;
		if (std::regex_match(line, m, vectors_row)) {
			const std::string driver = m[1];
			auto [it, added] = row_of.emplace(driver, side.vectors.size());
			if (added)
				side.vectors.push_back({driver, m[2], true, ""});
			SelftestRow &row = side.vectors[it->second];
			count_of[driver] += std::stoul(m[4]);
			if (m[5] == "FAILED") {
				row.passed = false;
				pending = &row;
			}
			if (row.passed)
				row.detail = std::to_string(count_of[driver]) + " vectors";
		} else if (std::regex_match(line, m, extra_row)) {
			side.extra.push_back({m[1], m[2], m[5] == "passed",
					      m[4].str() + " random cases against " + m[3].str()});
			if (m[5] == "FAILED")
				pending = &side.extra.back();
		} else if (std::regex_match(line, m, not_compared)) {
			side.extra.push_back({m[1], m[2], false, "not compared: " + m[3].str()});
		}
	}
}

// `kcshim list`'s blocks ("driver       : cbc-cast5-avx@after" ...) of the drivers ending in
// @side.
void parse_list(const std::string &output, const std::string &side_suffix, DriverSide &side)
{
	static const std::regex field(R"(^(\w[\w ]*?)\s*: (.*)$)");
	std::map<std::string, std::string> block;
	const auto flush = [&] {
		const std::string &driver = block["driver"];
		if (driver.ends_with(side_suffix)) {
			DriverInfo info;
			info.name = block["name"];
			info.type = block["type"];
			info.async = block["async"] == "yes";
			if (!block["min keysize"].empty())
				info.min_keysize = std::stoul(block["min keysize"]);
			if (!block["max keysize"].empty())
				info.max_keysize = std::stoul(block["max keysize"]);
			side.info[driver] = info;
		}
		block.clear();
	};
	std::istringstream lines(output);
	for (std::string line; std::getline(lines, line);) {
		std::smatch m;
		if (line.empty())
			flush();
		else if (std::regex_match(line, m, field))
			block[m[1]] = m[2];
	}
	flush();
}

afalg::CommandResult run_logged(const std::vector<std::string> &argv, std::ostream &log,
				std::vector<std::vector<std::string>> &commands)
{
	commands.push_back(argv);
	afalg::Command cmd;
	cmd.argv = argv;
	cmd.timeout = std::chrono::minutes(10);
	auto result = afalg::run_command(cmd);
	log << "$";
	for (const auto &word : argv)
		log << " " << word;
	log << "\n";
	if (!result) {
		afalg::CommandResult failed;
		failed.output = "kcshim: cannot run " + argv.front() + ": " +
				afalg::describe(result.error());
		log << failed.output << "\n";
		return failed;
	}
	log << result->output << "\n";
	return *result;
}

}  // namespace

ModuleBuild build_module(const std::vector<std::string> &kcshim, const fs::path &tree,
			 const ReachedModule &module, const fs::path &output,
			 const std::vector<fs::path> &depends, unsigned jobs, std::ostream &log,
			 std::vector<std::vector<std::string>> &commands)
{
	std::vector<std::string> argv = kcshim;
	argv.insert(argv.end(), {"build", "--kernel-tree", tree.string(), module.source, "-o",
				 output.string()});
	if (jobs)
		argv.insert(argv.end(), {"-j", std::to_string(jobs)});
	for (const auto &dep : depends)
		argv.insert(argv.end(), {"--depends", dep.string()});
	// a second run of the same build compiles nothing: --all-warnings replays the warnings
	// its cached objects were compiled with, so each run counts them all
	argv.push_back("--all-warnings");
	for (const auto &flag : kernel_warning_flags())
		argv.push_back("--cflags=" + flag);
	fs::create_directories(output.parent_path());
	auto result = run_logged(argv, log, commands);
	return {result.ok() ? "" : first_error(result.output, tree), result.output};
}

std::vector<DriverModule> driver_modules(const Reach &reach, const std::string &srcarch)
{
	std::vector<DriverModule> out;
	std::vector<std::string> touched;
	for (const auto &m : reach.modules)
		if (registers_drivers(m, srcarch)) {
			out.push_back({m, {}});
			touched.push_back(m.name);
		}
	// a dependent may call what they export whatever put it on the list (cast5-avx-x86_64
	// selects CRYPTO_CAST5 and calls __cast5_encrypt): loaded after them, it binds to them
	for (const auto &m : reach.dependents)
		if (registers_drivers(m, srcarch))
			out.push_back({m, touched});
	return out;
}

DriverSide run_driver_side(const std::vector<std::string> &kcshim, const std::string &name,
			   const fs::path &tree, const std::vector<DriverModule> &modules,
			   const fs::path &out_dir, unsigned jobs, const DriverSide *before)
{
	DriverSide side;
	side.name = name;
	const fs::path dir = out_dir / "drivers" / name;
	fs::create_directories(dir);
	side.log = out_dir / ("drivers-" + name + ".log");
	std::ofstream log(side.log);
	const auto module_path = [&](const fs::path &d, const std::string &module) {
		return d / (module + ".so");
	};
	for (const auto &[module, depends] : modules) {
		std::vector<fs::path> depend_paths;
		for (const auto &dep : depends)
			if (std::find(side.built.begin(), side.built.end(), dep) != side.built.end())
				depend_paths.push_back(module_path(dir, dep));
		if (depend_paths.size() != depends.size()) {
			side.build_failures.push_back(module.name + ": needs a module that did not build");
			continue;
		}
		const ModuleBuild build = build_module(kcshim, tree, module, module_path(dir, module.name),
						       depend_paths, jobs, log, side.commands);
		side.build_output += build.output;
		if (build.error.empty())
			side.built.push_back(module.name);
		else
			side.build_failures.push_back(module.name + ": " + build.error);
	}
	if (side.built.empty()) {
		side.ran = true;	// nothing to test: the build failures say why
		return side;
	}
	for (const auto &m : side.built)
		side.load_args.insert(side.load_args.end(),
				      {"-m", module_path(dir, m).string() + "@" + name});
	std::vector<std::string> argv = kcshim;
	argv.insert(argv.end(), side.load_args.begin(), side.load_args.end());
	argv.push_back("list");
	parse_list(run_logged(argv, log, side.commands).output, "@" + name, side);

	argv = kcshim;
	if (before)
		argv.insert(argv.end(), before->load_args.begin(), before->load_args.end());
	argv.insert(argv.end(), side.load_args.begin(), side.load_args.end());
	argv.insert(argv.end(), {"selftest", "--kernel-tree", tree.string()});
	// the after side against the before drivers of the same names; a new driver, with none,
	// against its generic driver
	if (before)
		argv.push_back("--extra");
	if (before && !before->built.empty())
		argv.insert(argv.end(), {"--generic-suffix", before->name});
	argv.push_back("*@" + name);
	auto result = run_logged(argv, log, side.commands);
	// 0 passed, 1 a driver failed, 77 some not compared: each printed its rows
	if (result.exit_status != 0 && result.exit_status != 1 && result.exit_status != 77) {
		side.failure = "selftest " + result.failure_line() + " (" + side.log.string() + ")";
		return side;
	}
	parse_selftest(result.output, side);
	side.ran = true;
	return side;
}

std::vector<std::string> driver_regressions(const DriverSide &before, const DriverSide &after)
{
	std::vector<std::string> out;
	for (const auto &m : before.built)
		if (std::find(after.built.begin(), after.built.end(), m) == after.built.end())
			out.push_back(m + ": built before, does not build after");
	const auto without_suffix = [](std::string driver) {
		return driver.substr(0, driver.rfind('@'));
	};
	std::map<std::string, bool> passed_before;
	for (const auto &row : before.vectors)
		passed_before[without_suffix(row.driver)] = row.passed;
	for (const auto &row : after.vectors) {
		auto it = passed_before.find(without_suffix(row.driver));
		if (!row.passed && (it == passed_before.end() || it->second))
			out.push_back(row.driver + ": fails the tree's vectors after" +
				      (row.detail.empty() ? "" : ": " + row.detail));
	}
	return out;
}

std::vector<std::string> result_differences(const DriverSide &after)
{
	std::vector<std::string> out;
	for (const auto &row : after.extra)
		if (!row.passed && !row.detail.starts_with("not compared"))
			out.push_back(row.driver + ": differs from its before driver: " + row.detail);
	return out;
}

}  // namespace kcshim::patch_check
