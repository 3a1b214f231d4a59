/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hardirqs on and off: local_irq_disable() blocks the calling thread's hardirq signal (the timer
 * of kcshim_run_irq_test(), <kcshim/irq_context.h>) with pthread_sigmask(); irqs_disabled() says
 * whether it is blocked, from a per-thread copy of the mask (no system call). A hardirq "handler"
 * runs with the signal blocked, so irqs_disabled() holds in it.
 * flags from local_irq_save() are nonzero when hardirqs were already off.
 */
#ifndef _KCSHIM_LINUX_IRQFLAGS_H
#define _KCSHIM_LINUX_IRQFLAGS_H

#include <linux/compiler.h>
#include <linux/types.h>

__KCSHIM_BEGIN_DECLS
bool kcshim_irqs_disabled(void);
void kcshim_local_irq_disable(void);
void kcshim_local_irq_enable(void);
unsigned long kcshim_local_irq_save(void);
void kcshim_local_irq_restore(unsigned long flags);
__KCSHIM_END_DECLS

#define irqs_disabled()			kcshim_irqs_disabled()
#define irqs_disabled_flags(flags)	((flags) != 0)
#define local_irq_disable()		kcshim_local_irq_disable()
#define local_irq_enable()		kcshim_local_irq_enable()
#define local_irq_save(flags)		do { (flags) = kcshim_local_irq_save(); } while (0)
#define local_irq_restore(flags)	kcshim_local_irq_restore(flags)
#define raw_local_irq_disable()		local_irq_disable()
#define raw_local_irq_enable()		local_irq_enable()
#define raw_local_irq_save(flags)	local_irq_save(flags)
#define raw_local_irq_restore(flags)	local_irq_restore(flags)
#define raw_irqs_disabled()		irqs_disabled()

#endif
