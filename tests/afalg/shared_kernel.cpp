// SPDX-License-Identifier: GPL-2.0
#include "tests/afalg/shared_kernel.h"

#include <memory>
#include <mutex>

#include "afalg/endpoint/local_afalg.h"
#include "afalg/kernels/guest.h"
#include "afalg/kernels/uml.h"

namespace kcshim::afalg::test {

namespace {

struct Shared {
	std::once_flag once;
	std::unique_ptr<LocalAfalg> local;
	std::unique_ptr<Guest> uml;
	std::unique_ptr<RemoteEndpoint> remote;	/* the bridge in uml */
	std::string why;
	bool skip = false;
	std::string desc;
};

Shared &shared()
{
	static Shared s;
	return s;
}

void setup(Shared &s)
{
	if (LocalAfalg::probe() == 0) {
		s.local = std::make_unique<LocalAfalg>();
		s.desc = "local AF_ALG";
		return;
	}
	if (!find_uml()) {
		s.why = "no AF_ALG on this host and user-mode-linux is not installed "
			"(apt-get install user-mode-linux kmod)";
		s.skip = true;
		return;
	}
	GuestOptions opt;
	opt.bridge_command = {KCSHIM_TEST_BRIDGE};
	auto g = make_uml_guest(opt);
	if (!g) {
		s.why = describe(g.error());
		return;
	}
	auto ep = (*g)->start_bridge({"af_alg", "algif_hash", "algif_skcipher", "crypto_user"});
	if (!ep) {
		s.why = describe(ep.error()) + "\n" + ep.error().detail;
		return;
	}
	s.uml = std::move(*g);
	s.remote = std::move(*ep);
	s.desc = "user-mode Linux (boot " + std::to_string(s.uml->boot_time().count()) + " ms)";
}

} /* namespace */

KernelEndpoint *kernel(std::string &why, bool &skip)
{
	Shared &s = shared();
	std::call_once(s.once, [&] { setup(s); });
	why = s.why;
	skip = s.skip;
	if (s.local)
		return s.local.get();
	if (s.remote)
		return s.remote.get();
	return nullptr;
}

std::string kernel_description()
{
	return shared().desc;
}

} /* namespace kcshim::afalg::test */
