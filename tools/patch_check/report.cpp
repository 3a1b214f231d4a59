// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tools/cross/cross_arch.h"
#include "tools/cross/emulation.h"
#include "tools/dropin/dropin.h"
#include "tools/patch_check/warning_evidence.h"

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

std::string vectors_text(const DriverSide &side)
{
	if (!side.ran)
		return "did not run: " + side.failure;
	const auto passed = std::count_if(side.vectors.begin(), side.vectors.end(),
					  [](const SelftestRow &r) { return r.passed; });
	std::string text = std::to_string(side.vectors.size()) + " drivers, " +
			   std::to_string(passed) + " passed the tree's vectors";
	if (!side.extra.empty()) {
		const auto same = std::count_if(side.extra.begin(), side.extra.end(),
						[](const SelftestRow &r) { return r.passed; });
		text += "; " + std::to_string(same) + " of " + std::to_string(side.extra.size()) +
			" equal to their before (or generic) driver on random cases";
	}
	return text;
}

// "mldsa: ..." failing on both sides is no regression, but the reader must know it was not tested.
std::vector<std::string> failed_both(const DriverSide &before, const DriverSide &after)
{
	std::vector<std::string> out;
	for (const auto &failure : after.build_failures) {
		const std::string module = failure.substr(0, failure.find(':'));
		if (std::any_of(before.build_failures.begin(), before.build_failures.end(),
				[&](const std::string &f) { return f.starts_with(module + ":"); }))
			out.push_back(failure);
	}
	return out;
}

// ", noise 3%" and whether the geomean is inside it.
std::string noise_text(const SpeedBlock &block)
{
	char text[64];
	const double ratio = std::strtod(block.geomean.c_str(), nullptr);
	std::snprintf(text, sizeof(text), " (noise %.0f%%%s)", 100 * block.noise,
		      std::abs(ratio - 1) <= block.noise ? ": no change beyond it" : "");
	return text;
}

// Modules built after only: new drivers.
std::vector<std::string> new_modules(const DriverSide &before, const DriverSide &after)
{
	std::vector<std::string> out;
	for (const auto &m : after.built)
		if (std::find(before.built.begin(), before.built.end(), m) == before.built.end())
			out.push_back(m);
	return out;
}

nlohmann::json driver_side_json(const DriverSide &side)
{
	const auto rows = [](const std::vector<SelftestRow> &list) {
		nlohmann::json a = nlohmann::json::array();
		for (const auto &r : list)
			a.push_back({{"driver", r.driver}, {"alg", r.alg}, {"passed", r.passed},
				     {"detail", r.detail}});
		return a;
	};
	nlohmann::json commands = nlohmann::json::array();
	for (const auto &c : side.commands)
		commands.push_back(command_line(c));
	return {{"ran", side.ran}, {"failure", side.failure}, {"built", side.built},
		{"build_failures", side.build_failures}, {"vectors", rows(side.vectors)},
		{"extra", rows(side.extra)}, {"commands", commands}, {"log", side.log.string()}};
}

nlohmann::json module_json(const ReachedModule &m)
{
	return {{"name", m.name}, {"dir", m.dir}, {"symbol", m.symbol}, {"source", m.source},
		{"srcarch", m.srcarch}, {"why", m.why}};
}

// "best of 3 rounds per side, settled (no best moved over 2% in the last): geomean 1.01x"
std::string kunit_bench_text(const KunitBench &b)
{
	if (!b.failure.empty())
		return "not measured: " + b.failure;
	if (b.rows.empty())
		return "no measurement on both sides";
	return "best of " + std::to_string(b.rounds) + " rounds per side, " +
	       (b.settled ? "settled (the last raised no best by over 2%)" : "not settled yet") +
	       ": geomean " + b.geomean;
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
	if (const cross::CrossArch *arch = cross::running_arch())
		m.arch = arch->name;
	m.emulation = cross::user_mode_emulation();
	std::ifstream loadavg("/proc/loadavg");
	std::string a, b, c;
	if (loadavg >> a >> b >> c)
		m.load = a + " " + b + " " + c;
	return m;
}

bool Report::applied() const
{
	return !patches.empty() && patches.size() >= series_size && std::all_of(patches.begin(), patches.end(),
					       [](const PatchOutcome &p) { return p.applied; });
}

int Report::exit_code() const
{
	if (!applied() || !reach)
		return 1;
	if (std::any_of(patches.begin(), patches.end(),
			[](const PatchOutcome &p) { return !p.build_failures.empty(); }))
		return 1;
	if ((before && !before->ran) || (after && !after->ran))
		return 1;
	if ((drivers_before && !drivers_before->ran) || (drivers_after && !drivers_after->ran))
		return 1;
	if (xcheck && (!xcheck->ran || !xcheck->equal))
		return 1;
	return regressions.empty() && driver_regressions.empty() && new_warnings().empty() ? 0 : 1;
}

