// SPDX-License-Identifier: GPL-2.0
// Running a suite, as lib/kunit/test.c does: suite_init, then each case -- init and run_case in
// one try frame, exit and resource cleanup in a second -- then suite_exit; a parameterised case
// runs once per parameter as a nested subtest. Each case runs in a child process
// (isolation.cpp); what it logs, failed expectations included, streams back line by line.
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include <kunit/test-bug.h>
#include <kunit/test.h>

#include "shim/src/kunit/ktap.h"
#include "shim/src/kunit/kunit.h"

namespace kcshim::kunit {

namespace {

thread_local struct kunit *current;
// Where the running case's WARN*() hits are counted (its SharedCase), or null.
thread_local unsigned int *current_warnings;

// A try frame: kunit_try_catch_throw() resumes here.
struct Frame {
	sigjmp_buf buf;
};

// Runs fn(ctx) as a try: true when it returned, false when the test threw (a failed assertion,
// kunit_skip()).
bool run_in_frame(struct kunit *test, void (*fn)(void *), void *ctx)
{
	Frame frame;
	void *outer = test->try_catch.frame;
	bool returned = true;

	test->try_catch.frame = &frame;
	if (sigsetjmp(frame.buf, 1) == 0)
		fn(ctx);
	else
		returned = false;
	test->try_catch.frame = outer;
	return returned;
}

unsigned long long now_ns()
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return static_cast<unsigned long long>(ts.tv_sec) * 1000000000ULL +
	       static_cast<unsigned long long>(ts.tv_nsec);
}

// What a result's log shows: the lines without the case level's indentation.
void collect(std::string &log, std::string_view line)
{
	if (line.starts_with(KUNIT_SUBTEST_INDENT))
		line.remove_prefix(KUNIT_INDENT_LEN);
	if (!log.empty())
		log += '\n';
	log += line;
}

struct CaseContext {
	struct kunit_suite *suite;
	struct kunit_case *test_case;
	struct kunit *test;
};

// Slow cases (over 2 s) not marked slow get the kernel's hint.
void check_speed(struct kunit *test, const struct kunit_case *test_case,
		 unsigned long long duration_ns)
{
	if (duration_ns < 2000000000ULL)
		return;
	if (test_case->attr.speed == KUNIT_SPEED_VERY_SLOW ||
	    test_case->attr.speed == KUNIT_SPEED_SLOW)
		return;
	kunit_warn(test, "Test should be marked slow (runtime: %llu.%09llus)",
		   duration_ns / 1000000000ULL, duration_ns % 1000000000ULL);
}

void try_run_case(void *data)
{
	auto *ctx = static_cast<CaseContext *>(data);
	struct kunit *test = ctx->test;

	current = test;
	if (ctx->suite->init) {
		int ret = ctx->suite->init(test);
		if (ret) {
			kunit_err(test, "failed to initialize: %d\n", ret);
			kunit_set_failure(test);
			return;
		}
	}
	unsigned long long start = now_ns();
	ctx->test_case->run_case(test);
	check_speed(test, ctx->test_case, now_ns() - start);
}

void try_run_case_cleanup(void *data)
{
	auto *ctx = static_cast<CaseContext *>(data);
	struct kunit *test = ctx->test;

	current = test;
	if (ctx->suite->exit)
		ctx->suite->exit(test);
	kunit_cleanup(test);
}

// One run of a case (or of one parameter), in the child: the kernel's two try-catch runs.
void run_case_body(CaseContext *ctx, SharedCase *shared)
{
	int *phase = &shared->phase;

	current_warnings = &shared->warnings;
	*phase = 1;
	run_in_frame(ctx->test, try_run_case, ctx);
	*phase = 2;
	if (!run_in_frame(ctx->test, try_run_case_cleanup, ctx)) {
		kunit_set_failure(ctx->test);
		kunit_err(ctx->test, "test aborted during cleanup. continuing without cleaning up\n");
	}
	current = nullptr;
	current_warnings = nullptr;
	*phase = 3;
}

unsigned int case_timeout(const struct kunit_suite *suite, const struct kunit_case *test_case,
			  unsigned int base)
{
	auto mult = [](enum kunit_speed speed) {
		return speed == KUNIT_SPEED_SLOW ? 3u : speed == KUNIT_SPEED_VERY_SLOW ? 12u : 1u;
	};
	unsigned int m = 1;
	if (suite->attr.speed != KUNIT_SPEED_UNSET)
		m = mult(suite->attr.speed);
	if (test_case->attr.speed != KUNIT_SPEED_UNSET)
		m = mult(test_case->attr.speed);
	return m * (base ? base : 300);
}

// The result of one run, for the callback.
struct RunResult {
	std::string log;
	std::string reason;
	unsigned long long duration_ns = 0;
	unsigned int warnings = 0;
};

// The kernel's kunit_run_case_catch_errors(): runs test_case once with *test (in shared memory),
// reports a child that died as the kernel reports a case thread that died, and folds the result
// into test_case->status.
RunResult run_case_catch_errors(struct kunit_suite *suite, struct kunit_case *test_case,
				SharedCase *shared, RunContext &rc, std::string *case_log)
{
	RunResult r;
	struct kunit *test = &shared->test;
	struct string_stream parent_log;
	parent_log.on_line = [&](std::string_view line) {
		rc.ktap.log_line(line);
		collect(r.log, line);
		if (case_log)
			collect(*case_log, line);
	};
	CaseContext ctx = {suite, test_case, test};
	unsigned long long start = now_ns();

	Outcome out = run_isolated(
		shared,
		[&](struct string_stream *log) {
			test->log = log;
			run_case_body(&ctx, shared);
		},
		parent_log.on_line, rc.opts.no_isolation,
		case_timeout(suite, test_case, rc.opts.timeout_s));
	r.duration_ns = now_ns() - start;
	r.warnings = shared->warnings;
	test->log = &parent_log;

	if (out.how != Outcome::How::Finished) {
		bool in_cleanup = out.phase >= 2;
		kunit_set_failure(test);
		r.reason = out.reason;
		if (out.how == Outcome::How::Faulted) {
			kunit_err(test, "%s\n", out.reason.c_str());
			if (test->last_seen.file)
				kunit_err(test, "try faulted: last line seen %s:%d\n",
					  test->last_seen.file, test->last_seen.line);
			else
				kunit_err(test, "try faulted\n");
			if (in_cleanup)
				kunit_err(test, "internal error occurred during test case cleanup: %d\n",
					  -EINTR);
			else
				kunit_err(test, "internal error occurred preventing test case from running: %d\n",
					  -EINTR);
		} else {
			kunit_err(test, "try timed out\n");
			if (in_cleanup)
				kunit_err(test, "test case cleanup timed out\n");
			else
				kunit_err(test, "test case timed out\n");
		}
	}
	test->log = nullptr;

	if (test->status == KUNIT_FAILURE)
		test_case->status = KUNIT_FAILURE;
	else if (test_case->status != KUNIT_FAILURE && test->status == KUNIT_SUCCESS)
		test_case->status = KUNIT_SUCCESS;
	if (r.reason.empty() && test->status == KUNIT_SKIPPED)
		r.reason = test->status_comment;
	return r;
}

void report(RunContext &rc, const char *suite, const char *test_case, const char *param,
	    enum kunit_status status, const std::string &reason, const std::string &log,
	    unsigned long long duration_ns, unsigned int warnings)
{
	if (status == KUNIT_FAILURE)
		rc.any_failed = true;
	if (!rc.opts.on_result)
		return;
	struct kcshim_kunit_result r = {
		.suite = suite,
		.test_case = test_case,
		.param = param,
		.status = static_cast<enum kcshim_kunit_status>(status),
		.reason = reason.empty() ? nullptr : reason.c_str(),
		.log = log.c_str(),
		.duration_ns = duration_ns,
		.warnings = warnings,
	};
	rc.opts.on_result(&r, rc.opts.ctx);
}

struct GenerateContext {
	struct kunit_case *test_case;
	struct kunit *test;
	const void *prev;
	char *desc;
	const void *next;
};

void try_generate(void *data)
{
	auto *g = static_cast<GenerateContext *>(data);
	current = g->test;
	g->next = g->test_case->generate_params(g->test, g->prev, g->desc);
	current = nullptr;
}

struct ParamInitContext {
	struct kunit_case *test_case;
	struct kunit *test;
	int err;
};

void try_param_init(void *data)
{
	auto *p = static_cast<ParamInitContext *>(data);
	current = p->test;
	p->err = p->test_case->param_init(p->test);
	current = nullptr;
}

// The parent's generator, run in this process (the kernel does not isolate it either).
const void *next_param(struct kunit_case *test_case, struct kunit *test, const void *prev,
		       char *desc)
{
	GenerateContext g = {test_case, test, prev, desc, nullptr};
	desc[0] = '\0';
	if (!run_in_frame(test, try_generate, &g))
		return nullptr;
	return g.next;
}

void run_param_test(struct kunit_suite *suite, struct kunit_case *test_case, struct kunit *test,
		    Stats &param_stats, RunContext &rc, RunResult &case_result)
{
	char param_desc[KUNIT_PARAM_DESC_SIZE];

	if (test_case->param_init) {
		ParamInitContext p = {test_case, test, 0};
		if (!run_in_frame(test, try_param_init, &p) && !p.err)
			p.err = -EINTR;
		if (p.err) {
			kunit_log_append(test->log, KUNIT_SUBTEST_INDENT KUNIT_SUBTEST_INDENT
					 "# failed to initialize parent parameter test (%d)", p.err);
			test->status = KUNIT_FAILURE;
			test_case->status = KUNIT_FAILURE;
			param_stats.add(test->status);
			return;
		}
	}
	const void *param = next_param(test_case, test, nullptr, param_desc);
	test_case->status = KUNIT_SKIPPED;
	bool planned = test->params_array.params &&
		       test_case->generate_params == kunit_array_gen_params;
	rc.ktap.params_start(test_case->name, planned ? test->params_array.num_params : 0);

	while (param) {
		SharedCaseMapping mapping;
		struct kunit *param_test = &mapping.get()->test;

		kunit_init_test(param_test, test_case->name, nullptr);
		param_test->param_value = param;
		param_test->param_index = ++test->param_index;
		param_test->parent = test;
		RunResult r = run_case_catch_errors(suite, test_case, mapping.get(), rc,
						    &case_result.log);
		case_result.duration_ns += r.duration_ns;
		case_result.warnings += r.warnings;
		if (param_desc[0] == '\0')
			snprintf(param_desc, sizeof(param_desc), "param-%d", param_test->param_index);
		rc.ktap.result(2, param_test->status, param_test->param_index, param_desc,
			       param_test->status_comment);
		param_stats.add(param_test->status);
		report(rc, suite->name, test_case->name, param_desc, param_test->status, r.reason,
		       r.log, r.duration_ns, r.warnings);
		if (case_result.reason.empty() && param_test->status == KUNIT_FAILURE)
			case_result.reason = r.reason;

		param = next_param(test_case, test, param, param_desc);
	}
	if (test_case->param_exit) {
		current = test;
		test_case->param_exit(test);
	}
	kunit_cleanup(test);
}

// The kernel's kunit_run_one_test(); returns the case's WARN*() hits.
unsigned int run_one_test(struct kunit_suite *suite, struct kunit_case *test_case,
			  Stats &suite_stats, Stats &total_stats, RunContext &rc)
{
	SharedCaseMapping mapping;
	struct kunit *test = &mapping.get()->test;
	Stats param_stats;
	RunResult result;

	kunit_init_test(test, test_case->name, nullptr);
	if (test_case->status == KUNIT_SKIPPED) {
		test->status = KUNIT_SKIPPED;
		param_stats.add(test->status);
	} else if (!test_case->generate_params) {
		test_case->status = KUNIT_SKIPPED;
		result = run_case_catch_errors(suite, test_case, mapping.get(), rc, nullptr);
		param_stats.add(test->status);
	} else {
		struct string_stream parent_log;
		parent_log.on_line = [&](std::string_view line) {
			rc.ktap.log_line(line);
			collect(result.log, line);
		};
		test->log = &parent_log;
		run_param_test(suite, test_case, test, param_stats, rc, result);
		test->log = nullptr;
	}
	rc.ktap.case_attributes(*test_case);
	rc.ktap.case_stats(test_case->name, param_stats);
	rc.ktap.result(1, test_case->status, kunit_test_case_num(suite, test_case), test_case->name,
		       test->status_comment);
	suite_stats.add(test_case->status);
	total_stats.add(param_stats);

	if (test_case->status == KUNIT_SKIPPED && test->status_comment[0])
		result.reason = test->status_comment;
	if (test_case->status == KUNIT_SUCCESS)
		result.reason.clear();
	report(rc, suite->name, test_case->name, nullptr, test_case->status, result.reason,
	       result.log, result.duration_ns, result.warnings);
	return result.warnings;
}

}  // namespace

