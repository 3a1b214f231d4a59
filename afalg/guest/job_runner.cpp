// SPDX-License-Identifier: GPL-2.0
#include "afalg/guest/job_runner.h"

#include <cerrno>
#include <fcntl.h>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/klog.h>
#include <sys/wait.h>
#include <unistd.h>

#include "afalg/guest/text.h"
#include "afalg/guest/unique_fd.h"
#include "afalg/guest/virtio_port.h"

namespace kcshim::guest {

/* klogctl(2) actions; glibc has no names for them. */
enum { syslog_action_read_all = 3, syslog_action_clear = 5, syslog_action_size_buffer = 10 };

int JobRunner::run(const std::vector<JobCommand> &commands)
{
	for (const JobCommand &c : commands)
		if (int err = run_one(c))
			return err;
	return 0;
}

int JobRunner::run_one(const JobCommand &c)
{
	using Kind = JobCommand::Kind;
	switch (c.kind) {
	case Kind::modprobe:
		do_modprobe(c.args);
		return 0;
	case Kind::port:
		return do_port(c.args[0]);
	case Kind::run:
		do_run(c.args);
		return 0;
	case Kind::klog:
		if (!c.args.empty()) {	/* "klog clear": what the module run prints starts here */
			if (klogctl(syslog_action_clear, nullptr, 0) < 0)
				report("klog clear: " + errno_name(-errno));
			return 0;
		}
		do_klog();
		return 0;
	case Kind::coldplug:
		do_coldplug();
		return 0;
	case Kind::echo:
		report(c.args[0]);
		return 0;
	case Kind::sysctl:
		do_sysctl(c.args[0], c.args[1]);
		return 0;
	case Kind::unknown:
		report("job line " + std::to_string(c.line) + ": unknown command " + c.args[0]);
		return 0;
	case Kind::bad:
		report("job line " + std::to_string(c.line) + ": " + c.args[0]);
		return 0;
	}
	return 0;
}

bool JobRunner::ensure_index()
{
	if (!index_) {
		index_.emplace();
		std::string unreadable;
		index_err_ = read_module_index(sys_.module_dir, *index_, unreadable);
		report_index_problems(*index_, sys_.module_dir, sys_.report);
		if (index_err_)
			report("cannot read " + unreadable + ": " + errno_name(index_err_));
	}
	return !index_err_;
}

/*
 * What udev does at boot: every device's modalias loads the modules that claim it.  The CPU's
 * ("cpu:type:aarch64:feature:,0000,...,0011,...") is what brings a real system's accelerated
 * crypto modules (sha3-ce, sha512-ce, crct10dif-pclmul, ...): built-in generic drivers already
 * answer their names, so a bind alone would never load them.  An alias no module claims is the
 * common case and says nothing; a module that claims one and fails is reported.
 */
void JobRunner::do_coldplug()
{
	if (!ensure_index())
		return;
	std::error_code ec;
	std::vector<std::string> aliases;
	auto options = std::filesystem::directory_options::skip_permission_denied;
	for (auto it = std::filesystem::recursive_directory_iterator(sys_.devices_dir, options, ec);
	     !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
		if (it->is_symlink(ec)) {	/* sysfs links back up the tree: never follow */
			it.disable_recursion_pending();
			continue;
		}
		if (it->path().filename() != "modalias" || !it->is_regular_file(ec))
			continue;
		std::ifstream in(it->path());
		std::string alias;
		if (std::getline(in, alias) && !alias.empty())
			aliases.push_back(alias);
	}
	unsigned int loaded = 0;
	for (const auto &alias : aliases) {
		ModprobeResult r = modprobe(*index_, sys_.module_dir, alias, "", sys_.load);
		if (r.err == 0)
			loaded++;
		else if (r.err != -ENOENT)
			report_modprobe_failure(alias, r, sys_.report);
	}
	report("coldplug: " + std::to_string(aliases.size()) + " devices, " +
	       std::to_string(loaded) + " with modules");
}

void JobRunner::do_modprobe(const std::vector<std::string> &args)
{
	ensure_index();
	const std::string &name = args[0];
	std::string params;
	for (size_t i = 1; i < args.size(); i++)
		params += (i > 1 ? " " : "") + args[i];
	ModprobeResult r = index_err_ ? ModprobeResult{index_err_, {}}
				      : modprobe(*index_, sys_.module_dir, name, params, sys_.load);
	if (r.err)
		report_modprobe_failure(name, r, sys_.report);
	last_modprobe_ = r.err;
}

int JobRunner::do_port(const std::string &name)
{
	std::string path;
	if (wait_for_virtio_port(sys_.virtio_ports_dir, sys_.dev_dir, name, sys_.port_timeout, path)) {
		report("port " + name + ": no such virtio port after " +
		       std::to_string(sys_.port_timeout.count()) + " ms");
		return -ETIMEDOUT;
	}
	report("port " + name + ": " + path);
	port_ = path;
	return 0;
}

/*
 * fork() and execv() ARGV.  Returns the child's pid, and in EXEC_ERR the
 * negative errno of an execv() that failed (the child then exits 127), or
 * a negative errno when no child started.  The child tells an execv()
 * failure through a close-on-exec pipe; after fork() it makes only
 * async-signal-safe calls.
 */
static pid_t start_program(std::vector<std::string> &argv, int &exec_err)
{
	std::vector<char *> c_argv;
	for (std::string &a : argv)
		c_argv.push_back(a.data());
	c_argv.push_back(nullptr);

	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0)
		return -errno;
	UniqueFd error_in(fds[0]), error_out(fds[1]);
	pid_t pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execv(c_argv[0], c_argv.data());
		int err = -errno;
		(void)!::write(error_out.get(), &err, sizeof(err));
		_exit(127);
	}
	error_out.reset();
	exec_err = 0;
	while (::read(error_in.get(), &exec_err, sizeof(exec_err)) < 0 && errno == EINTR)
		;
	return pid;
}

