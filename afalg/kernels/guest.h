/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Embedded kernels: a real kernel booted by kcshim as a reference, behind one interface --
 * boot, channel, shutdown, logs -- with one backend per file:
 *   uml.cpp    Debian's user-mode Linux (package user-mode-linux), the host's kernel arch
 *   qemu.cpp   Debian's arm64 and x86-64 kernel images under qemu-system-* (KVM where a probe
 *              boot proves it works, else TCG), fetched from Debian's archive (debian_kernel.h)
 *              and booted with an initramfs kcshim makes (initramfs.h, guest/init.cpp)
 * The bridge, the endpoint, xcheck and the speed tools use this interface and never know which
 * backend runs.
 *
 * Errors: Result values (result.h); a guest that cannot boot, dies or stalls is one line in
 * Error::what (its console in Error::detail), and every wait has a timeout.
 */
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "afalg/remote/remote_endpoint.h"
#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

/* Which kernel: `--kernel uml`, `--kernel vm:ARCH[:VERSION]` with `--cpu MODEL`. */
struct KernelTarget {
	enum class Backend { uml, vm } backend = Backend::uml;
	std::string arch;	/* vm: "arm64" or "x86_64" */
	std::string version;	/* vm: Debian kernel version ("6.1", "7.2"); "" = newest */
	std::string cpu;	/* vm: qemu CPU model; "" = max */

	/* "uml" | "vm:arm64" | "vm:x86_64:7.2"; -EINVAL/setup with the accepted forms. */
	static Result<KernelTarget> parse(std::string_view spec, std::string_view cpu = {});
	/* Whether @spec names an embedded kernel (uml or vm:...). */
	static bool names_guest(std::string_view spec);
};

struct GuestOptions {
	/* UML: the linux.uml binary; empty: /usr/bin/linux.uml, then /usr/bin/vmlinux. */
	std::string uml_binary;
	/*
	 * UML: argv prefix that starts the bridge inside the guest (the guest shares the host's
	 * files); empty: see find_host_bridge().  VMs run the static bridge of their initramfs.
	 */
	std::vector<std::string> bridge_command;
	/* VM: "auto" (KVM when a probe boot works, else TCG), "kvm" or "tcg". */
	std::string accel = "auto";
	/* VM: where kernels, initramfs archives and the KVM probe are cached; empty: default_cache_dir(). */
	std::string cache_dir;
	unsigned int mem_mb = 0;	/* 0: the backend's default */
	std::chrono::milliseconds boot_timeout{0};	/* to AUTH_OK / the job's end; 0: backend default */
	std::chrono::milliseconds request_timeout{0};	/* per bridge request; 0: backend default */
	bool keep_workdir = false;	/* for debugging the guest; also $KCSHIM_KEEP_GUEST=1 */
	/* Progress lines (downloads, KVM probe) go here; may be null. */
	std::ostream *progress = nullptr;
};

/* The kernel's log after loading a module with parameters (tcrypt.ko). */
struct ModuleRun {
	std::string kernel_release;	/* uname -r of the guest */
	std::string log;		/* the kernel log (dmesg) after the load */
};

class Guest {
public:
	virtual ~Guest() = default;

	/*
	 * Boots with our bridge serving the channel (@modules loaded first, with their
	 * dependencies; algorithms autoload on bind), and returns the client end, authenticated.
	 * Once: a guest boots one job.
	 */
	virtual Result<std::unique_ptr<RemoteEndpoint>> start_bridge(const std::vector<std::string> &modules) = 0;

	/*
	 * Boots, loads @module with @params (the drivers it asks for autoload), returns the kernel
	 * log and powers off.  tcrypt.ko's load always fails (-EAGAIN): the log is the result.
	 */
	virtual Result<ModuleRun> run_module(const std::string &module, const std::string &params,
					     std::chrono::milliseconds timeout) = 0;

	/*
	 * Power off: close the channel (the bridge exits, init powers off), wait up to @grace,
	 * then kill.  0, or -ETIMEDOUT if it had to be killed.  Idempotent.
	 */
	virtual int shutdown(std::chrono::milliseconds grace) = 0;

	/* The last @max bytes of the guest's console. */
	virtual std::string console_tail(size_t max = 4000) const = 0;
	/* "user-mode Linux 6.1.176", "Debian 7.2.13+deb14-amd64 (x86_64, qemu TCG -cpu max)". */
	virtual std::string describe() const = 0;
	/* uname -r of the guest's kernel ("6.1.176", "7.2.13+deb14-amd64"). */
	virtual std::string kernel_release() const = 0;
	/* Whether timings from this guest measure emulation (qemu TCG) rather than the CPU. */
	virtual bool emulated() const = 0;
	/* Launch to AUTH_OK of the last start_bridge(). */
	std::chrono::milliseconds boot_time() const { return boot_time_; }

protected:
	std::chrono::milliseconds boot_time_{0};
};

/*
 * Prepares the guest @t names (for VMs: fetches the kernel into the cache and makes its
 * initramfs, which can take a minute the first time); nothing boots yet.  Errors:
 * -ENOENT/setup with an install hint when a package is missing, -ENETUNREACH/setup when
 * Debian's archive cannot be reached, -EINVAL for a bad target.
 */
Result<std::unique_ptr<Guest>> make_guest(const KernelTarget &t, const GuestOptions &opt);

/*
 * Whether @t's kernel is installed here, without preparing it: for UML, where linux.uml is
 * (@uml_binary when given; -ENOENT/setup with the package to install when it is not); a VM's kernel is fetched on
 * demand, so for VMs the answer is always yes (an empty string).
 */
Result<std::string> find_installed_kernel(const KernelTarget &t, const std::string &uml_binary = {});

/*
 * Where the bridge for a guest that shares the host's files (UML) is: $KCSHIM_BRIDGE, else a
 * sanitized build's uninstrumented kcshim-guest-bridge, else `kcshim bridge` when this
 * executable is kcshim, else kcshim-bridge next to this executable, else on $PATH.
 */
Result<std::vector<std::string>> find_host_bridge();

/* $KCSHIM_VM_CACHE, else a build tree's vm-kernels/ (not an installed kcshim's), else
 * $XDG_CACHE_HOME (~/.cache)/kcshim. */
std::string default_cache_dir();

} /* namespace kcshim::afalg */
