/* SPDX-License-Identifier: GPL-2.0 */
/* jiffies read CLOCK_MONOTONIC at HZ=1000, so tcrypt-style "for sec*HZ jiffies" loops work as written. */
#ifndef _KCSHIM_LINUX_JIFFIES_H
#define _KCSHIM_LINUX_JIFFIES_H

#include <linux/types.h>
#include <linux/compiler.h>

#define HZ 1000

__KCSHIM_BEGIN_DECLS
unsigned long kcshim_jiffies(void);
u64 ktime_get_ns(void);
__KCSHIM_END_DECLS

#define jiffies			kcshim_jiffies()
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)
#define msecs_to_jiffies(m)	((unsigned long)(m))
#define jiffies_to_msecs(j)	((unsigned int)(j))

#endif
