/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_PREEMPT_H
#define _KCSHIM_LINUX_PREEMPT_H

#define preempt_disable()		do { } while (0)
#define preempt_enable()		do { } while (0)
#define preempt_enable_no_resched()	do { } while (0)
#define migrate_disable()		do { } while (0)
#define migrate_enable()		do { } while (0)
#define in_interrupt()			0
#define in_irq()			0
#define in_hardirq()			0
#define in_softirq()			0
#define in_serving_softirq()		0
#define in_nmi()			0
#define in_atomic()			0
#define preemptible()			1
#define irqs_disabled()			0
#define local_irq_save(flags)		do { (flags) = 0; } while (0)
#define local_irq_restore(flags)	do { (void)(flags); } while (0)
#define local_irq_disable()		do { } while (0)
#define local_irq_enable()		do { } while (0)
#define local_bh_disable()		do { } while (0)
#define local_bh_enable()		do { } while (0)

#endif
