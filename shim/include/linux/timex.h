/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_TIMEX_H
#define _KCSHIM_LINUX_TIMEX_H

#include <linux/types.h>
#include <linux/compiler.h>

typedef unsigned long long cycles_t;

__KCSHIM_BEGIN_DECLS
/* The kernel's get_cycles(): the TSC on x86-64, the virtual counter (cntvct_el0) on arm64. */
cycles_t get_cycles(void);
__KCSHIM_END_DECLS

#endif
