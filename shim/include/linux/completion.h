/* SPDX-License-Identifier: GPL-2.0 */
/* Completions for synchronous consumers: kcshim's drivers complete before they return. */
#ifndef _KCSHIM_LINUX_COMPLETION_H
#define _KCSHIM_LINUX_COMPLETION_H

#include <linux/types.h>

struct completion {
	unsigned int done;
};

#define DECLARE_COMPLETION(work)		struct completion work = { 0 }
#define DECLARE_COMPLETION_ONSTACK(work)	DECLARE_COMPLETION(work)

static inline void init_completion(struct completion *x)
{
	x->done = 0;
}

static inline void reinit_completion(struct completion *x)
{
	x->done = 0;
}

static inline void complete(struct completion *x)
{
	x->done++;
}

static inline void complete_all(struct completion *x)
{
	x->done = ~0u;
}

static inline void wait_for_completion(struct completion *x)
{
}

static inline int wait_for_completion_interruptible(struct completion *x)
{
	return 0;
}

static inline bool completion_done(struct completion *x)
{
	return x->done != 0;
}

#endif
