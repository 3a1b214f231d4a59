// SPDX-License-Identifier: GPL-2.0
#include <algorithm>
#include "afalg/kernels/qemu.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <poll.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>

#include "afalg/kernels/debian_kernel.h"
#include "afalg/kernels/guest_process.h"
#include "afalg/kernels/host_files.h"
#include "afalg/kernels/initramfs.h"
#include "tools/runtime_files/runtime_files.h"

namespace kcshim::afalg {

namespace fs = std::filesystem;
using clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

/* What a qemu guest needs besides the kernel: per guest arch. */
struct ArchInfo {
	const char *qemu;	/* the emulator */
	const char *package;	/* the Debian package that has it */
	const char *machine;
	const char *console;	/* the serial console's device in the guest */
	const char *serial_bus;	/* the virtio-serial controller */
	const char *transport;	/* its driver's module (built in on some kernels) */
	const char *host;	/* uname -m of a host that can run it under KVM */
};

const ArchInfo *arch_info(const std::string &arch)
{
	static const ArchInfo arm64 = {"qemu-system-aarch64", "qemu-system-arm", "virt", "ttyAMA0",
				       "virtio-serial-device", "virtio_mmio", "aarch64"};
	static const ArchInfo x86_64 = {"qemu-system-x86_64", "qemu-system-x86", "q35", "ttyS0",
					"virtio-serial-pci", "virtio_pci", "x86_64"};
	if (arch == "arm64")
		return &arm64;
	if (arch == "x86_64")
		return &x86_64;
	return nullptr;
}

/* The static init and bridge for @arch: $KCSHIM_GUEST_PROGRAMS, the install's or build tree's. */
Result<std::pair<fs::path, fs::path>> guest_programs(const std::string &arch)
{
	std::vector<fs::path> dirs;
	if (const char *env = std::getenv("KCSHIM_GUEST_PROGRAMS"); env && *env)
		dirs.emplace_back(env);
#ifdef KCSHIM_GUEST_PROGRAMS_DIR
	dirs.push_back(runtime_files::locate(runtime_files::InstallDir::libexec, "kcshim/guest",
					     KCSHIM_GUEST_PROGRAMS_DIR));
#endif
	for (const auto &d : dirs) {
		fs::path init = d / arch / "init", bridge = d / arch / "kcshim-bridge";
		if (::access(init.c_str(), X_OK) == 0 && ::access(bridge.c_str(), X_OK) == 0)
			return std::pair{init, bridge};
	}
	std::string hint = arch == "arm64" ? "; build them with gcc-aarch64-linux-gnu, "
					     "libkcapi-dev:arm64 and libssl-dev:arm64 installed "
					     "(tools/install-deps --tests)"
					   : "";
	return fail(-ENOENT, Stage::setup,
		    "no static guest programs (init, kcshim-bridge) for " + arch + hint);
}

std::string boot_id()
{
	std::string id = read_text("/proc/sys/kernel/random/boot_id");
	while (!id.empty() && (id.back() == '\n' || id.back() == ' '))
		id.pop_back();
	return id;
}

/* The kernel log as dmesg prints it: klogctl's lines carry a "<6>" level first. */
std::string without_log_levels(const std::string &log)
{
	std::istringstream in(log);
	std::string out;
	for (std::string line; std::getline(in, line);) {
		if (line.size() > 2 && line[0] == '<') {
			size_t close = line.find('>');
			if (close != std::string::npos && close < 5)
				line.erase(0, close + 1);
		}
		out += line + "\n";
	}
	return out;
}

class QemuGuest final : public Guest {
public:
	QemuGuest(KernelTarget t, GuestOptions opt, DebianKernel k, fs::path base, const ArchInfo *a,
		  std::string qemu)
		: t_(std::move(t)), opt_(std::move(opt)), kernel_(std::move(k)), base_(std::move(base)),
		  arch_(a), qemu_(std::move(qemu))
	{
	}
	~QemuGuest() override { shutdown(milliseconds(2000)); }

	Result<std::unique_ptr<RemoteEndpoint>> start_bridge(const std::vector<std::string> &modules) override;
	Result<ModuleRun> run_module(const std::string &module, const std::string &params,
				     milliseconds timeout) override;
	int shutdown(milliseconds grace) override;
	std::string console_tail(size_t max) const override
	{
		return proc_ ? proc_->tail("console.log", max) : std::string();
	}
	std::string describe() const override;
	std::string kernel_release() const override { return kernel_.release; }
	bool emulated() const override { return !kvm_; }

