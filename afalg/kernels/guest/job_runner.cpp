// SPDX-License-Identifier: GPL-2.0
#include "job_runner.h"

#include <cerrno>
#include <fcntl.h>
#include <cstring>
#include <sys/klog.h>
#include <sys/wait.h>
#include <unistd.h>

#include "text.h"
#include "unique_fd.h"
#include "virtio_port.h"

namespace kcshim::guest {

/* klogctl(2) actions; glibc has no names for them. */
enum { syslog_action_read_all = 3, syslog_action_size_buffer = 10 };

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
		do_klog();
		return 0;
	case Kind::echo:
		report(c.args[0]);
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

void JobRunner::do_modprobe(const std::vector<std::string> &args)
{
	if (!index_) {
		index_.emplace();
		std::string unreadable;
		index_err_ = read_module_index(sys_.module_dir, *index_, unreadable);
		report_index_problems(*index_, sys_.module_dir, sys_.report);
		if (index_err_)
			report("cannot read " + unreadable + ": " + errno_name(index_err_));
	}
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

} /* namespace kcshim::guest */
