// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/external_command.h"
#include "afalg/kernels/posix_io.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace kcshim::afalg {

namespace fs = std::filesystem;
using clock = std::chrono::steady_clock;

namespace {

/* The process groups of the commands running now, for kill_running_commands(); 0 = free. */
constexpr size_t max_running = 64;
std::atomic<pid_t> running[max_running];

/* Holds a slot of running[] while its command runs. */
class RunningSlot {
public:
	explicit RunningSlot(pid_t pgid)
	{
		for (auto &r : running) {
			pid_t free = 0;
			if (r.compare_exchange_strong(free, pgid)) {
				slot_ = &r;
				break;
			}
		}
	}
	~RunningSlot() { release(); }
	/* Before the child is reaped: its group id is never someone else's while listed. */
	void release()
	{
		if (slot_)
			slot_->store(0);
		slot_ = nullptr;
	}
	RunningSlot(const RunningSlot &) = delete;
	RunningSlot &operator=(const RunningSlot &) = delete;

private:
	std::atomic<pid_t> *slot_ = nullptr;
};

struct SpawnActions {
	posix_spawn_file_actions_t a;
	SpawnActions() { posix_spawn_file_actions_init(&a); }
	~SpawnActions() { posix_spawn_file_actions_destroy(&a); }
};

struct SpawnAttr {
	posix_spawnattr_t a;
	SpawnAttr() { posix_spawnattr_init(&a); }
	~SpawnAttr() { posix_spawnattr_destroy(&a); }
};

/* This process's environment with @extra's NAME=VALUE replacing or adding. */
std::vector<std::string> environment(const std::vector<std::string> &extra)
{
	std::vector<std::string> env;
	for (char **e = environ; *e; e++) {
		std::string_view v(*e);
		bool replaced = false;
		for (const auto &x : extra) {
			size_t eq = x.find('=');
			std::string_view name = std::string_view(x).substr(0, eq + 1);
			if (eq != std::string::npos && v.substr(0, eq + 1) == name)
				replaced = true;
		}
		if (!replaced)
			env.emplace_back(v);
	}
	env.insert(env.end(), extra.begin(), extra.end());
	return env;
}

/* Appends what @fd has now (non-blocking); false at EOF or error. */
bool drain(int fd, std::string &out, size_t max)
{
	char buf[65536];
	for (;;) {
		ssize_t n = ::read(fd, buf, sizeof(buf));
		if (n > 0) {
			out.append(buf, static_cast<size_t>(n));
			if (out.size() > 2 * max)
				out.erase(0, out.size() - max);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		return n < 0 && errno == EAGAIN;
	}
}

void set_status(CommandResult &r, int status)
{
	if (WIFEXITED(status)) {
		r.exit_status = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		r.exit_status = -1;
		r.signal = WTERMSIG(status);
	}
}

} /* namespace */

void kill_running_commands(int sig)
{
	for (auto &r : running)
		if (pid_t pgid = r.load(); pgid > 0)
			::kill(-pgid, sig);
}

std::string CommandResult::last_line() const
{
	size_t end = output.size();
	while (end > 0) {
		size_t start = output.find_last_of("\r\n", end - 1);
		start = start == std::string::npos ? 0 : start + 1;
		std::string line = output.substr(start, end - start);
		size_t a = line.find_first_not_of(" \t");
		if (a != std::string::npos) {
			size_t b = line.find_last_not_of(" \t");
			return line.substr(a, b - a + 1);
		}
		end = start > 0 ? start - 1 : 0;
	}
	return {};
}

std::string CommandResult::failure_line() const
{
	std::string s = command;
	if (timed_out)
		s += " timed out after " + std::to_string((elapsed.count() + 500) / 1000) + " s";
	else if (signal)
		s += std::string(" killed by signal ") + std::to_string(signal) + " (" +
		     ::strsignal(signal) + ")";
	else
		s += " exited with " + std::to_string(exit_status);
	if (std::string last = last_line(); !last.empty())
		s += ": " + last;
	return s;
}

Result<CommandResult> run_command(const Command &cmd)
{
	if (cmd.argv.empty())
		return fail(-EINVAL, Stage::setup, "run_command: empty argv");
	CommandResult r;
	r.command = cmd.argv[0];

	int p[2];
	if (::pipe2(p, O_CLOEXEC) < 0)
		return fail(-errno, Stage::setup, "pipe: " + std::string(::strerror(errno)));
	UniqueFd rd{p[0]}, wr{p[1]};

	SpawnActions fa;
	if (cmd.stdin_file.empty())
		posix_spawn_file_actions_addopen(&fa.a, 0, "/dev/null", O_RDONLY, 0);
	else
		posix_spawn_file_actions_addopen(&fa.a, 0, fs::absolute(cmd.stdin_file).c_str(),
						 O_RDONLY, 0);
	if (cmd.stdout_file.empty())
		posix_spawn_file_actions_adddup2(&fa.a, wr.get(), 1);
	else
		posix_spawn_file_actions_addopen(&fa.a, 1, fs::absolute(cmd.stdout_file).c_str(),
						 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa.a, wr.get(), 2);
	if (!cmd.cwd.empty())
		posix_spawn_file_actions_addchdir_np(&fa.a, cmd.cwd.c_str());

	SpawnAttr sa;
	sigset_t none, dfl;
	sigemptyset(&none);
	sigemptyset(&dfl);
	for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGQUIT})
		sigaddset(&dfl, s);
	posix_spawnattr_setflags(&sa.a, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
						POSIX_SPAWN_SETSIGDEF);
	posix_spawnattr_setpgroup(&sa.a, 0);
	posix_spawnattr_setsigmask(&sa.a, &none);
	posix_spawnattr_setsigdefault(&sa.a, &dfl);

	std::vector<std::string> args = cmd.argv;
	std::vector<std::string> env = environment(cmd.env);
	auto argp = argv_pointers(args), envp = argv_pointers(env);
	auto t0 = clock::now();
	pid_t pid;
	if (int e = ::posix_spawnp(&pid, argp[0], &fa.a, &sa.a, argp.data(), envp.data()))
		return fail(-e, Stage::setup,
			    r.command + ": " + (e == ENOENT ? "not found" : ::strerror(e)));
	RunningSlot slot(pid);
	wr.reset();
	::fcntl(rd.get(), F_SETFL, O_NONBLOCK);

	auto deadline = t0 + cmd.timeout;
	bool open = true;
	int status = 0;
	for (;;) {
		/* Exited?  Not reaped yet: its pid, the group's id, stays ours. */
		siginfo_t si = {};
		if (::waitid(P_PID, static_cast<id_t>(pid), &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid == pid)
			break;
		auto now = clock::now();
		if (now >= deadline) {
			r.timed_out = true;
			break;
		}
		auto slice = std::min<clock::duration>(deadline - now, std::chrono::milliseconds(50));
		int ms = static_cast<int>(
			std::chrono::ceil<std::chrono::milliseconds>(slice).count());
		if (open) {
			struct pollfd pfd = {rd.get(), POLLIN, 0};
			if (::poll(&pfd, 1, ms) > 0)
				open = drain(rd.get(), r.output, cmd.max_output);
		} else {
			::poll(nullptr, 0, ms);	/* it closed its output and runs on */
		}
	}
	/* On timeout, or whatever it left behind in its group (it would keep our pipe open). */
	::kill(-pid, SIGKILL);
	slot.release();
	while (::waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (open)
		drain(rd.get(), r.output, cmd.max_output);
	if (r.output.size() > cmd.max_output)
		r.output.erase(0, r.output.size() - cmd.max_output);
	set_status(r, status);
	r.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - t0);
	return r;
}

} /* namespace kcshim::afalg */
