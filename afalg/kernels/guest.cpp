// SPDX-License-Identifier: GPL-2.0
// What every backend shares: --kernel parsing, the backend factory, where bridges and caches are.
#include "afalg/kernels/guest.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unistd.h>

#include "afalg/kernels/host_files.h"
#include "afalg/kernels/qemu.h"
#include "afalg/kernels/uml.h"
#include "tools/runtime_files/runtime_files.h"

namespace kcshim::afalg {

namespace fs = std::filesystem;

namespace {

constexpr const char *forms = "uml, vm:arm64[:VERSION] or vm:x86_64[:VERSION] (VERSION e.g. 6.1, 7.2)";

} /* namespace */

bool KernelTarget::names_guest(std::string_view spec)
{
	return spec == "uml" || spec.starts_with("vm:");
}

Result<KernelTarget> KernelTarget::parse(std::string_view spec, std::string_view cpu)
{
	KernelTarget t;
	if (spec == "uml") {
		if (!cpu.empty())
			return fail(-EINVAL, Stage::setup, "--cpu is for vm: kernels (user-mode Linux runs on the host CPU)");
		return t;
	}
	if (!spec.starts_with("vm:"))
		return fail(-EINVAL, Stage::setup, "--kernel " + std::string(spec) + ": expected " + forms);
	std::string_view rest = spec.substr(3);
	size_t colon = rest.find(':');
	t.backend = Backend::vm;
	t.arch = std::string(rest.substr(0, colon));
	if (t.arch == "amd64" || t.arch == "x86-64")
		t.arch = "x86_64";
	if (t.arch == "aarch64")
		t.arch = "arm64";
	if (t.arch != "arm64" && t.arch != "x86_64")
		return fail(-EINVAL, Stage::setup, "--kernel " + std::string(spec) + ": no such arch; expected " + forms);
	if (colon != std::string_view::npos) {
		t.version = std::string(rest.substr(colon + 1));
		bool ok = !t.version.empty();
		for (char c : t.version)
			ok = ok && (std::isdigit(static_cast<unsigned char>(c)) || c == '.');
		if (!ok)
			return fail(-EINVAL, Stage::setup, "--kernel " + std::string(spec) + ": VERSION is a Debian kernel version such as 6.1 or 7.2");
	}
	t.cpu = std::string(cpu);
	if (!t.cpu.empty() && t.arch != "arm64")
		return fail(-EINVAL, Stage::setup, "--cpu is for vm:arm64 (x86-64 guests run qemu's max CPU, or the host's under KVM)");
	return t;
}

Result<std::unique_ptr<Guest>> make_guest(const KernelTarget &t, const GuestOptions &opt_in)
{
	GuestOptions opt = opt_in;
	/* for a developer debugging a guest: its console, job and initramfs stay behind */
	if (const char *keep = std::getenv("KCSHIM_KEEP_GUEST"); keep && *keep == '1')
		opt.keep_workdir = true;
	if (t.backend == KernelTarget::Backend::uml)
		return make_uml_guest(opt);
	return make_qemu_guest(t, opt);
}

Result<std::string> find_installed_kernel(const KernelTarget &t, const std::string &uml_binary)
{
	if (t.backend == KernelTarget::Backend::uml)
		return find_uml(uml_binary);
	return std::string();
}

Result<std::vector<std::string>> find_host_bridge()
{
	if (const char *env = std::getenv("KCSHIM_BRIDGE"); env && is_executable(env))
		return std::vector<std::string>{env};
#ifdef KCSHIM_GUEST_BRIDGE	/* a sanitized build: its own binaries cannot run in the guest */
	if (is_executable(KCSHIM_GUEST_BRIDGE))
		return std::vector<std::string>{KCSHIM_GUEST_BRIDGE};
#endif
	std::error_code ec;
	fs::path self = fs::read_symlink("/proc/self/exe", ec);
	/* Called from the kcshim CLI: the guest runs `kcshim bridge`, the very same binary. */
	if (!ec && self.filename() == "kcshim")
		return std::vector<std::string>{self.string(), "bridge"};
	if (!ec) {
		for (auto cand : {self.parent_path() / "kcshim-bridge",
				  self.parent_path() / ".." / "afalg" / "kcshim-bridge",
				  self.parent_path() / ".." / ".." / "afalg" / "kcshim-bridge"})
			if (is_executable(cand.string()))
				return std::vector<std::string>{fs::weakly_canonical(cand).string()};
	}
	if (auto p = find_in_path("kcshim-bridge"); !p.empty())
		return std::vector<std::string>{p};
	return fail(-ENOENT, Stage::setup,
		    "kcshim-bridge not found: set KCSHIM_BRIDGE or GuestOptions::bridge_command");
}

std::string default_cache_dir()
{
	if (const char *env = std::getenv("KCSHIM_VM_CACHE"); env && *env)
		return env;
#ifdef KCSHIM_VM_CACHE_BUILT	/* a build tree's kcshim caches beside its kernel trees */
	if (!runtime_files::installed_prefix() &&
	    ::access(fs::path(KCSHIM_VM_CACHE_BUILT).parent_path().c_str(), W_OK) == 0)
		return KCSHIM_VM_CACHE_BUILT;
#endif
	if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
		return (fs::path(xdg) / "kcshim" / "vm-kernels").string();
	const char *home = std::getenv("HOME");
	return (fs::path(home && *home ? home : "/tmp") / ".cache" / "kcshim" / "vm-kernels").string();
}

} /* namespace kcshim::afalg */
