/* SPDX-License-Identifier: GPL-2.0 */
/* Integer base-2 logarithms and powers of two (include/linux/log2.h). */
#ifndef _KCSHIM_LINUX_LOG2_H
#define _KCSHIM_LINUX_LOG2_H

#include <linux/bitops.h>
#include <linux/types.h>

/* floor(log2(n)); n must not be 0. */
static inline int __ilog2_u64(u64 n)
{
	return fls64(n) - 1;
}

#define ilog2(n) __ilog2_u64((u64)(n))

static inline bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

/* The smallest power of two >= n; n must be 1 or more. */
static inline unsigned long __roundup_pow_of_two(unsigned long n)
{
	return 1UL << fls64(n - 1);
}

static inline unsigned long __rounddown_pow_of_two(unsigned long n)
{
	return 1UL << (fls64(n) - 1);
}

#define roundup_pow_of_two(n) __roundup_pow_of_two(n)
#define rounddown_pow_of_two(n) __rounddown_pow_of_two(n)
/* ceil(log2(n)); 0 for n <= 1. */
#define order_base_2(n) ((n) > 1 ? ilog2((n) - 1) + 1 : 0)

#endif
