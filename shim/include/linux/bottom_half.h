/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bottom halves off and on. local_bh_disable() counts SOFTIRQ_DISABLE_OFFSET in preempt_count;
 * local_bh_enable() runs the softirq work a hardirq queued meanwhile, as the kernel's does, once
 * the count leaves no interrupt context (<kcshim/irq_context.h>).
 */
#ifndef _KCSHIM_LINUX_BOTTOM_HALF_H
#define _KCSHIM_LINUX_BOTTOM_HALF_H

#include <linux/preempt.h>

__KCSHIM_BEGIN_DECLS
void kcshim_local_bh_disable(void);
void kcshim_local_bh_enable(void);
__KCSHIM_END_DECLS

#define local_bh_disable()	kcshim_local_bh_disable()
#define local_bh_enable()	kcshim_local_bh_enable()

#endif
