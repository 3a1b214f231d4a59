// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/side_by_side.h"

#include <cmath>
#include <cstdio>

#include "tools/speed/error.h"
#include "tools/speed/stats.h"
#include "tools/speed/tcrypt_parse.h"
#include "afalg/kernels/guest.h"

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

namespace {

// tcrypt.ko's parameters as modprobe takes them.
std::string module_params(const TcryptParams &p)
{
	std::string s = "mode=" + std::to_string(p.mode) + " sec=" + std::to_string(p.sec);
	if (!p.alg.empty())
		s += " alg=" + p.alg;
	if (p.klen)
		s += " klen=" + std::to_string(p.klen);
	return s + " num_mb=" + std::to_string(p.num_mb);
}

}  // namespace

bool run_side_by_side(TcryptParams p, const afalg::KernelTarget &target,
		      const afalg::GuestOptions &opt)
{
	if (!p.sec)
		throw Error("--kernel needs sec=N: a guest's cycle counter does not count this CPU's "
			    "cycles (user-mode Linux reads 0, qemu emulates one)");
	auto made = afalg::make_guest(target, opt);
	if (!made)
		throw Error(made.error().what);
	afalg::Guest &guest = **made;
	// Print and pair our lines in the guest kernel's tcrypt format and block sizes.
	if (guest.kernel_release().rfind("6.1.", 0) == 0)
		p.version = KernelVersion::v6_1;
	auto print = [](std::string_view text) {
		fwrite(text.data(), 1, text.size(), stdout);
		fflush(stdout);
	};
	print("kcshim:\n");
	TcryptRun ours = run_tcrypt(p, print);

	// tcrypt in the guest runs as long as ours did, plus boot and module loading (slower under
	// emulation).
	unsigned int lines = static_cast<unsigned int>(ours.lines.size());
	auto timeout = std::chrono::seconds(guest.emulated() ? 300 + 3 * lines * p.sec
							     : 120 + 2 * lines * p.sec);
	print("\nkernel tcrypt.ko (" + guest.describe() + "):\n");
	auto run = guest.run_module("tcrypt", module_params(p),
				    std::chrono::duration_cast<std::chrono::milliseconds>(timeout));
	if (!run)
		throw Error(run.error().what);
	print(run->log);
	std::vector<TcryptLine> kernel = parse_tcrypt_log(run->log, p.sec);
	std::vector<PairedLine> pairs = pair_lines(ours.lines, kernel);
	print(side_by_side_table(pairs, "tcrypt.ko in " + guest.describe()));
	if (guest.emulated())
		print("kcshim: the kernel's figures measure qemu's emulation (TCG), not this CPU's "
		      "speed: compare the lines, not the ratios\n");
	if (pairs.size() != ours.lines.size()) {
		fprintf(stderr, "kcshim: the kernel printed %zu of our %zu lines\n", pairs.size(),
			ours.lines.size());
		return false;
	}
	return !ours.failed;
}

}  // namespace kcshim::speed
