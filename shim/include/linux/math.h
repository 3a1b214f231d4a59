/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_MATH_H
#define _KCSHIM_LINUX_MATH_H

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define __round_mask(x, y)	((__typeof__(x))((y) - 1))
#define round_up(x, y)		((((x) - 1) | __round_mask(x, y)) + 1)
#define round_down(x, y)	((x) & ~__round_mask(x, y))
#define roundup(x, y)		((((x) + ((y) - 1)) / (y)) * (y))
#define rounddown(x, y)		((x) - ((x) % (y)))
#define DIV_ROUND_CLOSEST(x, d)	(((x) + ((d) / 2)) / (d))
#ifndef __cplusplus
#define abs(x)			__builtin_choose_expr(sizeof(x) == sizeof(long), labs(x), __builtin_abs(x))
#endif

#endif
