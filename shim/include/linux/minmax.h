/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_MINMAX_H
#define _KCSHIM_LINUX_MINMAX_H

/* Kernel code only: C++ has std::min/std::max and these macros would break them. */
#ifndef __cplusplus
#define __kcshim_cmp(op, x, y) ({		\
	__auto_type __x = (x);			\
	__auto_type __y = (y);			\
	__x op __y ? __x : __y; })
#define min(x, y)		__kcshim_cmp(<, x, y)
#define max(x, y)		__kcshim_cmp(>, x, y)
#define min3(x, y, z)		min((typeof(x))min(x, y), z)
#define max3(x, y, z)		max((typeof(x))max(x, y), z)
#define min_t(type, x, y)	__kcshim_cmp(<, (type)(x), (type)(y))
#define max_t(type, x, y)	__kcshim_cmp(>, (type)(x), (type)(y))
#define umin(x, y)		__kcshim_cmp(<, (x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)
#define umax(x, y)		__kcshim_cmp(>, (x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)
#define clamp(val, lo, hi)	min((typeof(val))max(val, lo), hi)
#define clamp_t(type, val, lo, hi) min_t(type, max_t(type, val, lo), hi)
#define clamp_val(val, lo, hi)	clamp_t(typeof(val), val, lo, hi)
#define swap(a, b) \
	do { typeof(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)
#endif

#endif
