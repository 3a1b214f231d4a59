// SPDX-License-Identifier: GPL-2.0
#include "side_by_side.h"

#include <cmath>
#include <cstdio>

#include "error.h"
#include "stats.h"
#include "tcrypt_parse.h"
#include "uml.h"

namespace kcshim::speed {

std::vector<PairedLine> pair_lines(const std::vector<TcryptLine> &ours,
				   const std::vector<TcryptLine> &kernel)
{
	std::vector<PairedLine> out;
	for (const TcryptLine &o : ours) {
		for (const TcryptLine &k : kernel) {
			if (k.algo != o.algo || k.cipher != o.cipher || k.encrypt != o.encrypt ||
			    k.test != o.test)
				continue;
			double kr = printed_rate(k), orate = printed_rate(o);
			out.push_back({o, k, kr > 0 ? orate / kr : NAN});
			break;
		}
	}
	return out;
}

std::string side_by_side_table(const std::vector<PairedLine> &pairs, const std::string &kernel_name)
{
	std::string t;
	char buf[256];
	std::string section;
	for (const PairedLine &p : pairs) {
		std::string s = p.ours.algo + (p.ours.cipher ? (p.ours.encrypt ? " encryption" : " decryption")
							     : "");
		if (s != section) {
			section = s;
			snprintf(buf, sizeof(buf), "\n%s: %s vs %s\n", s.c_str(), p.ours.driver.c_str(),
				 kernel_name.c_str());
			t += buf;
			if (p.ours.cipher)
				snprintf(buf, sizeof(buf), "%4s %4s %6s %14s %14s %7s\n", "test", "key",
					 "block", "kcshim ops/s", "kernel ops/s", "ratio");
			else
				snprintf(buf, sizeof(buf), "%4s %6s %6s %14s %14s %7s\n", "test", "block",
					 "update", "kcshim ops/s", "kernel ops/s", "ratio");
			t += buf;
		}
		if (p.ours.cipher)
			snprintf(buf, sizeof(buf), "%4u %4u %6u %14.0f %14.0f %7.2f\n", p.ours.test,
				 p.ours.keysize * 8, p.ours.blen, printed_rate(p.ours),
				 printed_rate(p.kernel), p.ratio);
		else
			snprintf(buf, sizeof(buf), "%4u %6u %6u %14.0f %14.0f %7.2f\n", p.ours.test,
				 p.ours.blen, p.ours.plen, printed_rate(p.ours), printed_rate(p.kernel),
				 p.ratio);
		t += buf;
	}
	if (!pairs.empty()) {
		std::vector<double> ratios;
		for (const PairedLine &p : pairs)
			ratios.push_back(p.ratio);
		snprintf(buf, sizeof(buf), "\ngeometric mean ratio (kcshim / kernel) over %zu lines: %.2f\n",
			 pairs.size(), geometric_mean(ratios));
		t += buf;
	}
	return t;
}

bool run_side_by_side(TcryptParams p, const std::string &uml_binary)
{
	if (!p.sec)
		throw Error("--kernel uml needs sec=N: cycle counts read 0 under user-mode Linux");
	std::string release = uml_release();
	// The UML kernel is 6.1: print and pair our lines in that tree's format and block sizes.
	if (release.rfind("6.1.", 0) == 0)
		p.version = KernelVersion::v6_1;
	auto print = [](std::string_view text) {
		fwrite(text.data(), 1, text.size(), stdout);
		fflush(stdout);
	};
	print("kcshim:\n");
	TcryptRun ours = run_tcrypt(p, print);

	// tcrypt in the guest runs as long as ours did, plus boot and module loading.
	unsigned int lines = static_cast<unsigned int>(ours.lines.size());
	auto timeout = std::chrono::seconds(120 + 2 * lines * p.sec);
	print("\nkernel tcrypt.ko (user-mode Linux " + release + "):\n");
	UmlResult uml = run_tcrypt_in_uml(p, uml_binary, timeout);
	print(uml.log);
	std::vector<TcryptLine> kernel = parse_tcrypt_log(uml.log, p.sec);
	std::vector<PairedLine> pairs = pair_lines(ours.lines, kernel);
	print(side_by_side_table(pairs, "tcrypt.ko in UML " + uml.kernel_release));
	if (pairs.size() != ours.lines.size()) {
		fprintf(stderr, "kcshim: the kernel printed %zu of our %zu lines\n", pairs.size(),
			ours.lines.size());
		return false;
	}
	return !ours.failed;
}

}  // namespace kcshim::speed