	/* Decides KVM or TCG (opt_.accel), probing once per host boot. */
	Result<bool> choose_accel();

private:
	/* Boots @job; a connection to the guest's channel (an fd the caller closes). */
	Result<int> boot(const std::string &job, const std::string &secret, bool kvm);
	Result<int> connect_channel(const fs::path &sock);
	milliseconds boot_timeout() const
	{
		/* TCG boots a 7.x x86-64 kernel in 5-9 s on our machines; leave room for slow hosts */
		return opt_.boot_timeout.count() ? opt_.boot_timeout : milliseconds(180000);
	}
	Error boot_failure(Error e, const std::string &what);
	std::string cpu() const;

	KernelTarget t_;
	GuestOptions opt_;
	DebianKernel kernel_;
	fs::path base_;
	const ArchInfo *arch_;
	std::string qemu_;
	bool kvm_ = false;
	std::unique_ptr<GuestProcess> proc_;
};

std::string QemuGuest::cpu() const
{
	if (kvm_)
		return "host";
	std::string cpu = t_.cpu.empty() ? "max" : t_.cpu;
	/* qemu emulates arm64's QARMA pointer authentication by default: 4x slower boots */
	if (t_.arch == "arm64" && cpu == "max")
		cpu += ",pauth-impdef=on";
	return cpu;
}

std::string QemuGuest::describe() const
{
	return "Debian " + kernel_.release + " (" + kernel_.package_version + ", " + t_.arch +
	       ", qemu " + (kvm_ ? "KVM" : "TCG -cpu " + (t_.cpu.empty() ? std::string("max") : t_.cpu)) +
	       ")";
}

Result<int> QemuGuest::boot(const std::string &job, const std::string &secret, bool kvm)
{
	if (proc_)
		return fail(-EBUSY, Stage::setup, "this guest has booted already");
	auto proc = GuestProcess::create("kcshim-vm", opt_.keep_workdir);
	if (!proc)
		return proc.error();
	proc_ = std::move(*proc);
	const fs::path dir = proc_->workdir();
	auto job_archive = job_initramfs(dir, {{"kcshim/job", job, 0644}, {"kcshim/secret", secret + "\n", 0600}});
	if (!job_archive)
		return job_archive.error();
	auto initrd = concat_initramfs(base_, *job_archive, dir / "initrd");
	if (!initrd)
		return initrd.error();

	kvm_ = kvm;
	fs::path sock = dir / "channel.sock";
	unsigned mem = opt_.mem_mb ? opt_.mem_mb : 512;
	std::vector<std::string> argv = {
		qemu_, "-M", arch_->machine, "-accel", kvm ? "kvm" : "tcg", "-cpu", cpu(),
		"-smp", "1", "-m", std::to_string(mem), "-display", "none", "-monitor", "none",
		"-no-reboot", "-nic", "none", "-serial", "file:" + (dir / "console.log").string(),
		"-kernel", kernel_.image.string(), "-initrd", initrd->string(),
		/* panic=-1: a panicking guest reboots at once, and -no-reboot makes qemu exit */
		"-append", std::string("console=") + arch_->console + " panic=-1 quiet",
		"-device", arch_->serial_bus,
		"-chardev", "socket,id=channel,path=" + sock.string() + ",server=on,wait=off",
		"-device", "virtserialport,chardev=channel,name=kcshim"};
	if (int e = proc_->start(argv, GuestProcess::environment(), "qemu.log"))
		return fail(e, Stage::setup, "cannot start " + qemu_);
	/* qemu makes the socket before the guest runs; it exits at once on a bad option */
	for (auto until = clock::now() + milliseconds(20000); !fs::exists(sock);) {
		if (!proc_->running() || clock::now() > until) {
			std::string why = proc_->tail("qemu.log", 2000);
			Error e = fail(-EIO, Stage::setup,
				       qemu_ + " did not start: " + console_summary(why, {"qemu"}));
			e.detail = why;
			return e;
		}
		std::this_thread::sleep_for(milliseconds(10));
	}
	return connect_channel(sock);
}

/*
 * qemu makes the socket file at bind() and listens a moment later: a connection refused in
 * between is retried while qemu runs (a loaded CI host once took that moment for a dead guest).
 */
Result<int> QemuGuest::connect_channel(const fs::path &sock)
{
	struct sockaddr_un addr = {};
	addr.sun_family = AF_UNIX;
	if (sock.native().size() >= sizeof(addr.sun_path))
		return fail(-ENAMETOOLONG, Stage::setup, "socket path too long: " + sock.string());
	std::snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", sock.c_str());
	for (auto until = clock::now() + milliseconds(20000);;) {
		int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			return fail(-errno, Stage::setup, "socket");
		if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) == 0)
			return fd;
		int e = -errno;
		::close(fd);
		if (e != -ECONNREFUSED || !proc_->running() || clock::now() > until)
			return fail(e, Stage::transport, "connecting to the guest's channel");
		std::this_thread::sleep_for(milliseconds(10));
	}
}

