// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/speed_table.h"

#include "tools/cross/emulation.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace kcshim::speed {

std::string speed_table(const SpeedReport &r)
{
	std::string t;
	char buf[512];
	t += cross::emulation_note(r.emulation);
	snprintf(buf, sizeof(buf), "%s: %zu driver%s, %.2f s per line%s; cycles: %s\n", r.alg.c_str(),
		 r.drivers.size(), r.drivers.size() == 1 ? "" : "s", r.sec,
		 r.repeat > 1 ? (", " + r.statistic + " of " + std::to_string(r.repeat)).c_str() : "",
		 r.counter.c_str());
	t += buf;
	const char *cpb = r.core_cycles ? "c/B" : "tsc/B";
	// Each driver gets "MB/s  c/B" (+ "ratio" unless it is the baseline); a column is widened
	// (its figures padded on the left) to fit a long driver name such as cbc(cast5-generic@k).
	std::map<std::string, std::string> pad;
	std::string head1 = "                    ", head2 = "test  block update ";
	for (const std::string &d : r.drivers) {
		bool base = d == r.baseline;
		std::string name = d + (base ? "*" : "");
		size_t width = std::max<size_t>(base ? 18 : 26, name.size());
		pad[d] = std::string(width - (base ? 18 : 26), ' ');
		snprintf(buf, sizeof(buf), " %*s", static_cast<int>(width), name.c_str());
		head1 += buf;
		snprintf(buf, sizeof(buf), " %s%10s %7s%s", pad[d].c_str(), "MB/s", cpb,
			 base ? "" : "   ratio");
		head2 += buf;
	}
	t += head1 + "\n" + head2 + "\n";
	for (const SpeedRow &row : r.rows) {
		snprintf(buf, sizeof(buf), "%4u %6u %6u ", row.test, row.block, row.update);
		t += buf;
		auto base = row.results.find(r.baseline);
		for (const std::string &d : r.drivers) {
			auto it = row.results.find(d);
			if (it == row.results.end())
				continue;
			const SpeedPoint &p = it->second;
			t += pad[d];
			if (is_kernel_column(d))	// cycles are not measured in the kernel's host
				snprintf(buf, sizeof(buf), " %10.1f %7s", p.mb_per_s, "-");
			else
				snprintf(buf, sizeof(buf), " %10.1f %7.2f", p.mb_per_s, p.cycles_per_byte);
			t += buf;
			if (d != r.baseline) {
				double ratio = base != row.results.end() && base->second.mb_per_s > 0
						       ? p.mb_per_s / base->second.mb_per_s
						       : 0;
				snprintf(buf, sizeof(buf), " %6.2fx", ratio);
				t += buf;
			}
		}
		t += "\n";
	}
	t += "* baseline; ratio = MB/s / baseline MB/s; MB/s = 10^6 bytes/s\n";
	if (std::any_of(r.drivers.begin(), r.drivers.end(), is_kernel_column))
		t += "kernel:* = the kernel's drivers (" + r.kernel +
		     "), measured inside the kernel's host\n"
		     "  through AF_ALG: every update or request is a system call, so small-block\n"
		     "  figures include syscall cost; no cycle count there\n";
	return t;
}

}  // namespace kcshim::speed