std::vector<std::string> Report::new_warnings() const
{
	return patch_check::new_warnings(warnings_before, warnings_after);
}

std::vector<Finding> findings(const Report &r)
{
	std::vector<Finding> out;
	for (const auto &p : r.patches) {
		if (!p.applied)
			out.push_back({true, p.subject + ": does not apply: " + p.error});
		for (const auto &failure : p.build_failures)
			out.push_back({true, p.subject + ": does not build: " + failure});
	}
	for (const auto *side : {r.before ? &*r.before : nullptr, r.after ? &*r.after : nullptr})
		if (side && !side->ran)
			out.push_back({true, "kunit " + side->name + ": " + side->failure});
	for (const auto *side : {r.drivers_before ? &*r.drivers_before : nullptr,
				 r.drivers_after ? &*r.drivers_after : nullptr})
		if (side && !side->ran)
			out.push_back({true, "drivers " + side->name + ": " + side->failure});
	for (const auto &line : r.regressions)
		out.push_back({true, "kunit: " + line});
	for (const auto &line : r.driver_regressions)
		out.push_back({true, line});
	for (const auto &line : r.new_warnings())
		out.push_back({true, "new compiler warning: " + line});
	for (const auto &line : r.result_changes)
		out.push_back({false, "changed as meant (--behaviour-change): " + line});
	if (r.xcheck && r.xcheck->ran && !r.xcheck->equal)
		out.push_back({true, "the after drivers differ from kernel " + r.xcheck->kernel +
					     " (kcshim xcheck; report.json has its report)"});
	if (r.xcheck && !r.xcheck->ran)
		out.push_back({true, "xcheck against " + r.xcheck->kernel + ": " + r.xcheck->failure});
	if (r.drivers_before && r.drivers_after)
		for (const auto &line : failed_both(*r.drivers_before, *r.drivers_after))
			out.push_back({false, "not built before or after: " + line});
	if (r.reach)
		for (const auto &file : r.reach->unmapped)
			out.push_back({false, file + ": reaches no module or suite"});
	return out;
}

void write_b4_am(const Report &r, std::ostream &out)
{
	for (const auto &f : findings(r))
		out << (f.error ? "ERROR: " : "") << f.text << "\n";
}

void write_b4_review(const Report &r, std::ostream &out)
{
	const auto all = findings(r);
	const bool failed = r.exit_code() != 0;
	const auto errors = std::count_if(all.begin(), all.end(), [](const Finding &f) { return f.error; });
	std::string summary;
	if (!all.empty())
		summary = std::to_string(errors) + " failed, " + std::to_string(all.size() - errors) +
			  " to note: " + all.front().text;
	else
		summary = "applies; KUnit, self-tests and random comparisons as before";
	std::ostringstream details;
	print_summary(r, details);
	nlohmann::json j = {{"tool", "kcshim-patch-check"},
			    {"status", failed ? "fail" : all.empty() ? "pass" : "warn"},
			    {"summary", summary}, {"details", details.str()}};
	out << nlohmann::json::array({j}).dump() << "\n";
}

