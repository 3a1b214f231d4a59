/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How a case is stopped: a failed assertion or kunit_skip() throws, and the runner, which set up
 * a frame (sigsetjmp) before it called into the case, resumes there. The kernel ends the case's
 * kthread instead; either way nothing after the throw runs.
 */
#ifndef _KUNIT_TRY_CATCH_H
#define _KUNIT_TRY_CATCH_H

#include <linux/compiler.h>
#include <linux/types.h>

struct kunit;

struct kunit_try_catch {
	/* private: internal use only. */
	struct kunit *test;
	int try_result;		/* 0, or the kernel's -EINTR/-ETIMEDOUT for a case that died */
	void *context;
	void *frame;		/* the runner's resume point; NULL outside a case */
};

__KCSHIM_BEGIN_DECLS
/* Leaves the case at once, back to the runner's frame. Outside a case: aborts the process. */
void __noreturn kunit_try_catch_throw(struct kunit_try_catch *try_catch);
__KCSHIM_END_DECLS

static inline int kunit_try_catch_get_result(struct kunit_try_catch *try_catch)
{
	return try_catch->try_result;
}

#endif
