/* SPDX-License-Identifier: GPL-2.0 */
/* Nanosecond time on CLOCK_MONOTONIC, as the kernel's ktime_get() (jiffies.h reads the clock). */
#ifndef _KCSHIM_LINUX_KTIME_H
#define _KCSHIM_LINUX_KTIME_H

#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/time64.h>

typedef s64 ktime_t;

#define ktime_get()		((ktime_t)ktime_get_ns())
#define ktime_to_ns(kt)		((s64)(kt))
#define ktime_to_us(kt)		((s64)(kt) / NSEC_PER_USEC)
#define ktime_to_ms(kt)		((s64)(kt) / NSEC_PER_MSEC)
#define ns_to_ktime(ns)		((ktime_t)(ns))
#define us_to_ktime(us)		((ktime_t)(us) * NSEC_PER_USEC)
#define ms_to_ktime(ms)		((ktime_t)(ms) * NSEC_PER_MSEC)
#define ktime_add_ns(kt, ns)	((kt) + (ns))
#define ktime_sub(a, b)		((a) - (b))
#define ktime_add(a, b)		((a) + (b))
#define ktime_us_delta(a, b)	ktime_to_us(ktime_sub(a, b))

#endif
