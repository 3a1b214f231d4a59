// SPDX-License-Identifier: GPL-2.0
#include "report.h"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "error.h"

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

SpeedPoint point_from(const nlohmann::json &j)
{
	SpeedPoint p;
	j.at("mb_per_s").get_to(p.mb_per_s);
	j.at("cycles_per_byte").get_to(p.cycles_per_byte);
	p.spread = j.value("spread", 0.0);
	p.runs_mb_per_s = j.value("runs_mb_per_s", std::vector<double>{});
	p.runs_cycles_per_byte = j.value("runs_cycles_per_byte", std::vector<double>{});
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
	     {"baseline", r.baseline},
	     {"drivers", r.drivers},
	     {"rows", rows}};
	if (!r.kernel.empty())
		j["kernel"] = r.kernel;
}

void from_json(const nlohmann::json &j, SpeedReport &r)
{
	try {
		if (!j.is_object() || j.value("kcshim_speed", 0) != report_schema_version)
			throw Error("not a kcshim speed report (version " +
				    std::to_string(report_schema_version) + ")");
		j.at("alg").get_to(r.alg);
		j.at("kind").get_to(r.kind);
		r.counter = j.value("counter", "");
		r.core_cycles = j.value("core_cycles", false);
		r.sec = j.value("sec", 0.0);
		r.repeat = j.value("repeat", 1u);
		r.baseline = j.value("baseline", "");
		j.at("drivers").get_to(r.drivers);
		r.kernel = j.value("kernel", "");
		r.rows.clear();
		for (const auto &row : j.at("rows")) {
			SpeedRow out;
			row.at("test").get_to(out.test);
			row.at("block").get_to(out.block);
			row.at("update").get_to(out.update);
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

SpeedReport load_report(const std::string &path)
{
	std::ifstream in(path);
	if (!in)
		throw Error("cannot read " + path);
	try {
		return nlohmann::json::parse(in).get<SpeedReport>();
	} catch (const nlohmann::json::exception &e) {
		throw Error(path + ": " + e.what());
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
