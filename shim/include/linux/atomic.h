/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_ATOMIC_H
#define _KCSHIM_LINUX_ATOMIC_H

#include <linux/types.h>

#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic_set(v, i)	__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED)
#define atomic_inc(v)		((void)__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST))
#define atomic_dec(v)		((void)__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST))
#define atomic_add(i, v)	((void)__atomic_add_fetch(&(v)->counter, (i), __ATOMIC_SEQ_CST))
#define atomic_sub(i, v)	((void)__atomic_sub_fetch(&(v)->counter, (i), __ATOMIC_SEQ_CST))
#define atomic_inc_return(v)	__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_dec_return(v)	__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_read_acquire(v)	__atomic_load_n(&(v)->counter, __ATOMIC_ACQUIRE)
#define atomic_set_release(v, i) __atomic_store_n(&(v)->counter, (i), __ATOMIC_RELEASE)
#define atomic_xchg(v, i)	__atomic_exchange_n(&(v)->counter, (i), __ATOMIC_SEQ_CST)
/* Returns the old value; stores new only when it was old. */
#define atomic_cmpxchg(v, old, new)						\
	({									\
		int __old = (old);						\
		__atomic_compare_exchange_n(&(v)->counter, &__old, (new), false,\
					    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);\
		__old;								\
	})
#define atomic_try_cmpxchg(v, oldp, new)					\
	__atomic_compare_exchange_n(&(v)->counter, (oldp), (new), false,	\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define atomic_dec_and_test(v)	(atomic_dec_return(v) == 0)
#define atomic64_read(v)	__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic64_set(v, i)	__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED)
#define atomic64_inc(v)		((void)__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST))
#define atomic64_add(i, v)	((void)__atomic_add_fetch(&(v)->counter, (i), __ATOMIC_SEQ_CST))

#endif