Error QemuGuest::boot_failure(Error e, const std::string &what)
{
	shutdown(milliseconds(500));
	std::string console = console_tail(8000);
	Error f = guest_failure(std::move(e), what, console, "kcshim-init:");
	/* no console at all: the guest never ran, and qemu's own output says why */
	if (console.empty() && proc_)
		f.detail += "\nqemu's output:\n" + proc_->tail("qemu.log", 4000);
	return f;
}

/* The job's first lines: the virtio-serial port (drivers may be modules) and what the caller wants loaded. */
std::string job_prologue(const ArchInfo &a, const std::vector<std::string> &modules)
{
	std::string job = "# written by kcshim for this boot (afalg/kernels/qemu.cpp)\nmodprobe " +
			  std::string(a.transport) + "\nmodprobe virtio_console\n"
			  /* as udev at boot: the CPU's features load the arch's crypto modules */
			  "coldplug\n";
	for (const auto &m : modules)
		job += "modprobe " + m + "\n";
	return job + "port kcshim\n";
}

Result<std::unique_ptr<RemoteEndpoint>> QemuGuest::start_bridge(const std::vector<std::string> &modules)
{
	auto t0 = clock::now();
	auto kvm = choose_accel();
	if (!kvm)
		return kvm.error();
	std::string secret = bridge_secret();
	if (secret.empty())
		return fail(-EIO, Stage::setup, "no random secret");
	milliseconds request = opt_.request_timeout.count() ? opt_.request_timeout : milliseconds(120000);
	/* the setting below exists once af_alg is loaded: first, unless the caller's list has it */
	std::vector<std::string> load = modules;
	if (std::find(load.begin(), load.end(), "af_alg") == load.end())
		load.insert(load.begin(), "af_alg");
	/* 7.x binds only an allowlist of names through AF_ALG unless this is 0 (guest/README.md) */
	std::string job = job_prologue(*arch_, load) +
			  "sysctl crypto.af_alg_restrict 0\necho starting bridge\n" +
			  "run /bin/kcshim-bridge --tty @port --secret-file /kcshim/secret --workers 1 "
			  "--request-timeout-ms " + std::to_string(request.count()) + "\n";
	auto channel = boot(job, secret, *kvm);
	if (!channel)
		return boot_failure(channel.error(), describe() + " failed to boot");
	RemoteEndpoint::Options ro;
	ro.secret = secret;
	ro.connect_timeout = boot_timeout();
	ro.timeout = request;
	auto remote = RemoteEndpoint::over_fds(*channel, *channel, ro);
	if (!remote)
		return boot_failure(remote.error(), describe() + " failed to boot");
	boot_time_ = std::chrono::duration_cast<milliseconds>(clock::now() - t0);
	return std::move(*remote);
}

Result<ModuleRun> QemuGuest::run_module(const std::string &module, const std::string &params,
					milliseconds timeout)
{
	auto kvm = choose_accel();
	if (!kvm)
		return kvm.error();
	std::string job = job_prologue(*arch_, {}) + "klog clear\nmodprobe " + module +
			  (params.empty() ? "" : " " + params) + "\nklog\n";
	auto channel = boot(job, "unused", *kvm);
	if (!channel)
		return boot_failure(channel.error(), describe() + " failed to boot");
	int fd = *channel;
	/* the log arrives when the module has run; the guest powers off after it */
	ModuleRun r;
	r.kernel_release = kernel_.release;
	auto until = clock::now() + timeout;
	bool timed_out = false;
	for (;;) {
		struct pollfd p = {fd, POLLIN, 0};
		int n = ::poll(&p, 1, 100);
		if (n > 0) {
			char buf[65536];
			ssize_t got = ::read(fd, buf, sizeof(buf));
			if (got > 0) {
				r.log.append(buf, static_cast<size_t>(got));
				continue;
			}
			if (got == 0)
				break;
		}
		if (!proc_->running())
			break;
		if (clock::now() > until) {
			timed_out = true;
			break;
		}
	}
	::close(fd);
	if (timed_out)
		return boot_failure(fail(-ETIMEDOUT, Stage::transport,
					 "did not finish within " +
						 std::to_string(timeout.count() / 1000) + " s"),
				    describe() + ": " + module);
	proc_->wait(milliseconds(10000));
	r.log = without_log_levels(r.log);
	if (r.log.empty())
		return boot_failure(fail(-EIO, Stage::transport, "sent no kernel log"),
				    describe() + ": " + module);
	return r;
}

