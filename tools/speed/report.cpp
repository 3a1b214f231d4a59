// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/report.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tools/speed/error.h"

namespace kcshim::speed {

namespace {

nlohmann::json point_json(const SpeedPoint &p)
{
	return {{"mb_per_s", p.mb_per_s},
		{"cycles_per_byte", p.cycles_per_byte},
		{"spread", p.spread},
		{"runs_mb_per_s", p.runs_mb_per_s},
		{"runs_cycles_per_byte", p.runs_cycles_per_byte}};
}

// The numbers a report holds, checked as they are read: a count is a non-negative integer that
// fits (1e300 converted to unsigned is undefined), a measurement finite (1e999 parses as inf,
// which JSON cannot write back).
unsigned int count(const nlohmann::json &j)
{
	if (!j.is_number_integer() || j.get<std::int64_t>() < 0 ||
	    j.get<std::uint64_t>() > std::numeric_limits<unsigned int>::max())
		throw Error("bad speed report: " + j.dump() + " is not a count");
	return j.get<unsigned int>();
}

double measurement(const nlohmann::json &j)
{
	if (!j.is_number() || !std::isfinite(j.get<double>()))
		throw Error("bad speed report: " + j.dump() + " is not a finite number");
	return j.get<double>();
}

std::vector<double> measurements(const nlohmann::json &j, const char *key)
{
	std::vector<double> out;
	if (j.contains(key))
		for (const auto &v : j.at(key))
			out.push_back(measurement(v));
	return out;
}

SpeedPoint point_from(const nlohmann::json &j)
{
	SpeedPoint p;
	p.mb_per_s = measurement(j.at("mb_per_s"));
	p.cycles_per_byte = measurement(j.at("cycles_per_byte"));
	p.spread = j.contains("spread") ? measurement(j.at("spread")) : 0.0;
	p.runs_mb_per_s = measurements(j, "runs_mb_per_s");
	p.runs_cycles_per_byte = measurements(j, "runs_cycles_per_byte");
	return p;
}

}  // namespace

void to_json(nlohmann::json &j, const SpeedReport &r)
{
	nlohmann::json rows = nlohmann::json::array();
	for (const SpeedRow &row : r.rows) {
		nlohmann::json results = nlohmann::json::object();
		for (const auto &[driver, p] : row.results)
			results[driver] = point_json(p);
		rows.push_back({{"test", row.test},
				{"block", row.block},
				{"update", row.update},
				{"results", results}});
	}
	j = {{"kcshim_speed", report_schema_version},
	     {"alg", r.alg},
	     {"kind", r.kind},
	     {"counter", r.counter},
	     {"core_cycles", r.core_cycles},
	     {"sec", r.sec},
	     {"repeat", r.repeat},
	     {"statistic", r.statistic},
	     {"baseline", r.baseline},
	     {"drivers", r.drivers},
	     {"rows", rows}};
	if (!r.kernel.empty())
		j["kernel"] = r.kernel;
	if (!r.emulation.empty())
		j["emulation"] = r.emulation;
}

void from_json(const nlohmann::json &j, SpeedReport &r)
{
	try {
		if (!j.is_object() || !j.contains("kcshim_speed") ||
		    !j["kcshim_speed"].is_number_integer() ||
		    j["kcshim_speed"].get<std::int64_t>() != report_schema_version)
			throw Error("not a kcshim speed report (version " +
				    std::to_string(report_schema_version) + ")");
		j.at("alg").get_to(r.alg);
		j.at("kind").get_to(r.kind);
		r.counter = j.value("counter", "");
		r.core_cycles = j.value("core_cycles", false);
		r.sec = j.contains("sec") ? measurement(j.at("sec")) : 0.0;
		r.repeat = j.contains("repeat") ? count(j.at("repeat")) : 1u;
		r.statistic = j.value("statistic", "median");
		if (r.statistic != "median" && r.statistic != "best")
			throw Error("bad speed report: statistic \"" + r.statistic + "\"");
		r.baseline = j.value("baseline", "");
		j.at("drivers").get_to(r.drivers);
		r.kernel = j.value("kernel", "");
		r.emulation = j.value("emulation", "");
		r.rows.clear();
		for (const auto &row : j.at("rows")) {
			SpeedRow out;
			out.test = count(row.at("test"));
			out.block = count(row.at("block"));
			out.update = count(row.at("update"));
			for (const auto &[driver, p] : row.at("results").items())
				out.results[driver] = point_from(p);
			r.rows.push_back(std::move(out));
		}
	} catch (const nlohmann::json::exception &e) {
		throw Error(std::string("bad speed report: ") + e.what());
	}
}

std::string report_to_json(const SpeedReport &r)
{
	return nlohmann::json(r).dump(2) + "\n";
}

SpeedReport parse_report(std::string_view text)
{
	try {
		return nlohmann::json::parse(text).get<SpeedReport>();
	} catch (const nlohmann::json::exception &e) {
		throw Error(e.what());
	}
}

SpeedReport load_report(const std::string &path)
{
	std::ifstream in(path);
	if (!in)
		throw Error("cannot read " + path);
	std::stringstream text;
	text << in.rdbuf();
	try {
		return parse_report(text.str());
	} catch (const Error &e) {
		throw Error(path + ": " + e.what());
	}
}

void save_report(const SpeedReport &r, const std::string &path)
{
	std::ofstream out(path);
	out << report_to_json(r);
	if (!out)
		throw Error("cannot write " + path);
}

}  // namespace kcshim::speed
