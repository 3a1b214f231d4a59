/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_REFCOUNT_H
#define _KCSHIM_LINUX_REFCOUNT_H

#include <linux/atomic.h>

#define REFCOUNT_INIT(n)	{ .refs = ATOMIC_INIT(n) }
#define refcount_set(r, n)	atomic_set(&(r)->refs, (n))
#define refcount_read(r)	atomic_read(&(r)->refs)
#define refcount_inc(r)		atomic_inc(&(r)->refs)
#define refcount_dec(r)		atomic_dec(&(r)->refs)
#define refcount_dec_and_test(r) atomic_dec_and_test(&(r)->refs)

/* Takes a reference unless the count already fell to zero (the object is going). */
static inline bool refcount_inc_not_zero(refcount_t *r)
{
	int old = atomic_read(&r->refs);

	do {
		if (!old)
			return false;
	} while (!atomic_try_cmpxchg(&r->refs, &old, old + 1));
	return true;
}

#endif
