/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_OVERFLOW_H
#define _KCSHIM_LINUX_OVERFLOW_H

#include <linux/types.h>

#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

static inline size_t array_size(size_t a, size_t b)
{
	size_t bytes;

	return __builtin_mul_overflow(a, b, &bytes) ? (size_t)-1 : bytes;
}

static inline size_t size_add(size_t a, size_t b)
{
	size_t bytes;

	return __builtin_add_overflow(a, b, &bytes) ? (size_t)-1 : bytes;
}

/* a * b, or SIZE_MAX when that overflows (so the allocation fails) */
static inline size_t size_mul(size_t a, size_t b)
{
	return array_size(a, b);
}

#define struct_size(p, member, count) \
	size_add(sizeof(*(p)), array_size(count, sizeof(*(p)->member)))

#endif
