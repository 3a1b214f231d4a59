/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_BUILD_BUG_H
#define _KCSHIM_LINUX_BUILD_BUG_H

#include <linux/compiler.h>

#ifdef __cplusplus
#define BUILD_BUG_ON(cond)	static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")
#else
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")
#define BUILD_BUG_ON_MSG(cond, msg) _Static_assert(!(cond), msg)
#define BUILD_BUG()		BUILD_BUG_ON(1)
#ifndef static_assert
#define static_assert(expr, ...) __static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...) _Static_assert(expr, msg)
#endif
#endif
#define BUILD_BUG_ON_NOT_POWER_OF_2(n) BUILD_BUG_ON((n) == 0 || (((n) & ((n) - 1)) != 0))

#endif
