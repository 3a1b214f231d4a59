// SPDX-License-Identifier: GPL-2.0
// Suites in parallel (kcshim_kunit_options.jobs > 1): each suite runs in a child process of its
// own, exactly as it would in this one (its cases in their own children again), writing its KTAP
// and its results into memory files; the parent prints each suite's KTAP and hands on its results
// in the suites' order, so the output is that of a run one suite after another. The files are
// read only after the child is gone, so no child ever waits for the parent to drain a pipe.
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "shim/src/kunit/ktap.h"
#include "shim/src/kunit/kunit.h"

namespace kcshim::kunit {

namespace {

// A suite's child: its memory files, and a pipe whose end of file says it and everything it
// started (its cases' children) are gone.
struct SuiteChild {
	pid_t pid = -1;
	int ktap_fd = -1;
	int results_fd = -1;
	int done_fd = -1;
	int status = 0;
	bool finished = false;
};

// A result on the wire: each string as a length (UINT32_MAX for none) and its bytes.
void put_string(std::string &out, const char *s)
{
	uint32_t len = s ? static_cast<uint32_t>(strlen(s)) : UINT32_MAX;
	out.append(reinterpret_cast<const char *>(&len), sizeof(len));
	if (s)
		out.append(s, len);
}

template <typename T> void put(std::string &out, T value)
{
	out.append(reinterpret_cast<const char *>(&value), sizeof(value));
}

// The child's on_result: the result, appended to the results file (ctx: its descriptor).
void record_result(const struct kcshim_kunit_result *r, void *ctx)
{
	std::string record;
	put_string(record, r->suite);
	put_string(record, r->test_case);
	put_string(record, r->param);
	put(record, static_cast<int32_t>(r->status));
	put_string(record, r->reason);
	put_string(record, r->log);
	put(record, r->duration_ns);
	put(record, r->warnings);
	write_all(*static_cast<int *>(ctx), record);
}

class RecordReader {
public:
	explicit RecordReader(std::string_view data) : data_(data) {}
	bool at_end() const { return data_.empty(); }

	bool string(std::optional<std::string> &out)
	{
		uint32_t len;
		if (!get(len))
			return false;
		if (len == UINT32_MAX) {
			out.reset();
			return true;
		}
		if (data_.size() < len)
			return false;
		out.emplace(data_.substr(0, len));
		data_.remove_prefix(len);
		return true;
	}