int QemuGuest::shutdown(milliseconds grace)
{
	/* closing the channel ends the bridge, and init powers off */
	return proc_ ? proc_->wait(grace) : 0;
}

Result<bool> QemuGuest::choose_accel()
{
	if (opt_.accel == "tcg")
		return false;
	struct utsname u;
	bool same_arch = ::uname(&u) == 0 && std::string(u.machine) == arch_->host;
	bool have_kvm = same_arch && ::access("/dev/kvm", R_OK | W_OK) == 0;
	if (opt_.accel == "kvm") {
		if (!have_kvm)
			return fail(-ENODEV, Stage::setup,
				    same_arch ? "--accel kvm: /dev/kvm is not usable here"
					      : "--accel kvm: a " + t_.arch + " guest cannot use KVM on " +
							u.machine);
		return true;
	}
	if (!have_kvm)
		return false;
	/* A /dev/kvm can still fail the guest (kvm_pvm emulates it and stops at shlx): probe once per host boot. */
	fs::path cache = opt_.cache_dir.empty() ? fs::path(default_cache_dir()) : fs::path(opt_.cache_dir);
	fs::path record = cache / ("kvm-probe-" + t_.arch);
	std::string id = boot_id();
	std::istringstream seen(read_text(record));
	std::string seen_id, verdict;
	if (seen >> seen_id >> verdict && seen_id == id)
		return verdict == "kvm";
	if (opt_.progress)
		*opt_.progress << "kcshim: probing KVM with " << kernel_.release << " (once per host boot)\n";
	QemuGuest probe(t_, opt_, kernel_, base_, arch_, qemu_);
	bool works = false;
	if (auto channel = probe.boot(job_prologue(*arch_, {}) + "echo kvm probe\n", "unused", true)) {
		::close(*channel);	/* the probe's word is on the console */
		probe.proc_->wait(milliseconds(60000));
		works = probe.console_tail(100000).find("kcshim-init: kvm probe") != std::string::npos;
	}
	probe.shutdown(milliseconds(0));
	std::error_code ec;
	fs::create_directories(cache, ec);
	std::ofstream(record) << id << " " << (works ? "kvm" : "tcg") << "\n";
	if (opt_.progress && !works)
		*opt_.progress << "kcshim: KVM does not run this guest here; using TCG (emulation)\n";
	return works;
}

} /* namespace */

Result<std::unique_ptr<Guest>> make_qemu_guest(const KernelTarget &t, const GuestOptions &opt)
{
	const ArchInfo *a = arch_info(t.arch);
	if (!a)
		return fail(-EINVAL, Stage::setup, "no qemu guest for arch " + t.arch + " (arm64, x86_64)");
	std::string qemu = find_in_path(a->qemu);
	if (qemu.empty())
		return fail(-ENOENT, Stage::setup,
			    std::string(a->qemu) + " not found: apt-get install --no-install-recommends " +
				    a->package);
	auto programs = guest_programs(t.arch);
	if (!programs)
		return programs.error();
	DebianKernelRequest req;
	req.arch = t.arch;
	req.version = t.version;
	req.cache_dir = opt.cache_dir.empty() ? default_cache_dir() : opt.cache_dir;
	auto kernel = fetch_debian_kernel(req, opt.progress);
	if (!kernel)
		return kernel.error();
	auto base = base_initramfs(*kernel, programs->first, programs->second,
				   fs::path(req.cache_dir) / "initramfs", opt.progress);
	if (!base)
		return base.error();
	return std::unique_ptr<Guest>(std::make_unique<QemuGuest>(t, opt, std::move(*kernel),
								   std::move(*base), a, qemu));
}

} /* namespace kcshim::afalg */
