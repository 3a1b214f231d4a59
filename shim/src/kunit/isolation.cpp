// SPDX-License-Identifier: GPL-2.0
// Each case in a child process, as the kernel runs each in a kthread of its own: a fault, an
// abort() or a hang ends the child, not the run. The child's struct kunit lives in a MAP_SHARED
// page, so its status, skip reason and last-seen line outlive it; what it logs comes over a pipe
// line by line as it is logged, so the lines before a crash are kept. The parent reads with a
// deadline and kills a child that outlives it.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "shim/src/kunit/kunit.h"

namespace kcshim::kunit {

namespace {

// A file descriptor, closed when it goes.
class Fd {
public:
	explicit Fd(int fd = -1) : fd_(fd) {}
	~Fd() { reset(); }
	Fd(const Fd &) = delete;
	Fd &operator=(const Fd &) = delete;
	int get() const { return fd_; }
	void reset()
	{
		if (fd_ >= 0)
			close(fd_);
		fd_ = -1;
	}

private:
	int fd_;
};

std::string signal_reason(int sig)
{
	const char *abbrev = sigabbrev_np(sig);
	return format("killed by signal %d (SIG%s)", sig, abbrev ? abbrev : "?");
}

// In the child: a fault is the case's end, as an oops ends a kthread -- also under ASan, whose
// SEGV handler would otherwise turn it into an exit -- and leaves no core file.
void child_setup()
{
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	struct rlimit no_core = {0, 0};
	setrlimit(RLIMIT_CORE, &no_core);
}

[[noreturn]] void run_child(int fd, const std::function<void(struct string_stream *)> &body)
{
	child_setup();
	struct string_stream log;
	log.on_line = [fd](std::string_view line) {
		std::string record(line);
		record += '\n';
		write_all(fd, record);
	};
	body(&log);
	// No exit handlers, no stdio flush: those belong to the parent's copy of the process.
	_exit(0);
}

}  // namespace

void write_all(int fd, std::string_view s)
{
	while (!s.empty()) {
		ssize_t n = write(fd, s.data(), s.size());
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		s.remove_prefix(static_cast<size_t>(n));
	}
}

SharedCaseMapping::SharedCaseMapping()
{
	void *p = mmap(nullptr, sizeof(SharedCase), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("kunit: mmap");
		abort();
	}
	shared_ = static_cast<SharedCase *>(p);
}

SharedCaseMapping::~SharedCaseMapping()
{
	munmap(shared_, sizeof(SharedCase));
}

Outcome run_isolated(SharedCase *shared, const std::function<void(struct string_stream *)> &body,
		     const std::function<void(std::string_view)> &on_line, bool no_isolation,
		     unsigned int timeout_s)
{
	Outcome out;

	if (no_isolation) {
		struct string_stream log;
		log.on_line = on_line;
		body(&log);
		out.phase = shared->phase;
		return out;
	}

	int fds[2];
	if (pipe2(fds, O_CLOEXEC)) {
		perror("kunit: pipe");
		abort();
	}
	Fd rd(fds[0]), wr(fds[1]);
	fflush(nullptr);
	pid_t pid = fork();
	if (pid < 0) {
		perror("kunit: fork");
		abort();
	}
	if (pid == 0) {
		rd.reset();
		run_child(wr.get(), body);
	}
	wr.reset();

	using clock = std::chrono::steady_clock;
	auto deadline = clock::now() + std::chrono::seconds(timeout_s);
	std::string pending;
	bool timed_out = false;
	char buf[4096];
	for (;;) {
		auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline -
										  clock::now());
		if (left.count() <= 0) {
			timed_out = true;
			break;
		}
		struct pollfd p = {rd.get(), POLLIN, 0};
		int r = poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue;
		ssize_t n = read(rd.get(), buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		pending.append(buf, static_cast<size_t>(n));
		size_t nl;
		while ((nl = pending.find('\n')) != std::string::npos) {
			on_line(std::string_view(pending).substr(0, nl));
			pending.erase(0, nl + 1);
		}
	}
	if (!pending.empty())
		on_line(pending);
	if (timed_out)
		kill(pid, SIGKILL);

	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	out.phase = shared->phase;
	if (timed_out) {
		out.how = Outcome::How::TimedOut;
		out.reason = format("timed out after %u s", timeout_s);
	} else if (WIFSIGNALED(status)) {
		out.how = Outcome::How::Faulted;
		out.reason = signal_reason(WTERMSIG(status));
	} else if (WIFEXITED(status) && (WEXITSTATUS(status) != 0 || out.phase != 3)) {
		out.how = Outcome::How::Faulted;
		out.reason = format("exited with status %d", WEXITSTATUS(status));
	}
	return out;
}

}  // namespace kcshim::kunit
