// SPDX-License-Identifier: GPL-2.0
#include "uml.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <openssl/rand.h>

namespace kcshim::afalg {

namespace fs = std::filesystem;
using clock = std::chrono::steady_clock;

namespace {

bool is_exec(const std::string &p)
{
	return !p.empty() && ::access(p.c_str(), X_OK) == 0;
}

std::string find_in_path(const std::string &name)
{
	const char *path = std::getenv("PATH");
	std::stringstream ss(path ? path : "/usr/local/bin:/usr/bin:/bin");
	std::string dir;
	while (std::getline(ss, dir, ':'))
		if (is_exec(dir + "/" + name))
			return dir + "/" + name;
	return {};
}

Result<std::vector<std::string>> find_bridge()
{
	if (const char *env = std::getenv("KCSHIM_BRIDGE"); env && is_exec(env))
		return std::vector<std::string>{env};
#ifdef KCSHIM_GUEST_BRIDGE	/* a sanitized build: its own binaries cannot run in the guest */
	if (is_exec(KCSHIM_GUEST_BRIDGE))
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
			if (is_exec(cand.string()))
				return std::vector<std::string>{fs::weakly_canonical(cand).string()};
	}
	if (auto p = find_in_path("kcshim-bridge"); !p.empty())
		return std::vector<std::string>{p};
	return fail(-ENOENT, Stage::setup,
		    "kcshim-bridge not found: set KCSHIM_BRIDGE or UmlOptions::bridge_command");
}

/*
 * The guest's PID 1: loads the base modules and execs the bridge on tty1.
 * When the bridge exits (the host closed the channel) the guest powers off.
 */
std::string init_script(const UmlGuest &guest, const UmlOptions &opt,
			const std::vector<std::string> &bridge)
{
	auto q = UmlGuest::quote;
	std::string d = q(guest.workdir().string());
	std::ostringstream s;
	s << guest.init_prologue();
	if (!guest.modprobe().empty())
		for (const auto &m : opt.modules)
			s << q(guest.modprobe()) << " " << q(m)
			  << " || echo 'kcshim-uml: cannot load module " << m << "'\n";
	s << "echo \"kcshim-uml: uptime $(cut -d' ' -f1 /proc/uptime)s, starting bridge\"\n";
	for (const auto &a : bridge)
		s << q(a) << " ";
	s << "--tty " << d << "/dev/tty1 --secret-file " << d << "/secret --workers 1"
	  << " --request-timeout-ms " << opt.request_timeout.count() << "\n"
	  << "echo \"kcshim-uml: bridge exited with $?\"\n"
	  << "poweroff -f\n";
	return s.str();
}

/* Move @fd above the range posix_spawn's dup2 targets use. */
int high_fd(int fd)
{
	int h = ::fcntl(fd, F_DUPFD_CLOEXEC, 10);
	::close(fd);
	return h;
}

} /* namespace */

Result<std::unique_ptr<UmlKernel>> UmlKernel::boot(const UmlOptions &opt)
{
	auto t0 = clock::now();
	UmlGuestOptions go;
	go.uml_binary = opt.uml_binary;
	go.mem_mb = opt.mem_mb;
	go.keep_workdir = opt.keep_workdir;
	auto guest = UmlGuest::prepare(go);
	if (!guest)
		return guest.error();
	std::vector<std::string> bridge = opt.bridge_command;
	if (bridge.empty()) {
		auto b = find_bridge();
		if (!b)
			return b.error();
		bridge = *b;
	}

	std::unique_ptr<UmlKernel> k(new UmlKernel());
	k->guest_ = std::move(*guest);
	k->dir_ = k->guest_->workdir().string();

	/* The secret never leaves the work directory (0700) and the pipes. */
	unsigned char raw[24];
	if (RAND_bytes(raw, sizeof(raw)) != 1)
		return fail(-EIO, Stage::setup, "no random secret");
	std::string secret;
	for (unsigned char c : raw) {
		static const char hex[] = "0123456789abcdef";
		secret += hex[c >> 4];
		secret += hex[c & 15];
	}
	if (int e = k->guest_->write_file("secret", secret + "\n", 0600))
		return fail(e, Stage::setup, "writing secret");

	int to_guest[2], from_guest[2];
	if (::pipe2(to_guest, O_CLOEXEC) < 0)
		return fail(-errno, Stage::setup, "pipe");
	if (::pipe2(from_guest, O_CLOEXEC) < 0) {
		int e = -errno;
		::close(to_guest[0]);
		::close(to_guest[1]);
		return fail(e, Stage::setup, "pipe");
	}
	int guest_in = high_fd(to_guest[0]), guest_out = high_fd(from_guest[1]);
	int rc = k->guest_->start(init_script(*k->guest_, opt, bridge), guest_in, guest_out);
	::close(guest_in);
	::close(guest_out);
	if (rc) {
		::close(to_guest[1]);
		::close(from_guest[0]);
		return fail(rc, Stage::setup, "spawn user-mode Linux");
	}

	RemoteEndpoint::Options ro;
	ro.secret = secret;
	ro.connect_timeout = opt.boot_timeout;
	ro.timeout = opt.request_timeout;
	auto remote = RemoteEndpoint::over_fds(from_guest[0], to_guest[1], ro);
	if (!remote) {
		Error e = remote.error();
		k->shutdown(std::chrono::milliseconds(500));
		e.what += "; guest console: " + k->guest_->console_summary();
		e.detail = "guest console:\n" + k->console_tail(2000);
		return e;
	}
	k->remote_ = std::move(*remote);
	k->boot_time_ = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - t0);
	return k;
}

std::string UmlKernel::console_tail(size_t max) const
{
	return guest_ ? guest_->console_tail(max) : std::string();
}

int UmlKernel::shutdown(std::chrono::milliseconds grace)
{
	/* EOF on the console makes the bridge exit and init power off. */
	remote_.reset();
	return guest_ ? guest_->wait(grace) : 0;
}

UmlKernel::~UmlKernel()
{
	shutdown();
}

} /* namespace kcshim::afalg */