void print_summary(const Report &r, std::ostream &out)
{
	if (!r.machine.emulation.empty())
		out << "checked as " << r.machine.arch << " code, under " << r.machine.emulation << "\n";
	const size_t n = std::max(r.series_size, r.patches.size());
	for (size_t i = 0; i < r.patches.size(); i++) {
		const auto &p = r.patches[i];
		out << "[" << i + 1 << "/" << n << "] " << p.subject << ": ";
		if (!p.applied) {
			out << "does not apply: " << p.error << "\n";
			continue;
		}
		out << (r.reversed ? "taken out of the tree for the before side" : "applied")
		    << (p.how.empty() ? "" : " (" + p.how + ")");
		if (!p.build_failures.empty())
			out << "; does not build: " << p.build_failures.front();
		else if (!p.built.empty())
			out << "; builds " << joined(p.built, ", ");
		out << "\n";
		for (size_t f = 1; f < p.build_failures.size(); f++)
			out << "  does not build: " << p.build_failures[f] << "\n";
		for (const auto &w : p.warnings)
			out << "  " << w << "\n";
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
		if (!reach.rules.empty())
			out << "build rules: " << joined(reach.rules, " ") << "\n";
		for (const auto &file : reach.unmapped)
			out << "  " << file << ": no module or suite of the tree's Makefiles builds it\n";
	}
	if (r.before)
		out << "kunit before: " << counts_text(*r.before) << "\n";
	if (r.after)
		out << "kunit after:  " << counts_text(*r.after) << "\n";
	for (const auto &line : r.regressions)
		out << "  " << line << "\n";
	if (r.kunit_bench)
		out << "kunit benchmarks: " << kunit_bench_text(*r.kunit_bench) << "\n";
	if (r.drivers_before && r.drivers_after) {
		out << "drivers built: " << joined(r.drivers_after->built, ", ") << "\n";
		if (auto fresh = new_modules(*r.drivers_before, *r.drivers_after); !fresh.empty())
			out << "  new (no before side; compared with their generic drivers): "
			    << joined(fresh, ", ") << "\n";
		for (const auto &line : failed_both(*r.drivers_before, *r.drivers_after))
			out << "  not built before or after: " << line << "\n";
		out << "vectors before: " << vectors_text(*r.drivers_before) << "\n";
		out << "vectors after:  " << vectors_text(*r.drivers_after) << "\n";
	}
	// the whole message is in report.json and the side's log
	for (const auto &line : r.driver_regressions)
		out << "  " << (line.size() > 150 ? line.substr(0, 147) + "..." : line) << "\n";
	for (const auto &line : r.result_changes)
		out << "  changed as meant: " << (line.size() > 130 ? line.substr(0, 127) + "..." : line)
		    << "\n";
	if (r.drivers_before && r.drivers_after) {
		out << "warnings in the touched files: " << r.warnings_before.size() << " before, "
		    << r.warnings_after.size() << " after\n";
		for (const auto &w : r.new_warnings())
			out << "  new: " << w << "\n";
	}
	if (r.xcheck)
		out << "xcheck against " << r.xcheck->kernel << ": "
		    << (!r.xcheck->ran ? "not run: " + r.xcheck->failure
				       : std::to_string(r.xcheck->drivers.size()) + " after drivers " +
						 (r.xcheck->equal ? "equal to the kernel's" : "DIFFER from the kernel's"))
		    << "\n";
	for (const auto &[module, text] : r.sizes)
		out << "size of " << text;
	if (!r.speed.empty()) {
		out << "speed, after against before (best of each line's runs; tables in report.md):\n";
		if (!r.emulation.empty())
			out << "  " << cross::emulation_note(r.emulation);
	}
	for (const auto &block : r.speed)
		out << "  " << block.driver << (block.what.empty() ? "" : ", " + block.what) << ": "
		    << (!block.failure.empty()	  ? "not measured: " + block.failure
			: block.geomean.empty() ? std::string("measured, table in report.md")
						: "geomean " + block.geomean + noise_text(block))
		    << "\n";
	out << "result: " << (r.exit_code() ? "FAIL" : "ok") << "\n";
}

void write_markdown(const Report &r, std::ostream &out)
{
	const Machine &m = r.machine;
	out << "Checked with `kcshim patch-check` on " << m.tree_version << " ("
	    << fs::path(m.tree).filename().string() << "), " << m.arch << " code"
	    << (m.emulation.empty() ? "" : " under " + m.emulation) << ", " << m.compiler << ", "
	    << m.cpu << ", load " << m.load << ":\n\n";
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
	if (r.kunit_bench) {
		out << "\nKUnit benchmarks, " << kunit_bench_text(*r.kunit_bench);
		if (!r.kunit_bench->emulation.empty())
			out << " (" << cross::emulation_note(r.kunit_bench->emulation).substr(
					       0, cross::emulation_note(r.kunit_bench->emulation).size() - 1)
			    << ")";
		out << ":\n\n```\n" << kunit_bench_table(*r.kunit_bench) << "```\n";
	}
	if (r.drivers_before && r.drivers_after) {
		out << "\n| drivers (" << joined(r.drivers_after->built, ", ") << ") | before | after |\n"
		    << "|---|---|---|\n| self-tests | " << vectors_text(*r.drivers_before) << " | "
		    << vectors_text(*r.drivers_after) << " |\n"
		    << "| compiler warnings in the touched files | " << r.warnings_before.size()
		    << " | " << r.warnings_after.size() << " |\n";
	}
	for (const auto &line : r.driver_regressions)
		out << "- " << line << "\n";
	for (const auto &line : r.new_warnings())
		out << "- new warning: `" << line << "`\n";
	for (const auto &line : r.result_changes)
		out << "- changed as meant: " << line << "\n";
	if (r.xcheck)
		out << "\nAgainst kernel `" << r.xcheck->kernel << "` (kcshim xcheck): "
		    << (!r.xcheck->ran ? "not run: " + r.xcheck->failure
				       : r.xcheck->equal ? "the after drivers are equal to the kernel's"
							 : "the after drivers DIFFER from the kernel's")
		    << "\n";
	if (!r.sizes.empty()) {
		out << "\nSize (`nm --size-sort`, `size`; module_init's __LINE__ left out of names):\n\n```\n";
		for (const auto &[module, text] : r.sizes)
			out << text;
		out << "```\n";
	}
	if (!r.speed.empty()) {
		out << "\nSpeed, each line the best of its runs, both sides loaded in one process and "
		       "measured in turns";
		if (!r.emulation.empty())
			out << " (" << cross::emulation_note(r.emulation).substr(0, cross::emulation_note(r.emulation).size() - 1) << ")";
		out << ":\n";
	}
	for (const auto &block : r.speed) {
		out << "\n" << block.driver << (block.what.empty() ? "" : ", " + block.what)
		    << (block.failure.empty() && !block.geomean.empty() ? noise_text(block) : "")
		    << ":\n\n```\n";
		if (block.failure.empty())
			out << block.cpb << block.mbps << (block.tcrypt.empty() ? "" : "\n") << block.tcrypt;
		else
			out << "not measured: " << block.failure << "\n";
		out << "```\n";
	}
	out << "\n";
}

