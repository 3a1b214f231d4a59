/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_COMPILER_H
#define _KCSHIM_LINUX_COMPILER_H

#include <linux/compiler_types.h>

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" : : : "memory")
/* Makes the optimiser forget what it knows about var: the kernel's memzero_explicit() relies on it. */
#define barrier_data(ptr)	__asm__ __volatile__("" : : "r"(ptr) : "memory")
#define OPTIMIZER_HIDE_VAR(var)	__asm__("" : "=r"(var) : "0"(var))
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define __must_be_array(a)	0
#define unreachable()		__builtin_unreachable()
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)
#define __is_constexpr(x) \
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))
#define data_race(expr)		(expr)

#endif
