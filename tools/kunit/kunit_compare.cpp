// SPDX-License-Identifier: GPL-2.0
#include "tools/kunit/kunit_compare.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>
#include <vector>

#include "tools/cross/emulation.h"

namespace kcshim::kunit_tool {

namespace {

using Where = MeasurementWhere;

std::map<Where, double> measurements(const Run &run, std::vector<Where> *order)
{
	std::map<Where, double> out;
	for (const auto &[where, value] : benchmark_measurements(run)) {
		out.emplace(where, value);
		if (order)
			order->push_back(where);
	}
	return out;
}

std::map<std::string, kcshim_kunit_status> statuses(const Run &run)
{
	std::map<std::string, kcshim_kunit_status> out;
	for (const auto &s : run.suites)
		for (const auto &c : s.cases) {
			out[s.name + "." + c.name] = c.status;
			for (const auto &p : c.params)
				out[s.name + "." + c.name + "." + p.name] = p.status;
		}
	return out;
}

// SUITE.CASE -> its WARN*() hits, for the cases that had any.
std::map<std::string, unsigned> warnings(const Run &run)
{
	std::map<std::string, unsigned> out;
	for (const auto &s : run.suites)
		for (const auto &c : s.cases)
			if (c.warnings)
				out[s.name + "." + c.name] = c.warnings;
	return out;
}

std::string number(double v, const std::string &unit)
{
	char buf[64];
	std::snprintf(buf, sizeof(buf), v == (long long)v ? "%.0f %s" : "%.2f %s", v, unit.c_str());
	return buf;
}

}  // namespace

unsigned print_comparison(const Run &before, const Run &after, const std::string &before_name,
			  const std::string &after_name, std::ostream &out)
{
	std::vector<Where> order;
	const auto b = measurements(before, &order);
	const auto a = measurements(after, nullptr);
	struct Row {
		std::string suite, test, what, before, after, ratio;
	};
	std::vector<Row> rows{{"suite", "case", "measurement", "before", "after", "after/before"}};
	for (const auto &w : order) {
		auto it = a.find(w);
		if (it == a.end())
			continue;
		const auto &[suite, test, key, label, unit] = w;
		const std::string what = measurement_name(w);
		double old = b.at(w);
		char ratio[32];
		if (old > 0)
			std::snprintf(ratio, sizeof(ratio), "%.2f", it->second / old);
		else
			std::snprintf(ratio, sizeof(ratio), "-");
		rows.push_back({suite, test, what, number(old, unit),
				number(it->second, unit), ratio});
	}
	out << "before: " << before_name << "\nafter:  " << after_name << "\n";
	// figures under qemu-user are the emulation's: said of each side that ran there
	if (before.emulation == after.emulation)
		out << cross::emulation_note(before.emulation);
	else
		for (const Run *r : {&before, &after})
			if (!r->emulation.empty())
				out << (r == &before ? "before: " : "after: ")
				    << cross::emulation_note(r->emulation);
	if (rows.size() == 1) {
		out << "no benchmark measurement is in both runs (run with --benchmark)\n";
	} else {
		size_t w[6] = {};
		for (const auto &r : rows) {
			const std::string *cells[] = {&r.suite, &r.test, &r.what, &r.before, &r.after, &r.ratio};
			for (int i = 0; i < 6; i++)
				w[i] = std::max(w[i], cells[i]->size());
		}
		for (const auto &r : rows) {
			char line[512];
			std::snprintf(line, sizeof(line), "%-*s  %-*s  %-*s  %*s  %*s  %*s", (int)w[0],
				      r.suite.c_str(), (int)w[1], r.test.c_str(), (int)w[2], r.what.c_str(),
				      (int)w[3], r.before.c_str(), (int)w[4], r.after.c_str(), (int)w[5],
				      r.ratio.c_str());
			out << line << "\n";
		}
	}
	// Results that changed, the regressions counted.
	unsigned regressions = 0;
	const auto sb = statuses(before), sa = statuses(after);
	for (const auto &[name, st] : sa) {
		auto it = sb.find(name);
		if (it == sb.end() || it->second == st)
			continue;
		out << name << ": " << status_name(it->second) << " -> " << status_name(st) << "\n";
		regressions += it->second == KCSHIM_KUNIT_SUCCESS && st == KCSHIM_KUNIT_FAILURE;
	}
	// WARN*() hits that changed: a patch that starts warning is worth a line, not a failure.
	const auto wb = warnings(before), wa = warnings(after);
	for (const auto &[name, n] : wa)
		if (auto it = wb.find(name); n != (it == wb.end() ? 0 : it->second))
			out << name << ": WARN hits " << (it == wb.end() ? 0 : it->second) << " -> " << n
			    << "\n";
	for (const auto &[name, n] : wb)
		if (!wa.contains(name))
			out << name << ": WARN hits " << n << " -> 0\n";
	return regressions;
}

}  // namespace kcshim::kunit_tool
