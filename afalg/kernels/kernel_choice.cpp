// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/kernel_choice.h"

#include <cerrno>
#include <cstring>
#include <ostream>

#include "afalg/protocol/auth.h"
#include "afalg/endpoint/local_afalg.h"
#include "afalg/remote/remote_endpoint.h"
#include "afalg/kernels/guest.h"

namespace kcshim::afalg {

OpenKernel::OpenKernel(std::unique_ptr<LocalAfalg> ep, std::string label)
	: local_(std::move(ep)), ep_(local_.get()), label_(std::move(label))
{
}

OpenKernel::OpenKernel(std::unique_ptr<Guest> guest, std::unique_ptr<RemoteEndpoint> ep)
	: guest_(std::move(guest)), remote_(std::move(ep)), ep_(remote_.get()),
	  label_(guest_->describe())
{
}

OpenKernel::OpenKernel(std::unique_ptr<RemoteEndpoint> ep, std::string label)
	: remote_(std::move(ep)), ep_(remote_.get()), label_(std::move(label))
{
}

OpenKernel::~OpenKernel()
{
	/* EOF on the channel makes the bridge exit and the guest power off */
	remote_.reset();
	if (guest_)
		guest_->shutdown(std::chrono::seconds(5));
}

std::chrono::milliseconds OpenKernel::boot_time() const
{
	return guest_ ? guest_->boot_time() : std::chrono::milliseconds(0);
}

namespace {

/* The modules libkcapi needs (crypto_user) and AF_ALG's socket types. */
const std::vector<std::string> afalg_modules = {"af_alg", "algif_hash", "algif_skcipher",
						"crypto_user"};

Result<std::unique_ptr<OpenKernel>> open_guest(const KernelChoice &k, const std::string &kind)
{
	auto target = KernelTarget::parse(kind, k.cpu);
	if (!target)
		return target.error();
	if (auto bin = find_installed_kernel(*target, k.uml_binary); !bin)
		return fail(-ENOENT, Stage::setup,
			    "no kernel reachable: no AF_ALG on this host and " + describe(bin.error()));
	GuestOptions opt = guest_options(k);
	auto guest = make_guest(*target, opt);
	if (!guest)
		return guest.error();
	std::vector<std::string> modules = afalg_modules;
	for (const auto &a : k.algorithms)
		modules.push_back("crypto-" + a);
	auto ep = (*guest)->start_bridge(modules);
	if (!ep)
		return ep.error();
	return std::make_unique<OpenKernel>(std::move(*guest), std::move(*ep));
}

} /* namespace */

GuestOptions guest_options(const KernelChoice &k)
{
	GuestOptions opt;
	opt.uml_binary = k.uml_binary;
	opt.bridge_command = k.bridge_command;
	opt.accel = k.accel;
	opt.progress = k.progress;
	if (k.timeout)
		opt.boot_timeout = opt.request_timeout = *k.timeout;
	return opt;
}

bool kernel_unreachable(const Error &e)
{
	return e.stage == Stage::setup && (e.err == -EAFNOSUPPORT || e.err == -ENOENT) &&
	       e.what.rfind("no kernel reachable", 0) == 0;
}

Result<std::unique_ptr<OpenKernel>> open_kernel(const KernelChoice &k)
{
	std::string kind = k.kernel;
	if (kind == "auto")
		kind = LocalAfalg::probe() == 0 ? "local" : "uml";

	if (kind == "local") {
		if (int e = LocalAfalg::probe())
			return fail(-EAFNOSUPPORT, Stage::setup,
				    std::string("no kernel reachable: no AF_ALG on this host (socket(AF_ALG): ") +
					    (strerrorname_np(-e) ? strerrorname_np(-e) : "?") +
					    "); try --kernel uml");
		if (std::string why = LocalAfalg::restriction(); !why.empty() && k.progress)
			*k.progress << "kcshim: warning: " << why << "\n";
		return std::make_unique<OpenKernel>(std::make_unique<LocalAfalg>(std::chrono::seconds(30)),
						    "local AF_ALG");
	}
	if (KernelTarget::names_guest(kind))
		return open_guest(k, kind);
	if (kind.rfind("tcp://", 0) == 0 || kind.rfind("unix:", 0) == 0) {
		if (k.secret_file.empty())
			return fail(-EINVAL, Stage::setup, "--kernel " + kind + " needs --secret-file");
		auto secret = auth::read_secret_file(k.secret_file);
		if (!secret)
			return fail(secret.err(), secret.error().stage, describe(secret.error()));
		RemoteEndpoint::Options ro;
		ro.secret = *secret;
		ro.timeout = k.timeout.value_or(std::chrono::seconds(120));
		auto ep = RemoteEndpoint::connect(kind, ro);
		if (!ep)
			return fail(ep.err(), ep.error().stage,
				    "cannot use the bridge at " + kind + ": " + describe(ep.error()));
		return std::make_unique<OpenKernel>(std::move(*ep), "bridge " + kind);
	}
	return fail(-EINVAL, Stage::setup,
		    "--kernel wants auto, local, uml, vm:ARCH[:VERSION], tcp://HOST:PORT or unix:PATH, not " +
			    k.kernel);
}

} /* namespace kcshim::afalg */
