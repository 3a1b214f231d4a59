// SPDX-License-Identifier: GPL-2.0
// The KUnit runner's insides, shared by its files, which split the work as the kernel's lib/kunit
// does: test.cpp runs suites and cases, assert.cpp words failures, resource.cpp releases what a
// case acquired, executor.cpp keeps the registry and filters, isolation.cpp runs a case in a
// child process, parallel.cpp suites in processes of their own, ktap.cpp prints. Errors inside are values (a case's status, an Outcome); the C
// ABI returns the kernel's -errno.
#pragma once

#include <cstdarg>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <kcshim/kunit.h>
#include <kunit/test.h>

// What test->log and suite->log point at, and what an assertion's message is built in: text
// accumulates; a log hands each line, as it will be printed, to on_line.
struct string_stream {
	std::string text;
	std::function<void(std::string_view line)> on_line;
};

namespace kcshim::kunit {

class Ktap;

std::string vformat(const char *fmt, va_list ap);
__attribute__((format(printf, 1, 2))) std::string format(const char *fmt, ...);

// Hands text to log->on_line line by line, as printk would print it: one trailing newline is
// dropped, every other newline starts a line.
void log_lines(struct string_stream *log, std::string_view text);

// The test running on this thread (set while a case, its init/exit or a param generator runs).
void set_current_test(struct kunit *test);
// A WARN*() while a test runs: counted in its SharedCase, and its report goes to the test's log.
// False when no test runs.
bool report_warning(std::string_view line);
// Writes all of s to fd (a child's pipe or results file), retrying on EINTR; gives up silently
// on an error: the reader sees the record cut short.
void write_all(int fd, std::string_view s);

// Results of a level of the KTAP tree.
struct Stats {
	unsigned long passed = 0;
	unsigned long failed = 0;
	unsigned long skipped = 0;
	unsigned long total = 0;

	void add(enum kunit_status status);
	void add(const Stats &other);
};

struct RunContext {
	Ktap &ktap;
	const kcshim_kunit_options &opts;
	bool any_failed = false;
};

// test.cpp: the kernel's kunit_run_tests() for one suite, numbered number in the plan.
void run_suite(struct kunit_suite *suite, size_t number, RunContext &rc);

// parallel.cpp: run_suite() of each suite, numbered from first_number, up to jobs at once in
// processes of their own; the KTAP goes to out and the results to rc.opts.on_result in the
// suites' order, as a run one after another gives them.
void run_suites_in_parallel(const std::vector<struct kunit_suite *> &suites, size_t first_number,
			    RunContext &rc, unsigned int jobs, FILE *out);

// isolation.cpp: how a case's run ended.
struct Outcome {
	enum class How { Finished, Faulted, TimedOut } how = How::Finished;
	int phase = 0;		// where it ended: 1 init + run_case, 2 exit + cleanup, 3 done
	std::string reason;	// "killed by signal 11 (SIGSEGV)", "timed out after 300 s"
};

// A struct kunit in memory the parent shares with the case's child, so that its status, status
// comment, last-seen line and WARN*() count survive the child; phase as in Outcome.
struct SharedCase {
	struct kunit test;
	int phase;
	unsigned int warnings;
};

// Maps a SharedCase (zeroed); unmapped when the holder goes.
class SharedCaseMapping {
public:
	SharedCaseMapping();
	~SharedCaseMapping();
	SharedCaseMapping(const SharedCaseMapping &) = delete;
	SharedCaseMapping &operator=(const SharedCaseMapping &) = delete;
	SharedCase *get() const { return shared_; }

private:
	SharedCase *shared_;
};

// Runs body(log) in a child process (or here, with opts.no_isolation), where log hands each line
// to on_line in this process as it is logged; kills the child after timeout_s seconds.
Outcome run_isolated(SharedCase *shared, const std::function<void(struct string_stream *)> &body,
		     const std::function<void(std::string_view)> &on_line, bool no_isolation,
		     unsigned int timeout_s);

}  // namespace kcshim::kunit
