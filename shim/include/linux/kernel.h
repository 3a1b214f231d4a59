/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_KERNEL_H
#define _KCSHIM_LINUX_KERNEL_H

#include <linux/kconfig.h>
#include <linux/wordpart.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <linux/align.h>
/* reached from the kernel's linux/kernel.h through its includes; drivers rely on it */
#include <asm/byteorder.h>
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/err.h>
#include <linux/math.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/printk.h>
#include <linux/stddef.h>
#include <linux/stringify.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/kstrtox.h>
/* up to 7.x kernel.h brings is_power_of_2() along (6.1 crypto/ctr.h relies on it) */
#include <linux/log2.h>
#include <linux/instruction_pointer.h>
#include <linux/kmsan-checks.h>
#include <linux/sched.h>

#define ARRAY_SIZE(arr)		(sizeof(arr) / sizeof((arr)[0]))

#define U8_MAX		((u8)~0U)
#define S8_MAX		((s8)(U8_MAX >> 1))
#define U16_MAX		((u16)~0U)
#define U32_MAX		((u32)~0U)
#define S32_MAX		((s32)(U32_MAX >> 1))
#define U64_MAX		((u64)~0ULL)
#define S64_MAX		((s64)(U64_MAX >> 1))
#define SIZE_MAX_KCSHIM	(~(size_t)0)

#define might_sleep()		do { } while (0)
#define might_resched()		do { } while (0)
#define cond_resched()		({ 0; })
#define cpu_relax()		do { } while (0)
#define panic(fmt...)		kcshim_bug(__FILE__, __LINE__, "panic")
#define hex_asc_lo(x)		"0123456789abcdef"[(x) & 0x0f]
#define hex_asc_hi(x)		"0123456789abcdef"[((x) & 0xf0) >> 4]
#define __must_be_array_ok(a)	0

#define kasprintf(gfp, fmt...)	kcshim_kasprintf(fmt)
__KCSHIM_BEGIN_DECLS
__printf(1, 2) char *kcshim_kasprintf(const char *fmt, ...);
__KCSHIM_END_DECLS

#endif