	template <typename T> bool get(T &out)
	{
		if (data_.size() < sizeof(T))
			return false;
		memcpy(&out, data_.data(), sizeof(T));
		data_.remove_prefix(sizeof(T));
		return true;
	}

private:
	std::string_view data_;
};

// Hands the child's results to opts.on_result, in the order the child reported them.
void replay_results(std::string_view data, const kcshim_kunit_options &opts)
{
	RecordReader in(data);
	while (!in.at_end()) {
		std::optional<std::string> suite, test_case, param, reason, log;
		int32_t status;
		struct kcshim_kunit_result r = {};
		if (!in.string(suite) || !in.string(test_case) || !in.string(param) || !in.get(status) ||
		    !in.string(reason) || !in.string(log) || !in.get(r.duration_ns) ||
		    !in.get(r.warnings))
			return;	// a child killed mid-write: its last result is lost, as its KTAP says
		auto c_str = [](const std::optional<std::string> &s) { return s ? s->c_str() : nullptr; };
		r.suite = c_str(suite);
		r.test_case = c_str(test_case);
		r.param = c_str(param);
		r.status = static_cast<enum kcshim_kunit_status>(status);
		r.reason = c_str(reason);
		r.log = log ? log->c_str() : "";
		opts.on_result(&r, opts.ctx);
	}
}

std::string read_all(int fd)
{
	std::string out;
	if (lseek(fd, 0, SEEK_SET) < 0)
		return out;
	char buf[65536];
	ssize_t n;
	while ((n = read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			out.append(buf, static_cast<size_t>(n));
	return out;
}

[[noreturn]] void run_child(struct kunit_suite *suite, size_t number,
			    const kcshim_kunit_options &opts, SuiteChild &c)
{
	FILE *out = fdopen(dup(c.ktap_fd), "w");
	if (!out)
		_exit(2);
	kcshim_kunit_options child = opts;
	child.ktap = out;
	child.on_result = record_result;
	child.ctx = &c.results_fd;
	Ktap ktap(out);
	RunContext rc = {ktap, child};
	run_suite(suite, number, rc);
	fflush(out);
	// No exit handlers, no stdio flush: those belong to the parent's copy of the process.
	_exit(rc.any_failed ? 1 : 0);
}

bool start(SuiteChild &c, struct kunit_suite *suite, size_t number,
	   const kcshim_kunit_options &opts)
{
	int done[2];
	c.ktap_fd = memfd_create("kunit-ktap", MFD_CLOEXEC);
	c.results_fd = memfd_create("kunit-results", MFD_CLOEXEC);
	if (c.ktap_fd < 0 || c.results_fd < 0 || pipe2(done, O_CLOEXEC))
		return false;
	c.pid = fork();
	if (c.pid < 0) {
		close(done[0]);
		close(done[1]);
		return false;
	}
	if (c.pid == 0) {
		close(done[0]);
		run_child(suite, number, opts, c);
	}
	close(done[1]);
	c.done_fd = done[0];
	return true;
}

// Waits until one of the running children has ended; reaps it.
void wait_one(std::vector<SuiteChild> &children, size_t first, size_t end)
{
	std::vector<struct pollfd> fds;
	std::vector<size_t> which;
	for (size_t i = first; i < end; i++) {
		if (children[i].pid > 0 && !children[i].finished) {
			fds.push_back({children[i].done_fd, POLLIN, 0});
			which.push_back(i);
		}
	}
	if (fds.empty())
		return;
	while (poll(fds.data(), fds.size(), -1) < 0 && errno == EINTR)
		;
	for (size_t k = 0; k < fds.size(); k++) {
		if (!fds[k].revents)
			continue;
		SuiteChild &c = children[which[k]];
		char byte;
		if (read(c.done_fd, &byte, 1) > 0)
			continue;	// nothing writes to it; end of file is the news
		while (waitpid(c.pid, &c.status, 0) < 0 && errno == EINTR)
			;
		close(c.done_fd);
		c.finished = true;
	}
}

// Prints a finished suite's KTAP, hands on its results, and closes its files.
void emit(SuiteChild &c, struct kunit_suite *suite, size_t number, RunContext &rc, FILE *out)
{
	std::string ktap = read_all(c.ktap_fd);
	fwrite(ktap.data(), 1, ktap.size(), out);
	fflush(out);
	if (rc.opts.on_result)
		replay_results(read_all(c.results_fd), rc.opts);
	close(c.ktap_fd);
	close(c.results_fd);
	if (WIFEXITED(c.status) && WEXITSTATUS(c.status) <= 1) {
		rc.any_failed |= WEXITSTATUS(c.status) == 1;
		return;
	}
	// the suite's own process died (its cases have theirs): its remaining results are lost
	rc.any_failed = true;
	rc.ktap.log_line(WIFSIGNALED(c.status)
				 ? format("# %s: the suite's process was killed by signal %d",
					  suite->name, WTERMSIG(c.status))
				 : format("# %s: the suite's process exited with status %d", suite->name,
					  WEXITSTATUS(c.status)));
	rc.ktap.result(0, KUNIT_FAILURE, number, suite->name, nullptr);
}

}  // namespace

void run_suites_in_parallel(const std::vector<struct kunit_suite *> &suites, size_t first_number,
			    RunContext &rc, unsigned int jobs, FILE *out)
{
	std::vector<SuiteChild> children(suites.size());
	size_t started = 0, printed = 0;
	fflush(nullptr);
	while (printed < suites.size()) {
		auto running = [&] {
			return static_cast<size_t>(std::count_if(
				children.begin() + printed, children.begin() + started,
				[](const SuiteChild &c) { return !c.finished; }));
		};
		while (started < suites.size() && running() < jobs) {
			if (!start(children[started], suites[started], first_number + started, rc.opts)) {
				perror("kunit: starting a suite's process");
				abort();
			}
			started++;
		}
		wait_one(children, printed, started);
		for (; printed < started && children[printed].finished; printed++)
			emit(children[printed], suites[printed], first_number + printed, rc, out);
	}
}

}  // namespace kcshim::kunit
