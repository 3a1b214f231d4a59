// SPDX-License-Identifier: GPL-2.0
#include <cstdio>

#include "tools/speed/report.h"

namespace kcshim::speed {

std::string report_to_csv(const SpeedReport &r)
{
	std::string csv = "test,block,update,driver,mb_per_s,cycles_per_byte,spread,ratio\n";
	char buf[512];
	for (const SpeedRow &row : r.rows) {
		auto base = row.results.find(r.baseline);
		for (const std::string &d : r.drivers) {
			auto it = row.results.find(d);
			if (it == row.results.end())
				continue;
			const SpeedPoint &p = it->second;
			double ratio = base != row.results.end() && base->second.mb_per_s > 0
					       ? p.mb_per_s / base->second.mb_per_s
					       : 0;
			snprintf(buf, sizeof(buf), "%u,%u,%u,%s,%.3f,%.3f,%.4f,%.3f\n", row.test,
				 row.block, row.update, d.c_str(), p.mb_per_s, p.cycles_per_byte,
				 p.spread, ratio);
			csv += buf;
		}
	}
	return csv;
}

}  // namespace kcshim::speed
