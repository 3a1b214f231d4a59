// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/report.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tools/cross/emulation.h"
#include "tools/dropin/dropin.h"

namespace kcshim::patch_check {

namespace {

std::string first_line_of(const char *command)
{
	std::string line;
	if (FILE *p = popen(command, "r")) {
		char buf[256];
		if (fgets(buf, sizeof(buf), p))
			line = buf;
		pclose(p);
	}
	while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
		line.pop_back();
	return line;
}

std::string counts_text(const KunitSide &side)
{
	if (!side.ran)
		return "did not run: " + side.failure;
	const auto c = side.run.counts();
	std::string text = std::to_string(c.passed) + " passed, " + std::to_string(c.failed) +
			   " failed, " + std::to_string(c.skipped) + " skipped";
	if (auto warned = side.run.warning_cases(); !warned.empty())
		text += ", WARN hits in " + std::to_string(warned.size()) + " cases";
	return text;
}

std::string module_text(const ReachedModule &m)
{
	std::string text = m.name + " (" + m.dir + (m.symbol.empty() ? "" : ", " + m.symbol) + ")";
	return text + ": " + m.why;
}

std::string joined(const std::vector<std::string> &words, const char *separator)
{
	std::string out;
	for (const auto &w : words)
		out += (out.empty() ? "" : separator) + w;
	return out;
}

std::string command_line(const std::vector<std::string> &argv)
{
	std::string out;
	for (const auto &word : argv) {
		const bool plain = word.find_first_of(" '\"$\\") == std::string::npos && !word.empty();
		out += (out.empty() ? "" : " ") + (plain ? word : "'" + word + "'");
	}
	return out;
}

nlohmann::json side_json(const KunitSide &side)
{
	nlohmann::json j = {{"ran", side.ran}, {"command", command_line(side.command)},
			    {"ktap", side.ktap.string()}, {"log", side.log.string()}};
	if (side.ran) {
		const auto c = side.run.counts();
		j["passed"] = c.passed;
		j["failed"] = c.failed;
		j["skipped"] = c.skipped;
		j["warnings"] = side.run.warning_cases();
	} else {
		j["failure"] = side.failure;
	}
	return j;
}

nlohmann::json module_json(const ReachedModule &m)
{
	return {{"name", m.name}, {"dir", m.dir}, {"symbol", m.symbol}, {"source", m.source},
		{"srcarch", m.srcarch}, {"why", m.why}};
}

}  // namespace

Machine machine_of(const fs::path &tree)
{
	Machine m;
	m.tree = tree.string();
	if (unsigned code = dropin::tree_version_code(tree))
		m.tree_version = std::to_string(code >> 16) + "." + std::to_string((code >> 8) & 0xff) +
				 "." + std::to_string(code & 0xff);
	m.compiler = first_line_of((dropin::default_cc() + " --version 2>/dev/null").c_str());
	m.cpu = cross::cpu_model_name();
	std::ifstream loadavg("/proc/loadavg");
	std::string a, b, c;
	if (loadavg >> a >> b >> c)
		m.load = a + " " + b + " " + c;
	return m;
}

bool Report::applied() const
{
	return !patches.empty() && patches.back().applied && reach.has_value();
}

int Report::exit_code() const
{
	if (!applied())
		return 1;
	if ((before && !before->ran) || (after && !after->ran))
		return 1;
	return regressions.empty() ? 0 : 1;
}

void print_summary(const Report &r, std::ostream &out)
{
	const size_t n = r.patches.size();
	for (size_t i = 0; i < n; i++) {
		const auto &p = r.patches[i];
		out << "[" << i + 1 << "/" << n << "] " << p.subject << ": ";
		if (!p.applied) {
			out << "does not apply: " << p.error << "\n";
			continue;
		}
		out << "applied" << (p.how.empty() ? "" : " (" + p.how + ")") << "\n";
		for (const auto &file : p.skipped)
			out << "  skipped " << file << ": not in the tree\n";
	}
	if (r.reach) {
		const Reach &reach = *r.reach;
		for (const auto &m : reach.modules)
			out << "reaches " << module_text(m) << "\n";
		for (const auto &m : reach.dependents)
			out << "  and " << module_text(m) << "\n";
		if (reach.vectors)
			out << "reaches crypto/testmgr.h: the self-tests' vectors\n";
		std::vector<std::string> arches(reach.arches.begin(), reach.arches.end());
		out << "arches: " << joined(arches, ", ") << "\n";
		out << "KUnit suites: " << (reach.suites.empty() ? "none" : joined(reach.suites, " "))
		    << "\n";
		for (const auto &file : reach.unmapped)
			out << "  " << file << ": no module or suite of the tree's Makefiles builds it\n";
	}
	if (r.before)
		out << "kunit before: " << counts_text(*r.before) << "\n";
	if (r.after)
		out << "kunit after:  " << counts_text(*r.after) << "\n";
	for (const auto &line : r.regressions)
		out << "  " << line << "\n";
	out << "result: " << (r.exit_code() ? "FAIL" : "ok") << "\n";
}

void write_markdown(const Report &r, std::ostream &out)
{
	const Machine &m = r.machine;
	out << "Checked with `kcshim patch-check` on " << m.tree_version << " ("
	    << fs::path(m.tree).filename().string() << "), " << m.compiler << ", " << m.cpu
	    << ", load " << m.load << ":\n\n";
	if (r.reach) {
		for (const auto &mod : r.reach->modules)
			out << "- reaches `" << mod.name << "` (" << mod.symbol << ") from `" << mod.why
			    << "`\n";
		for (const auto &mod : r.reach->dependents)
			out << "- and `" << mod.name << "` (" << mod.why << ")\n";
	}
	if (r.before || r.after) {
		out << "\n| KUnit | before | after |\n|---|---|---|\n";
		out << "| " << (r.reach ? joined(r.reach->suites, ", ") : "") << " | "
		    << (r.before ? counts_text(*r.before) : "") << " | "
		    << (r.after ? counts_text(*r.after) : "") << " |\n";
	}
	for (const auto &line : r.regressions)
		out << "- " << line << "\n";
	out << "\n";
}

void write_json(const Report &r, std::ostream &out)
{
	nlohmann::json j;
	j["machine"] = {{"tree", r.machine.tree}, {"tree_version", r.machine.tree_version},
			{"compiler", r.machine.compiler}, {"cpu", r.machine.cpu}, {"load", r.machine.load}};
	j["patches"] = nlohmann::json::array();
	for (const auto &p : r.patches)
		j["patches"].push_back({{"subject", p.subject}, {"applied", p.applied}, {"how", p.how},
					{"skipped", p.skipped}, {"error", p.error}});
	if (r.reach) {
		nlohmann::json reach;
		reach["modules"] = nlohmann::json::array();
		for (const auto &m : r.reach->modules)
			reach["modules"].push_back(module_json(m));
		reach["dependents"] = nlohmann::json::array();
		for (const auto &m : r.reach->dependents)
			reach["dependents"].push_back(module_json(m));
		reach["suites"] = r.reach->suites;
		reach["arches"] = r.reach->arches;
		reach["vectors"] = r.reach->vectors;
		reach["unmapped"] = r.reach->unmapped;
		j["reach"] = reach;
	}
	if (r.before)
		j["kunit"]["before"] = side_json(*r.before);
	if (r.after)
		j["kunit"]["after"] = side_json(*r.after);
	j["regressions"] = r.regressions;
	j["exit"] = r.exit_code();
	out << j.dump(2) << "\n";
}

}  // namespace kcshim::patch_check
