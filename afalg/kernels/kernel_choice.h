/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From a --kernel string to a KernelEndpoint: the selection shared by
 * `kcshim xcheck` and `kcshim speed`.  auto = local AF_ALG when
 * socket(AF_ALG) works here, else the embedded user-mode Linux kernel;
 * uml and vm:ARCH[:VERSION] are embedded kernels (kernels/guest.h).
 */
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "afalg/endpoint/kernel_endpoint.h"

namespace kcshim::afalg {

class Guest;
struct GuestOptions;
class LocalAfalg;
class RemoteEndpoint;

/* Where --kernel points. */
struct KernelChoice {
	/* auto | local | uml | vm:ARCH[:VERSION] | tcp://HOST:PORT | unix:PATH */
	std::string kernel = "auto";
	std::string secret_file;	/* for tcp:// and unix: */
	std::string cpu;		/* vm:arm64: qemu's CPU model; empty = max */
	std::string accel = "auto";	/* vm: auto | kvm | tcg */
	std::string uml_binary;		/* uml: linux.uml to boot; empty: find_uml()'s */
	/* argv prefix of the bridge inside UML; empty: find_host_bridge(). */
	std::vector<std::string> bridge_command;
	/*
	 * How long a kernel may stay silent: a guest's boot to AUTH_OK and each
	 * request (guests and bridges).  Unset: the backend's defaults (UML 60 s,
	 * VMs 180 s to boot and 120 s a request), 120 s for bridges.
	 */
	std::optional<std::chrono::milliseconds> timeout;
	/* Progress of downloads and probes (vm:); may be null. */
	std::ostream *progress = nullptr;
	/*
	 * Algorithms (cra_names) whose every driver an embedded kernel loads at boot, through
	 * modprobe crypto-NAME, as a bind would if NAME were not built in already: a built-in
	 * sha512-generic answers "sha512", so nothing else would load sha512-arm64.
	 */
	std::vector<std::string> algorithms;
};

/* A reachable kernel; owns what keeps it alive (a booted guest, a connection). */
class OpenKernel {
public:
	OpenKernel(std::unique_ptr<LocalAfalg> ep, std::string label);
	/* A booted guest and the bridge it serves. */
	OpenKernel(std::unique_ptr<Guest> guest, std::unique_ptr<RemoteEndpoint> ep);
	OpenKernel(std::unique_ptr<RemoteEndpoint> ep, std::string label);
	~OpenKernel();
	OpenKernel(const OpenKernel &) = delete;
	OpenKernel &operator=(const OpenKernel &) = delete;

	KernelEndpoint &endpoint() { return *ep_; }
	/* "local AF_ALG", "user-mode Linux 6.1.176", "Debian 6.1.0-50-arm64 (...)", "bridge tcp://HOST:PORT". */
	const std::string &label() const { return label_; }
	/* Launch to AUTH_OK for an embedded kernel, else 0. */
	std::chrono::milliseconds boot_time() const;
	/* The embedded kernel, or null. */
	Guest *guest() const { return guest_.get(); }

private:
	std::unique_ptr<LocalAfalg> local_;
	std::unique_ptr<Guest> guest_;	/* outlives remote_: closing the channel powers it off */
	std::unique_ptr<RemoteEndpoint> remote_;
	KernelEndpoint *ep_ = nullptr;
	std::string label_;
};

/*
 * Resolve and open @k.  Errors carry a one-line message in Error::what:
 * -EAFNOSUPPORT/setup (local: no AF_ALG here), -ENOENT/setup (uml or auto:
 * user-mode-linux missing) -- both "no kernel reachable", see
 * kernel_unreachable() -- and for anything else (bad --kernel, missing
 * --secret-file, bridge refused us, guest failed to boot, kernel not
 * downloadable) the underlying error.
 */
Result<std::unique_ptr<OpenKernel>> open_kernel(const KernelChoice &k);

/* The options of the embedded kernel @k names (uml, vm:...): its binary, accel, timeouts. */
GuestOptions guest_options(const KernelChoice &k);

/* Did open_kernel() fail because no kernel can be reached at all? */
bool kernel_unreachable(const Error &e);

} /* namespace kcshim::afalg */
