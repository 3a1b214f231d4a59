// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/compare.h"

#include <algorithm>
#include <cstdio>

#include "tools/cross/emulation.h"
#include "tools/speed/error.h"
#include "tools/speed/stats.h"

namespace kcshim::speed {
namespace {

std::string pick_driver(const SpeedReport &r, const std::string &wanted)
{
	if (!wanted.empty()) {
		if (std::find(r.drivers.begin(), r.drivers.end(), wanted) == r.drivers.end())
			throw Error("no results for " + wanted + " in the " + r.alg + " report");
		return wanted;
	}
	if (r.drivers.size() == 1)
		return r.drivers.front();
	if (!r.baseline.empty())
		return r.baseline;
	throw Error("the " + r.alg + " report holds several drivers: name one");
}

}  // namespace

Comparison compare_reports(const SpeedReport &before, const std::string &before_driver,
			   const SpeedReport &after, const std::string &after_driver, Metric metric)
{
	std::string bd = pick_driver(before, before_driver);
	std::string ad = pick_driver(after, after_driver);
	Comparison c{bd, ad, metric, {}, 0, {}, {}};
	std::vector<double> speedups;
	for (const SpeedRow &b : before.rows) {
		auto a = std::find_if(after.rows.begin(), after.rows.end(), [&](const SpeedRow &x) {
			return x.block == b.block && x.update == b.update;
		});
		if (a == after.rows.end() || !b.results.count(bd) || !a->results.count(ad))
			continue;
		const SpeedPoint &pb = b.results.at(bd), &pa = a->results.at(ad);
		double vb = metric == Metric::mb_per_s ? pb.mb_per_s : pb.cycles_per_byte;
		double va = metric == Metric::mb_per_s ? pa.mb_per_s : pa.cycles_per_byte;
		// Speedup reads the same way for both metrics: cycles fall, throughput rises.
		double s = metric == Metric::mb_per_s ? (vb > 0 ? va / vb : 0) : (va > 0 ? vb / va : 0);
		c.rows.push_back({b.block, b.update, vb, va, s});
		speedups.push_back(s);
	}
	if (c.rows.empty())
		throw Error("the two results have no template line in common");
	c.geomean = geometric_mean(speedups);
	c.emulation = before.emulation.empty() ? after.emulation : before.emulation;
	if (before.statistic != after.statistic)
		c.statistic = "before: " + before.statistic + ", after: " + after.statistic;
	else if (before.statistic != "median")
		c.statistic = before.statistic + " runs";
	return c;
}

std::string comparison_table(const Comparison &c)
{
	std::string t;
	char buf[256];
	const char *unit = c.metric == Metric::mb_per_s ? "MB/s" : "cycles per byte";
	t += cross::emulation_note(c.emulation);
	snprintf(buf, sizeof(buf), "%s%s, before: %s, after: %s\n", unit,
		 c.statistic.empty() ? "" : (" (" + c.statistic + ")").c_str(),
		 c.before_label.c_str(), c.after_label.c_str());
	t += buf;
	snprintf(buf, sizeof(buf), "%6s %7s %10s %10s %8s\n", "block", "update", "before", "after",
		 "speedup");
	t += buf;
	for (const CompareRow &r : c.rows) {
		snprintf(buf, sizeof(buf), "%6u %7u %10.2f %10.2f %7.2fx\n", r.block, r.update, r.before,
			 r.after, r.speedup);
		t += buf;
	}
	snprintf(buf, sizeof(buf), "%-36s %7.2fx\n", "geomean", c.geomean);
	t += buf;
	return t;
}

}  // namespace kcshim::speed