/* Waits for PID; as PID 1 we also inherit orphans, reaped on the way.  0 or -errno. */
static int wait_reaping(pid_t pid, int &status)
{
	for (;;) {
		pid_t r = waitpid(-1, &status, 0);
		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -errno;
	}
}

void JobRunner::do_run(const std::vector<std::string> &args)
{
	std::vector<std::string> argv = args;
	for (std::string &a : argv) {
		if (a != port_placeholder)
			continue;
		if (port_.empty()) {
			report("run " + args[0] + ": " + std::string(port_placeholder) +
			       " but no port yet; not run");
			return;
		}
		a = port_;
	}
	int exec_err = 0;
	pid_t pid = start_program(argv, exec_err);
	if (pid < 0) {
		report("run " + args[0] + ": " + errno_name(pid));
		return;
	}
	if (exec_err)
		report("run " + args[0] + ": " + errno_name(exec_err));
	int status = 0;
	if (int err = wait_reaping(pid, status)) {
		report("run " + args[0] + ": waitpid: " + errno_name(err));
		return;
	}
	if (WIFEXITED(status)) {
		report(args[0] + " exited with " + std::to_string(WEXITSTATUS(status)));
	} else {
		const char *sig = sigabbrev_np(WTERMSIG(status));
		report(args[0] + " killed by signal " +
		       (sig ? "SIG" + std::string(sig) : std::to_string(WTERMSIG(status))));
	}
}

void JobRunner::do_klog()
{
	if (port_.empty()) {
		report("klog: no port yet");
		return;
	}
	int size = klogctl(syslog_action_size_buffer, nullptr, 0);
	if (size < 0) {
		int err = -errno;
		report("klog: " + errno_name(err));
		return;
	}
	std::string log(size, '\0');
	int n = klogctl(syslog_action_read_all, log.data(), size);
	if (n < 0) {
		int err = -errno;
		report("klog: " + errno_name(err));
		return;
	}
	log.resize(n);
	if (int err = write_to_port(port_, log, sys_.klog_timeout))
		report("klog to " + port_ + ": " + errno_name(err));
	else
		report("klog: " + std::to_string(n) + " bytes to " + port_);
}

/*
 * A setting the job needs where the kernel has it: a kernel without NAME
 * (an older one) is said once and is no failure.
 */
void JobRunner::do_sysctl(const std::string &name, const std::string &value)
{
	std::string path = sys_.proc_sys_dir + "/" + name;
	for (size_t i = sys_.proc_sys_dir.size() + 1; i < path.size(); i++)
		if (path[i] == '.')
			path[i] = '/';
	UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
	int err = fd.get() < 0 ? -errno : 0;
	if (!err && ::write(fd.get(), value.data(), value.size()) != static_cast<ssize_t>(value.size()))
		err = errno ? -errno : -EIO;
	if (err == -ENOENT)
		report("sysctl " + name + ": not in this kernel");
	else if (err)
		report("sysctl " + name + "=" + value + ": " + errno_name(err));
}

} /* namespace kcshim::guest */
