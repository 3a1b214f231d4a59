/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kcshim's KUnit runner, for tools: runs the suites that loaded modules (and the library itself)
 * registered with kunit_test_suites(), prints KTAP as the kernel's lib/kunit does, and hands each
 * result to a callback as it is known. Suites written against <kunit/test.h> need none of this.
 */
#ifndef _KCSHIM_KUNIT_H
#define _KCSHIM_KUNIT_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum kcshim_kunit_status {
	KCSHIM_KUNIT_SUCCESS,
	KCSHIM_KUNIT_FAILURE,
	KCSHIM_KUNIT_SKIPPED,
};

/*
 * One result line of the KTAP output. For a parameterised case, each parameter gets a result
 * (param set) and then the case itself (param NULL); a suite's own result has test_case NULL.
 * Strings live until the callback returns.
 */
struct kcshim_kunit_result {
	const char *suite;
	const char *test_case;		/* NULL: the suite's result */
	const char *param;		/* the parameter's description, or NULL */
	enum kcshim_kunit_status status;
	/*
	 * Skips: the reason given to kunit_skip(). Failures that killed the case: what did
	 * ("killed by signal 11 (SIGSEGV)", "timed out after 300 s"); else NULL.
	 */
	const char *reason;
	/* Everything the case logged (kunit_info/kunit_err, failed expectations), '\n'-separated,
	 * exactly as the KTAP output shows it without the indentation; "" when nothing. */
	const char *log;
	unsigned long long duration_ns;
	/*
	 * WARN*() hits while it ran (the kernel prints them and goes on; so does the case): a
	 * parameterised case's and a suite's are the sums of theirs. Their reports are in the log.
	 */
	unsigned int warnings;
};

typedef void (*kcshim_kunit_result_fn)(const struct kcshim_kunit_result *result, void *ctx);

struct kcshim_kunit_options {
	/*
	 * Which tests run, as kunit.filter_glob: "SUITE" or "SUITE.CASE", each part a glob; NULL or
	 * "" runs everything. Suites with no matching case are left out of the output.
	 */
	const char *filter_glob;
	/*
	 * Run each case in a child process (default), so that a fault, abort() or hang is that
	 * case's "not ok" and the run goes on. false: in this process, for gdb; a fault then ends
	 * the run as it would without KUnit.
	 */
	bool no_isolation;
	/* Seconds a case may take before it is killed and reported; 0 = the kernel's 300. */
	unsigned int timeout_s;
	FILE *ktap;			/* where the KTAP goes; NULL = stdout */
	kcshim_kunit_result_fn on_result;	/* may be NULL */
	void *ctx;
	/*
	 * Suites run at once, each in a process of its own (0 or 1: one after another). The KTAP
	 * and the results come in the suites' order either way. Ignored with no_isolation.
	 */
	unsigned int jobs;
};

/*
 * The suites registered so far, in registration order (NULL-terminated; valid until a module is
 * unloaded). Each is a struct kunit_suite * from <kunit/test.h>.
 */
const void *const *kcshim_kunit_suites(void);

/*
 * Runs the registered suites (filtered) and prints the KTAP document: "KTAP version 1", the plan,
 * each suite as a nested subtest with its cases, a "# Totals" line per suite. Returns 0 when no
 * test failed, 1 when one did, or a negative errno (-ENOENT: the filter matched nothing).
 */
int kcshim_kunit_run(const struct kcshim_kunit_options *opts);

#ifdef __cplusplus
}
#endif

#endif
