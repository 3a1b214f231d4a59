/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 64-bit division helpers: plain division, as the kernel's generic versions (on 32-bit hosts the
 * compiler's runtime divides 64-bit numbers).
 */
#ifndef _KCSHIM_LINUX_MATH64_H
#define _KCSHIM_LINUX_MATH64_H

#include <linux/types.h>

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

#define div64_ul(x, y)		div64_u64((x), (y))
#define DIV64_U64_ROUND_UP(ll, d)	div64_u64((ll) + (d) - 1, (d))

/* (a * mul) / divisor with a 96-bit intermediate product; the quotient is truncated to 64 bits. */
#if defined(__SIZEOF_INT128__)
static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 divisor)
{
	return (u64)(((unsigned __int128)a * mul) / divisor);
}
#else
static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 divisor)
{
	/* a * mul = hi * 2^32 + lo, with lo < 2^32; hi cannot overflow */
	u64 lo = (u64)(u32)a * mul;
	u64 hi = (a >> 32) * mul + (lo >> 32);
	u64 q_hi = hi / divisor;
	u64 r = hi % divisor;

	/* long division by 32-bit digits: r < divisor, so (r << 32 | lo) fits in 64 bits */
	return (q_hi << 32) + (((r << 32) | (u32)lo) / divisor);
}
#endif

#endif