void Stats::add(enum kunit_status status)
{
	switch (status) {
	case KUNIT_SUCCESS:
		passed++;
		break;
	case KUNIT_SKIPPED:
		skipped++;
		break;
	case KUNIT_FAILURE:
		failed++;
		break;
	}
	total++;
}

void Stats::add(const Stats &other)
{
	passed += other.passed;
	skipped += other.skipped;
	failed += other.failed;
	total += other.total;
}

std::string vformat(const char *fmt, va_list ap)
{
	va_list copy;
	va_copy(copy, ap);
	int n = vsnprintf(nullptr, 0, fmt, copy);
	va_end(copy);
	if (n <= 0)
		return {};
	std::string s(static_cast<size_t>(n), '\0');
	vsnprintf(s.data(), s.size() + 1, fmt, ap);
	return s;
}

std::string format(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	std::string s = vformat(fmt, ap);
	va_end(ap);
	return s;
}

void log_lines(struct string_stream *log, std::string_view text)
{
	if (!log || !log->on_line)
		return;
	if (text.ends_with('\n'))
		text.remove_suffix(1);
	for (;;) {
		size_t nl = text.find('\n');
		log->on_line(text.substr(0, nl));
		if (nl == std::string_view::npos)
			break;
		text.remove_prefix(nl + 1);
	}
}

