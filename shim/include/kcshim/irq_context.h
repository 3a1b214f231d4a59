/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's execution contexts, emulated in a process: hardirq is a timer signal delivered to
 * the thread under test, softirq (BH) runs when that "interrupt" returns to a context that allows
 * it, as the kernel's irq_exit() does. in_hardirq(), in_serving_softirq(), local_bh_disable(),
 * irq_fpu_usable() and friends (<linux/preempt.h>, <asm/simd.h>) see these contexts.
 */
#ifndef _KCSHIM_IRQ_CONTEXT_H
#define _KCSHIM_IRQ_CONTEXT_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct kcshim_irq_test_counts {
	int task_calls;
	int hardirq_calls;
	int softirq_calls;
	bool task_failed;		/* func returned false in that context */
	bool hardirq_failed;
	bool softirq_failed;
};

/*
 * What the kernel's kunit_run_irq_test() does: calls func(state) repeatedly in task context while
 * a timer interrupt (every few microseconds, slowed when it starves the task) calls it in hardirq
 * context and queues a BH work item that calls it in softirq context, at most one call per
 * context at a time. Stops after max_iterations calls in all (once each context has had one) or
 * after one second. Fills counts.
 */
void kcshim_run_irq_test(bool (*func)(void *state), int max_iterations, void *state,
			 struct kcshim_irq_test_counts *counts);

#ifdef __cplusplus
}
#endif

#endif
