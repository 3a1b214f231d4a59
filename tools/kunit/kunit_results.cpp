// SPDX-License-Identifier: GPL-2.0
#include "tools/kunit/kunit_results.h"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

namespace kcshim::kunit_tool {

using nlohmann::json;

std::vector<Measurement> parse_benchmark_line(const std::string &line)
{
	// "[KEY: ]MEASUREMENT[, MEASUREMENT]..." with MEASUREMENT = "[LABEL ]NUMBER UNIT/s"
	static const std::regex measurement(R"(^\s*(?:([A-Za-z_]\w*)\s+)?(\d+(?:\.\d+)?)\s+(\S+/s)\s*$)");
	std::string key, rest = line;
	// as the log shows it: "# benchmark_hash: len=4096: 1234 MB/s"
	if (rest.starts_with("# ")) {
		size_t colon = rest.find(": ");
		if (colon == std::string::npos)
			return {};
		rest = rest.substr(colon + 2);
	}
	if (size_t colon = rest.find(": "); colon != std::string::npos) {
		key = rest.substr(0, colon);
		rest = rest.substr(colon + 2);
	}
	std::vector<Measurement> out;
	std::stringstream parts(rest);
	for (std::string part; std::getline(parts, part, ',');) {
		std::smatch m;
		if (!std::regex_match(part, m, measurement))
			return {};
		out.push_back({key, m[1].str(), std::stod(m[2].str()), m[3].str()});
	}
	return out;
}

std::vector<std::pair<MeasurementWhere, double>> benchmark_measurements(const Run &run)
{
	std::vector<std::pair<MeasurementWhere, double>> out;
	for (const auto &s : run.suites)
		for (const auto &c : s.cases)
			for (const auto &m : c.benchmark) {
				MeasurementWhere w{s.name, c.name, m.key, m.label, m.unit};
				if (std::none_of(out.begin(), out.end(),
						 [&](const auto &seen) { return seen.first == w; }))
					out.emplace_back(w, m.value);
			}
	return out;
}

std::string measurement_name(const MeasurementWhere &where)
{
	const auto &[suite, test, key, label, unit] = where;
	std::string what = key;
	if (!label.empty())
		what += (what.empty() ? "" : " ") + label;
	return what.empty() ? "-" : what;
}

Run::Counts Run::counts() const
{
	Counts c;
	auto add = [&](kcshim_kunit_status s) {
		(s == KCSHIM_KUNIT_SUCCESS ? c.passed : s == KCSHIM_KUNIT_FAILURE ? c.failed
										   : c.skipped)++;
	};
	for (const auto &suite : suites)
		for (const auto &tc : suite.cases) {
			if (tc.params.empty())
				add(tc.status);
			for (const auto &p : tc.params)
				add(p.status);
		}
	return c;
}

std::vector<std::string> Run::warning_cases() const
{
	std::vector<std::string> out;
	for (const auto &suite : suites)
		for (const auto &tc : suite.cases)
			if (tc.warnings)
				out.push_back(suite.name + "." + tc.name + ": " + std::to_string(tc.warnings));
	return out;
}

void Collector::on_result(const kcshim_kunit_result *r, void *ctx)
{
	auto *self = static_cast<Collector *>(ctx);
	CaseResult res;
	res.status = r->status;
	res.reason = r->reason ? r->reason : "";
	res.duration_ns = r->duration_ns;
	res.warnings = r->warnings;
	std::stringstream log(r->log ? r->log : "");
	for (std::string line; std::getline(log, line);) {
		res.log.push_back(line);
		for (auto &m : parse_benchmark_line(line))
			res.benchmark.push_back(std::move(m));
	}
	if (!r->test_case) {
		SuiteResult suite{r->suite, r->status, r->warnings, std::move(self->pending_cases_)};
		self->pending_cases_.clear();
		self->run.suites.push_back(std::move(suite));
	} else if (r->param) {
		res.name = r->param;
		self->pending_params_.push_back(std::move(res));
	} else {
		res.name = r->test_case;
		res.params = std::move(self->pending_params_);
		self->pending_params_.clear();
		self->pending_cases_.push_back(std::move(res));
	}
}

std::string status_name(kcshim_kunit_status status)
{
	switch (status) {
	case KCSHIM_KUNIT_SUCCESS:
		return "pass";
	case KCSHIM_KUNIT_FAILURE:
		return "fail";
	case KCSHIM_KUNIT_SKIPPED:
		return "skip";
	}
	return "?";
}

namespace {

kcshim_kunit_status status_of(const std::string &name)
{
	return name == "fail" ? KCSHIM_KUNIT_FAILURE
	       : name == "skip" ? KCSHIM_KUNIT_SKIPPED
				: KCSHIM_KUNIT_SUCCESS;
}

json case_json(const CaseResult &c)
{
	json j = {{"name", c.name}, {"status", status_name(c.status)},
		  {"duration_ns", c.duration_ns}, {"log", c.log}};
	if (!c.reason.empty())
		j["reason"] = c.reason;
	if (c.warnings)
		j["warnings"] = c.warnings;
	for (const auto &p : c.params)
		j["params"].push_back(case_json(p));
	for (const auto &m : c.benchmark)
		j["benchmark"].push_back({{"key", m.key}, {"label", m.label}, {"value", m.value},
					  {"unit", m.unit}});
	return j;
}

CaseResult case_from(const json &j)
{
	CaseResult c;
	c.name = j.at("name").get<std::string>();
	c.status = status_of(j.at("status").get<std::string>());
	c.reason = j.value("reason", "");
	c.duration_ns = j.value("duration_ns", 0ull);
	c.warnings = j.value("warnings", 0u);
	c.log = j.value("log", std::vector<std::string>{});
	if (j.contains("params"))
		for (const auto &p : j.at("params"))
			c.params.push_back(case_from(p));
	if (j.contains("benchmark"))
		for (const auto &m : j.at("benchmark"))
			c.benchmark.push_back({m.at("key").get<std::string>(),
					       m.at("label").get<std::string>(),
					       m.at("value").get<double>(), m.at("unit").get<std::string>()});
	return c;
}

}  // namespace

bool save_run(const Run &run, const std::string &path, std::string *error)
{
	json j = {{"format", "kcshim-kunit-1"}, {"kernel_tree", run.kernel_tree},
		  {"files", run.files}, {"replacements", run.replacements},
		  {"benchmark", run.benchmark}, {"suites", json::array()}};
	if (!run.emulation.empty())
		j["emulation"] = run.emulation;
	for (const auto &s : run.suites) {
		json sj = {{"name", s.name}, {"status", status_name(s.status)}, {"cases", json::array()}};
		if (s.warnings)
			sj["warnings"] = s.warnings;
		for (const auto &c : s.cases)
			sj["cases"].push_back(case_json(c));
		j["suites"].push_back(std::move(sj));
	}
	std::ofstream out(path);
	out << j.dump(1) << "\n";
	if (!out.flush()) {
		*error = path + ": cannot write";
		return false;
	}
	return true;
}

std::optional<Run> load_run(const std::string &path, std::string *error)
{
	std::ifstream in(path);
	if (!in) {
		*error = path + ": cannot read";
		return std::nullopt;
	}
	try {
		json j = json::parse(in);
		if (j.value("format", "") != "kcshim-kunit-1") {
			*error = path + ": not a saved `kcshim kunit --json` run";
			return std::nullopt;
		}
		Run run;
		run.kernel_tree = j.value("kernel_tree", "");
		run.files = j.value("files", std::vector<std::string>{});
		run.replacements = j.value("replacements", std::vector<std::string>{});
		run.benchmark = j.value("benchmark", false);
		run.emulation = j.value("emulation", "");
		for (const auto &sj : j.at("suites")) {
			SuiteResult s;
			s.name = sj.at("name").get<std::string>();
			s.status = status_of(sj.at("status").get<std::string>());
			s.warnings = sj.value("warnings", 0u);
			for (const auto &c : sj.at("cases"))
				s.cases.push_back(case_from(c));
			run.suites.push_back(std::move(s));
		}
		return run;
	} catch (const json::exception &e) {
		*error = path + ": " + e.what();
		return std::nullopt;
	}
}

}  // namespace kcshim::kunit_tool
