/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kunit_run_irq_test(): a function called over and over in task, hardirq and softirq context at
 * once. kcshim emulates the contexts (<kcshim/irq_context.h>); the checks afterwards, and their
 * messages, are the kernel's.
 */
#ifndef _KUNIT_RUN_IN_IRQ_CONTEXT_H
#define _KUNIT_RUN_IN_IRQ_CONTEXT_H

#include <kunit/test.h>
#include <kcshim/irq_context.h>
#include <linux/atomic.h>
#include <linux/timekeeping.h>	/* the kernel's version includes it; suites rely on it */

/*
 * Calls func(test_specific_state) in task context while a timer calls it in hardirq context and
 * a BH work item in softirq context, max_iterations times in all or for one second. func returns
 * false when it saw something wrong; that fails the test, as does a context never reached.
 */
static inline void kunit_run_irq_test(struct kunit *test, bool (*func)(void *),
				      int max_iterations, void *test_specific_state)
{
	struct kcshim_irq_test_counts counts = {};
	/* Named as the kernel's are, so that a failure reads the same. */
	struct {
		atomic_t hardirq_func_calls;
		atomic_t softirq_func_calls;
		bool task_func_reported_failure;
		bool hardirq_func_reported_failure;
		bool softirq_func_reported_failure;
	} state;

	kcshim_run_irq_test(func, max_iterations, test_specific_state, &counts);
	atomic_set(&state.hardirq_func_calls, counts.hardirq_calls);
	atomic_set(&state.softirq_func_calls, counts.softirq_calls);
	state.task_func_reported_failure = counts.task_failed;
	state.hardirq_func_reported_failure = counts.hardirq_failed;
	state.softirq_func_reported_failure = counts.softirq_failed;

	/* Sanity check: the timer and BH functions should have been run. */
	KUNIT_EXPECT_GT_MSG(test, atomic_read(&state.hardirq_func_calls), 0,
			    "Timer function was not called");
	KUNIT_EXPECT_GT_MSG(test, atomic_read(&state.softirq_func_calls), 0,
			    "BH work function was not called");

	/* Check for failure reported from any context. */
	KUNIT_EXPECT_FALSE_MSG(test, state.task_func_reported_failure,
			       "Failure reported from task context");
	KUNIT_EXPECT_FALSE_MSG(test, state.hardirq_func_reported_failure,
			       "Failure reported from hardirq context");
	KUNIT_EXPECT_FALSE_MSG(test, state.softirq_func_reported_failure,
			       "Failure reported from softirq context");
}

#endif
