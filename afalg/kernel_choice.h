/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From a --kernel string to a KernelEndpoint: the selection shared by
 * `kcshim xcheck` and `kcshim speed`.  auto = local AF_ALG when
 * socket(AF_ALG) works here, else the embedded user-mode Linux kernel.
 */
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernel_endpoint.h"

namespace kcshim::afalg {

class LocalAfalg;
class RemoteEndpoint;
class UmlKernel;

/* Where --kernel points. */
struct KernelChoice {
	std::string kernel = "auto";	/* auto | local | uml | tcp://HOST:PORT | unix:PATH */
	std::string secret_file;	/* for tcp:// and unix: */
	/* argv prefix of the bridge inside UML; empty: UmlOptions' default. */
	std::vector<std::string> bridge_command;
	/*
	 * How long a kernel may stay silent: UML's boot to AUTH_OK and each
	 * request (UML and bridges).  Unset: 60 s for UML, 120 s for bridges.
	 */
	std::optional<std::chrono::milliseconds> timeout;
};

/* A reachable kernel; owns what keeps it alive (a booted guest, a connection). */
class OpenKernel {
public:
	OpenKernel(std::unique_ptr<LocalAfalg> ep, std::string label);
	OpenKernel(std::unique_ptr<UmlKernel> uml, std::string label);
	OpenKernel(std::unique_ptr<RemoteEndpoint> ep, std::string label);
	~OpenKernel();
	OpenKernel(const OpenKernel &) = delete;
	OpenKernel &operator=(const OpenKernel &) = delete;

	KernelEndpoint &endpoint() { return *ep_; }
	/* "local AF_ALG", "user-mode Linux", "bridge tcp://HOST:PORT". */
	const std::string &label() const { return label_; }
	/* Launch to AUTH_OK for user-mode Linux, else 0. */
	std::chrono::milliseconds boot_time() const;

private:
	std::unique_ptr<LocalAfalg> local_;
	std::unique_ptr<UmlKernel> uml_;
	std::unique_ptr<RemoteEndpoint> remote_;
	KernelEndpoint *ep_ = nullptr;
	std::string label_;
};

/*
 * Resolve and open @k.  Errors carry a one-line message in Error::what:
 * -EAFNOSUPPORT/setup (local: no AF_ALG here), -ENOENT/setup (uml or auto:
 * user-mode-linux missing) -- both "no kernel reachable", see
 * kernel_unreachable() -- and for anything else (bad --kernel, missing
 * --secret-file, bridge refused us, guest failed to boot) the underlying
 * error.
 */
Result<std::unique_ptr<OpenKernel>> open_kernel(const KernelChoice &k);

/* Did open_kernel() fail because no kernel can be reached at all? */
bool kernel_unreachable(const Error &e);

} /* namespace kcshim::afalg */