void set_current_test(struct kunit *test)
{
	current = test;
}

bool report_warning(std::string_view line)
{
	if (!current || !current->log)
		return false;
	if (current_warnings)
		++*current_warnings;
	log_lines(current->log, line);
	return true;
}

void run_suite(struct kunit_suite *suite, size_t number, RunContext &rc)
{
	struct kunit_case *test_case;
	Stats suite_stats, total_stats;
	unsigned int warnings = 0;
	std::string suite_log;
	struct string_stream log;
	unsigned long long start = now_ns();

	log.on_line = [&](std::string_view line) {
		rc.ktap.log_line(line);
		collect(suite_log, line);
	};
	suite->log = &log;
	suite->status_comment[0] = '\0';
	suite->suite_init_err = 0;
	suite->status = KUNIT_SUCCESS;

	bool run = true;
	if (suite->suite_init) {
		suite->suite_init_err = suite->suite_init(suite);
		if (suite->suite_init_err) {
			suite->status = KUNIT_FAILURE;
			kunit_err(suite, KUNIT_SUBTEST_INDENT "# failed to initialize (%d)",
				  suite->suite_init_err);
			run = false;
		} else if (suite->status == KUNIT_SKIPPED) {
			run = false;
		}
	}
	if (run) {
		rc.ktap.suite_start(*suite, kunit_suite_num_test_cases(suite));
		kunit_suite_for_each_test_case(suite, test_case)
			warnings += run_one_test(suite, test_case, suite_stats, total_stats, rc);
		if (suite->suite_exit)
			suite->suite_exit(suite);
		rc.ktap.suite_stats(suite->name, suite_stats, total_stats);
	}
	enum kunit_status status = kunit_suite_has_succeeded(suite);
	rc.ktap.result(0, status, number, suite->name, suite->status_comment);
	suite->log = nullptr;

	std::string reason = status == KUNIT_SKIPPED ? suite->status_comment : "";
	report(rc, suite->name, nullptr, nullptr, status, reason, suite_log, now_ns() - start,
	       warnings);
}

}  // namespace kcshim::kunit

