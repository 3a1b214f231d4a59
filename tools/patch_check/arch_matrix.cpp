// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/arch_matrix.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>

#include "tools/cross/cross_arch.h"

namespace kcshim::patch_check {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

const std::string not_run = "-";

std::string joined(const std::vector<std::string> &words, const std::string &separator)
{
	std::string out;
	for (const auto &w : words)
		out += (out.empty() ? "" : separator) + w;
	return out;
}

// A string member of j, or "" (a report of an older kcshim may lack it).
std::string text_of(const json &j, const char *key)
{
	return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

std::string kunit_cell(const json &report, const char *side)
{
	if (!report.contains("kunit") || !report["kunit"].contains(side))
		return not_run;
	const json &s = report["kunit"][side];
	if (!s.value("ran", false))
		return "did not run";
	return std::to_string(s.value("passed", 0)) + " passed, " +
	       std::to_string(s.value("failed", 0)) + " failed, " +
	       std::to_string(s.value("skipped", 0)) + " skipped";
}

// "8/8" of a self-test list: how many passed, of how many.
std::string passed_of(const json &rows)
{
	const auto passed = std::count_if(rows.begin(), rows.end(),
					  [](const json &r) { return r.value("passed", false); });
	return std::to_string(passed) + "/" + std::to_string(rows.size());
}

std::string vectors_cell(const json &report, const char *side)
{
	if (!report.contains("drivers") || !report["drivers"].contains(side))
		return not_run;
	const json &s = report["drivers"][side];
	if (!s.value("ran", false))
		return "did not run";
	return passed_of(s["vectors"]) + " drivers passed";
}

std::string random_cell(const json &report)
{
	if (!report.contains("drivers") || !report["drivers"].contains("after"))
		return not_run;
	const json &extra = report["drivers"]["after"]["extra"];
	return extra.empty() ? not_run : passed_of(extra) + " equal";
}

std::string built_cell(const json &report)
{
	if (!report.contains("drivers") || !report["drivers"].contains("after"))
		return not_run;
	const auto built = report["drivers"]["after"]["built"].get<std::vector<std::string>>();
	return built.empty() ? "none" : joined(built, ", ");
}

std::string warnings_cell(const json &report)
{
	if (!report.contains("drivers"))
		return not_run;
	const json &w = report["warnings"];
	return std::to_string(w["before"].size()) + " before, " + std::to_string(w["after"].size()) +
	       " after";
}

std::string speed_cell(const json &report)
{
	std::vector<std::string> parts;
	for (const auto &block : report.value("speed", json::array())) {
		const std::string geomean = text_of(block, "geomean");
		if (geomean.empty())
			continue;
		const std::string what = text_of(block, "what");
		parts.push_back(text_of(block, "driver") + (what.empty() ? "" : ", " + what) + " " +
				geomean);
	}
	if (parts.empty())
		return not_run;
	return joined(parts, "; ") + (text_of(report, "emulation").empty() ? "" : " (qemu)");
}

std::string kunit_bench_cell(const json &report)
{
	if (!report.contains("kunit_benchmarks"))
		return not_run;
	const json &b = report["kunit_benchmarks"];
	if (!text_of(b, "failure").empty())
		return "not measured";
	return text_of(b, "geomean") + (text_of(b, "emulation").empty() ? "" : " (qemu)");
}

std::string applies_cell(const json &report)
{
	const json &patches = report["patches"];
	if (patches.empty())
		return "no";
	for (const auto &p : patches)
		if (!p.value("applied", false))
			return "no: " + text_of(p, "subject");
	return "yes";
}

std::string runs_cell(const ArchColumn &c)
{
	const json &m = c.report["machine"];
	const std::string cpu = text_of(m, "cpu");
	if (text_of(m, "emulation").empty())
		return "natively, " + cpu;
	const cross::CrossArch *arch = cross::find_cross_arch(c.arch);
	const std::string model = !c.cpu.empty() ? c.cpu : arch ? std::string(arch->default_cpu) : "";
	return "qemu-user -cpu " + model + " on " + cpu;
}

struct Row {
	const char *name;
	std::function<std::string(const ArchColumn &)> cell;
};

const std::vector<Row> &rows()
{
	static const std::vector<Row> all = {
		{"runs", runs_cell},
		{"applies", [](const ArchColumn &c) { return applies_cell(c.report); }},
		{"drivers built", [](const ArchColumn &c) { return built_cell(c.report); }},
		{"self-tests before", [](const ArchColumn &c) { return vectors_cell(c.report, "before"); }},
		{"self-tests after", [](const ArchColumn &c) { return vectors_cell(c.report, "after"); }},
		{"random cases against before", [](const ArchColumn &c) { return random_cell(c.report); }},
		{"warnings in the touched files", [](const ArchColumn &c) { return warnings_cell(c.report); }},
		{"KUnit before", [](const ArchColumn &c) { return kunit_cell(c.report, "before"); }},
		{"KUnit after", [](const ArchColumn &c) { return kunit_cell(c.report, "after"); }},
		{"KUnit benchmarks, geomean", [](const ArchColumn &c) { return kunit_bench_cell(c.report); }},
		{"speed, geomean after/before", [](const ArchColumn &c) { return speed_cell(c.report); }},
	};
	return all;
}

std::string cell(const Row &row, const ArchColumn &c)
{
	return c.reported() ? row.cell(c) : not_run;
}

std::string result_cell(const ArchColumn &c)
{
	if (!c.reported())
		return "did not run: " + c.failure;
	return c.exit_status == 0 ? "ok" : "FAIL";
}

struct Finding {
	bool error;
	std::string text;
};

std::vector<Finding> findings_of(const ArchColumn &c)
{
	if (!c.reported())
		return {{true, "did not run: " + c.failure}};
	std::vector<Finding> out;
	for (const auto &f : c.report.value("findings", json::array()))
		out.push_back({f.value("error", false), text_of(f, "text")});
	return out;
}

}  // namespace

std::string ArchColumn::title() const
{
	return arch + (cpu.empty() ? "" : " (-cpu " + cpu + ")");
}

ArchColumn load_arch_column(std::string arch, std::string cpu, const fs::path &dir, int exit_status,
			    const std::string &output_tail)
{
	ArchColumn c{std::move(arch), std::move(cpu), dir, exit_status, {}, {}};
	std::ifstream in(dir / "report.json");
	if (!in) {
		c.failure = output_tail.empty() ? "exit " + std::to_string(exit_status) + ", no report"
						: output_tail;
		return c;
	}
	c.report = json::parse(in, nullptr, false);
	if (c.report.is_discarded() || !c.report.is_object()) {
		c.failure = (dir / "report.json").string() + ": not a patch-check report";
		c.report = json();
	}
	return c;
}

int arch_matrix_exit(const std::vector<ArchColumn> &columns)
{
	int worst = 0;
	for (const auto &c : columns)
		worst = std::max(worst, c.reported() ? c.exit_status : std::max(c.exit_status, 1));
	return worst;
}

void print_summary(const std::vector<ArchColumn> &columns, std::ostream &out)
{
	std::vector<std::vector<std::string>> table;
	std::vector<std::string> header{""};
	for (const auto &c : columns)
		header.push_back(c.title());
	table.push_back(header);
	for (const auto &row : rows()) {
		std::vector<std::string> line{row.name};
		for (const auto &c : columns)
			line.push_back(cell(row, c));
		table.push_back(line);
	}
	std::vector<std::string> result{"result"};
	for (const auto &c : columns)
		result.push_back(result_cell(c));
	table.push_back(result);

	std::vector<size_t> width(header.size(), 0);
	for (const auto &line : table)
		for (size_t i = 0; i < line.size(); i++)
			width[i] = std::max(width[i], line[i].size());
	for (const auto &line : table) {
		std::string text;
		for (size_t i = 0; i < line.size(); i++)
			text += line[i] + (i + 1 < line.size() ? std::string(width[i] - line[i].size() + 2, ' ')
							      : "");
		out << text << "\n";
	}
	for (const auto &c : columns) {
		for (const auto &f : findings_of(c))
			out << c.title() << ": " << (f.error ? "ERROR: " : "") << f.text << "\n";
		if (c.reported())
			out << c.title() << ": report " << (c.dir / "report.md").string() << "\n";
	}
	const bool emulated = std::any_of(columns.begin(), columns.end(), [](const ArchColumn &c) {
		return c.reported() && !text_of(c.report, "emulation").empty();
	});
	if (emulated)
		out << "(qemu): measured under qemu-user's emulation, not the architecture's hardware "
		       "speed\n";
	out << "result: " << (arch_matrix_exit(columns) ? "FAIL" : "ok") << "\n";
}

void write_b4_am(const std::vector<ArchColumn> &columns, std::ostream &out)
{
	for (const auto &c : columns)
		for (const auto &f : findings_of(c))
			out << (f.error ? "ERROR: " : "") << c.title() << ": " << f.text << "\n";
}

void write_b4_review(const std::vector<ArchColumn> &columns, std::ostream &out)
{
	size_t errors = 0, notes = 0;
	std::string first;
	for (const auto &c : columns)
		for (const auto &f : findings_of(c)) {
			(f.error ? errors : notes)++;
			if (first.empty())
				first = c.title() + ": " + f.text;
		}
	std::ostringstream details;
	print_summary(columns, details);
	const bool failed = arch_matrix_exit(columns) != 0;
	std::vector<std::string> titles;
	for (const auto &c : columns)
		titles.push_back(c.title());
	const std::string summary =
		errors + notes ? std::to_string(errors) + " failed, " + std::to_string(notes) +
					 " to note: " + first
			       : "applies; KUnit, self-tests and random comparisons as before on " +
					 joined(titles, ", ");
	json j = {{"tool", "kcshim-patch-check"},
		  {"status", failed ? "fail" : errors + notes ? "warn" : "pass"},
		  {"summary", summary}, {"details", details.str()}};
	out << json::array({j}).dump() << "\n";
}

void write_markdown(const std::vector<ArchColumn> &columns, std::ostream &out)
{
	out << "Checked with `kcshim patch-check` on " << columns.size()
	    << " architectures, each in its own kcshim:\n\n|";
	for (const auto &c : columns)
		out << " | " << c.title();
	out << " |\n|---|";
	for (size_t i = 0; i < columns.size(); i++)
		out << "---|";
	out << "\n";
	for (const auto &row : rows()) {
		out << "| " << row.name;
		for (const auto &c : columns)
			out << " | " << cell(row, c);
		out << " |\n";
	}
	out << "| result";
	for (const auto &c : columns)
		out << " | " << result_cell(c);
	out << " |\n\n(qemu): measured under qemu-user's emulation, not the architecture's hardware "
	       "speed.\n";
	for (const auto &c : columns) {
		out << "\n### " << c.title() << "\n\n";
		std::ifstream md(c.dir / "report.md");
		if (md)
			out << md.rdbuf();
		else
			out << "did not run: " << c.failure << "\n";
	}
}

void write_json(const std::vector<ArchColumn> &columns, std::ostream &out)
{
	json j;
	j["arches"] = json::array();
	for (const auto &c : columns)
		j["arches"].push_back({{"arch", c.arch}, {"cpu", c.cpu}, {"dir", c.dir.string()},
				       {"exit", c.exit_status}, {"failure", c.failure},
				       {"report", c.report}});
	j["exit"] = arch_matrix_exit(columns);
	out << j.dump(2) << "\n";
}

}  // namespace kcshim::patch_check
