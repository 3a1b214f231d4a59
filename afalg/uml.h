/* SPDX-License-Identifier: GPL-2.0 */
/*
 * UmlKernel: the embedded kernel.  Boots Debian's user-mode Linux through
 * UmlGuest (uml_guest.h), runs our own bridge inside it on a console wired
 * to host pipes, and hands out a RemoteEndpoint to it.  The destructor powers the guest off (killing
 * it if it does not stop in time) and removes its work directory.
 *
 * Channel (see README.md): con0 = boot log -> <workdir>/console.log;
 * con1 = fd:3,fd:4 = two host pipes = /dev/tty1 in the guest, which the
 * bridge puts in raw mode and serves one session on.
 */
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

#include "remote_endpoint.h"
#include "uml_guest.h"

namespace kcshim::afalg {

struct UmlOptions {
	/* linux.uml binary; empty: /usr/bin/linux.uml, then /usr/bin/vmlinux. */
	std::string uml_binary;
	/*
	 * argv prefix that starts the bridge inside the guest; the launcher
	 * appends "--tty PATH --secret-file PATH ...".  Empty: $KCSHIM_BRIDGE,
	 * else a sanitized build's uninstrumented kcshim-guest-bridge,
	 * else `kcshim bridge` when this executable is kcshim, else
	 * kcshim-bridge next to this executable, else on $PATH.
	 */
	std::vector<std::string> bridge_command;
	unsigned int mem_mb = 256;
	std::chrono::milliseconds boot_timeout{60000};	/* to AUTH_OK */
	std::chrono::milliseconds request_timeout{60000};
	/* Loaded at boot (libkcapi needs crypto_user). */
	std::vector<std::string> modules{"af_alg", "algif_hash", "algif_skcipher", "crypto_user"};
	bool keep_workdir = false;	/* for debugging the guest */
};

class UmlKernel {
public:
	/*
	 * Boot and connect.  Errors: -ENOENT/setup with an install hint when
	 * user-mode-linux, kmod or the bridge binary is missing; the guest's
	 * last console lines are appended to any boot failure.
	 */
	static Result<std::unique_ptr<UmlKernel>> boot(const UmlOptions &opt = {});

	~UmlKernel();
	UmlKernel(const UmlKernel &) = delete;
	UmlKernel &operator=(const UmlKernel &) = delete;

	KernelEndpoint &endpoint() { return *remote_; }

	/* Launch to AUTH_OK from the guest's bridge. */
	std::chrono::milliseconds boot_time() const { return boot_time_; }
	/* Last @max bytes of the guest console (boot log, module loading). */
	std::string console_tail(size_t max = 4000) const;
	const std::string &workdir() const { return dir_; }

	/*
	 * Power off: close the channel (the bridge exits, init powers off),
	 * wait up to @grace, then SIGKILL the guest's process group.
	 * Returns 0 or -ETIMEDOUT if it had to be killed.  Idempotent.
	 */
	int shutdown(std::chrono::milliseconds grace = std::chrono::seconds(5));

	/* The UML binary that boot() would use, or -ENOENT/setup with a hint. */
	static Result<std::string> find_uml(const std::string &hint = {})
	{
		return UmlGuest::find_uml(hint);
	}

private:
	UmlKernel() = default;

	std::unique_ptr<UmlGuest> guest_;
	std::string dir_;
	std::unique_ptr<RemoteEndpoint> remote_;
	std::chrono::milliseconds boot_time_{0};
};

} /* namespace kcshim::afalg */