using namespace kcshim::kunit;

extern "C" {

bool kunit_enabled(void)
{
	return true;
}

void kunit_init_test(struct kunit *test, const char *name, struct string_stream *log)
{
	INIT_LIST_HEAD(&test->resources);
	test->name = name;
	test->log = log;
	test->status = KUNIT_SUCCESS;
	test->status_comment[0] = '\0';
	test->params_array = {};
}

size_t kunit_suite_num_test_cases(struct kunit_suite *suite)
{
	struct kunit_case *test_case;
	size_t n = 0;

	kunit_suite_for_each_test_case(suite, test_case)
		n++;
	return n;
}

unsigned int kunit_test_case_num(struct kunit_suite *suite, struct kunit_case *test_case)
{
	struct kunit_case *tc;
	unsigned int i = 1;

	kunit_suite_for_each_test_case(suite, tc) {
		if (tc == test_case)
			return i;
		i++;
	}
	return 0;
}

enum kunit_status kunit_suite_has_succeeded(struct kunit_suite *suite)
{
	const struct kunit_case *test_case;
	enum kunit_status status = KUNIT_SKIPPED;

	if (suite->status == KUNIT_SKIPPED)
		return KUNIT_SKIPPED;
	if (suite->suite_init_err)
		return KUNIT_FAILURE;
	kunit_suite_for_each_test_case(suite, test_case) {
		if (test_case->status == KUNIT_FAILURE) {
			suite->status = KUNIT_FAILURE;
			return KUNIT_FAILURE;
		}
		if (test_case->status == KUNIT_SUCCESS)
			status = KUNIT_SUCCESS;
	}
	return status;
}

const void *kunit_array_gen_params(struct kunit *test, const void *prev, char *desc)
{
	struct kunit_params *params = &test->params_array;

	if (test->param_index >= 0 && static_cast<size_t>(test->param_index) < params->num_params) {
		const void *param = static_cast<const char *>(params->params) +
				    static_cast<size_t>(test->param_index) * params->elem_size;
		if (params->get_description)
			params->get_description(test, param, desc);
		return param;
	}
	return nullptr;
}

void kunit_log_append(struct string_stream *log, const char *fmt, ...)
{
	if (!log)
		return;
	va_list ap;
	va_start(ap, fmt);
	std::string text = vformat(fmt, ap);
	va_end(ap);
	log_lines(log, text);
}

void __kunit_do_failed_assertion(struct kunit *test, const struct kunit_loc *loc,
				 enum kunit_assert_type type, const struct kunit_assert *assert,
				 assert_format_t assert_format, const char *fmt, ...)
{
	va_list args;
	struct va_format message;
	struct string_stream stream;

	kunit_set_failure(test);
	va_start(args, fmt);
	message.fmt = fmt;
	message.va = &args;
	kunit_assert_prologue(loc, type, &stream);
	assert_format(assert, &message, &stream);
	va_end(args);
	if (!stream.text.empty())
		kunit_err(test, "%s", stream.text.c_str());
}

void __kunit_abort(struct kunit *test)
{
	kunit_try_catch_throw(&test->try_catch);
}

void kunit_try_catch_throw(struct kunit_try_catch *try_catch)
{
	auto *frame = static_cast<Frame *>(try_catch->frame);
	if (!frame) {
		fprintf(stderr, "kunit: a test threw (failed assertion, kunit_skip()) outside a case\n");
		abort();
	}
	siglongjmp(frame->buf, 1);
}

struct kunit *kcshim_kunit_current_test(void)
{
	return current;
}

void __kunit_fail_current_test_impl(const char *file, int line, const char *fmt, ...)
{
	struct kunit *test = current;
	if (!test)
		return;
	kunit_set_failure(test);
	va_list ap;
	va_start(ap, fmt);
	std::string text = vformat(fmt, ap);
	va_end(ap);
	kunit_err(test, "%s:%d: %s", file, line, text.c_str());
}

}  // extern "C"
