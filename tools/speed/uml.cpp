// SPDX-License-Identifier: GPL-2.0
#include "uml.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "error.h"
#include "uml_guest.h"

namespace kcshim::speed {
namespace {

namespace fs = std::filesystem;
using afalg::UmlGuest;

const fs::path modules_root = "/usr/lib/uml/modules";

std::string read_text(const fs::path &p)
{
	std::ifstream in(p);
	std::stringstream ss;
	ss << in.rdbuf();
	return ss.str();
}

// Load tcrypt.ko once (the drivers it asks for autoload through the guest's modprobe helper),
// save the kernel log, power off.
std::string init_script(const UmlGuest &guest, const TcryptParams &p)
{
	auto q = UmlGuest::quote;
	const fs::path &dir = guest.workdir();
	std::ostringstream s;
	s << guest.init_prologue()
	  << "dmesg -c > /dev/null\n"
	  << q(guest.modprobe()) << " tcrypt mode=" << p.mode << " sec=" << p.sec;
	if (!p.alg.empty())
		s << " alg=" << q(p.alg);
	if (p.klen)
		s << " klen=" << p.klen;
	s << " num_mb=" << p.num_mb << " 2> " << q((dir / "insmod.err").string()) << "\n"
	  << "echo $? > " << q((dir / "insmod.status").string()) << "\n"
	  << "dmesg > " << q((dir / "dmesg.txt").string()) << "\n"
	  << "uname -r > " << q((dir / "release").string()) << "\n"
	  << "sync\n"
	  << "poweroff -f\n";
	return s.str();
}

}  // namespace

std::string uml_release()
{
	std::error_code ec;
	for (const auto &e : fs::directory_iterator(modules_root, ec))
		if (fs::exists(e.path() / "kernel/crypto/tcrypt.ko"))
			return e.path().filename().string();
	throw Error("no tcrypt.ko under " + modules_root.string() +
		    " (apt-get install user-mode-linux)");
}

UmlResult run_tcrypt_in_uml(const TcryptParams &p, const std::string &uml_binary,
			    std::chrono::seconds timeout)
{
	uml_release();
	afalg::UmlGuestOptions opt;
	opt.uml_binary = uml_binary;
	opt.mem_mb = 512;
	auto guest = UmlGuest::prepare(opt);
	if (!guest)
		throw Error(guest.error().what);
	UmlGuest &g = **guest;
	if (int e = g.start(init_script(g, p)))
		throw Error("cannot start user-mode Linux: " + errno_string(e));
	if (g.wait(timeout) == -ETIMEDOUT)
		throw Error("user-mode Linux did not finish within " +
			    std::to_string(timeout.count()) + " s");

	const fs::path &dir = g.workdir();
	UmlResult r;
	r.log = read_text(dir / "dmesg.txt");
	if (r.log.empty())
		throw Error("user-mode Linux produced no kernel log; console output:\n" +
			    g.console_tail());
	r.kernel_release = read_text(dir / "release");
	while (!r.kernel_release.empty() && r.kernel_release.back() == '\n')
		r.kernel_release.pop_back();
	r.insmod_status = atoi(read_text(dir / "insmod.status").c_str());
	return r;
}

}  // namespace kcshim::speed