void write_json(const Report &r, std::ostream &out)
{
	nlohmann::json j;
	j["machine"] = {{"tree", r.machine.tree}, {"tree_version", r.machine.tree_version},
			{"arch", r.machine.arch}, {"emulation", r.machine.emulation},
			{"compiler", r.machine.compiler}, {"cpu", r.machine.cpu}, {"load", r.machine.load}};
	j["patches"] = nlohmann::json::array();
	for (const auto &p : r.patches)
		j["patches"].push_back({{"subject", p.subject}, {"applied", p.applied}, {"how", p.how},
					{"skipped", p.skipped}, {"error", p.error}, {"built", p.built},
					{"build_failures", p.build_failures}, {"warnings", p.warnings}});
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
		reach["rules"] = r.reach->rules;
		j["reach"] = reach;
	}
	if (r.before)
		j["kunit"]["before"] = side_json(*r.before);
	if (r.after)
		j["kunit"]["after"] = side_json(*r.after);
	if (r.drivers_before)
		j["drivers"]["before"] = driver_side_json(*r.drivers_before);
	if (r.drivers_after)
		j["drivers"]["after"] = driver_side_json(*r.drivers_after);
	j["regressions"] = r.regressions;
	if (r.kunit_bench) {
		nlohmann::json bench = {{"rounds", r.kunit_bench->rounds},
					{"settled", r.kunit_bench->settled},
					{"geomean", r.kunit_bench->geomean},
					{"failure", r.kunit_bench->failure},
					{"emulation", r.kunit_bench->emulation},
					{"rows", nlohmann::json::array()}};
		for (const auto &c : r.kunit_bench->commands)
			bench["commands"].push_back(command_line(c));
		for (const auto &row : r.kunit_bench->rows)
			bench["rows"].push_back({{"suite", row.suite}, {"case", row.test},
						 {"measurement", row.what}, {"unit", row.unit},
						 {"before", row.before}, {"after", row.after},
						 {"noise", row.noise()}});
		j["kunit_benchmarks"] = bench;
	}
	j["driver_regressions"] = r.driver_regressions;
	j["result_changes"] = r.result_changes;
	j["warnings"] = {{"before", r.warnings_before}, {"after", r.warnings_after},
			 {"new", r.new_warnings()}, {"flags", kernel_warning_flags()}};
	j["sizes"] = nlohmann::json::object();
	for (const auto &[module, text] : r.sizes)
		j["sizes"][module] = text;
	j["speed"] = nlohmann::json::array();
	for (const auto &b : r.speed)
		j["speed"].push_back({{"driver", b.driver}, {"what", b.what},
				      {"command", command_line(b.command)}, {"cycles_per_byte", b.cpb},
				      {"mb_per_s", b.mbps}, {"geomean", b.geomean}, {"noise", b.noise},
				      {"tcrypt", b.tcrypt},
				      {"failure", b.failure}});
	j["speed_not_measured"] = r.speed_skipped;
	if (r.xcheck)
		j["xcheck"] = {{"kernel", r.xcheck->kernel}, {"drivers", r.xcheck->drivers},
			       {"command", command_line(r.xcheck->command)}, {"ran", r.xcheck->ran},
			       {"equal", r.xcheck->equal}, {"failure", r.xcheck->failure},
			       {"output", r.xcheck->output}};
	j["emulation"] = r.emulation;
	j["findings"] = nlohmann::json::array();
	for (const auto &f : findings(r))
		j["findings"].push_back({{"error", f.error}, {"text", f.text}});
	j["exit"] = r.exit_code();
	out << j.dump(2) << "\n";
}

}  // namespace kcshim::patch_check
