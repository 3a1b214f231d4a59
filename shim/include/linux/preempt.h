/* SPDX-License-Identifier: GPL-2.0 */
/*
 * preempt_count and the context predicates. Each thread is a CPU with a preempt_count of its own,
 * laid out as 7.3's (bits 0-7 preemption, 8-15 softirq, 16-23 hardirq-disable, 24-27 hardirq,
 * 28 NMI; before 7.x hardirq sat at bit 16, which only code reading the masks could tell).
 * Hardirq is kcshim_run_irq_test()'s timer signal, softirq runs on the way out of it or at
 * local_bh_enable() (see <kcshim/irq_context.h>); outside a test a thread is simply in task
 * context. The count is read through a call: relocatable modules (kcshim build) cannot take TLS
 * relocations.
 */
#ifndef _KCSHIM_LINUX_PREEMPT_H
#define _KCSHIM_LINUX_PREEMPT_H

#include <linux/compiler.h>
#include <linux/types.h>

#define PREEMPT_BITS		8
#define SOFTIRQ_BITS		8
#define HARDIRQ_DISABLE_BITS	8
#define HARDIRQ_BITS		4
#define NMI_BITS		1

#define PREEMPT_SHIFT		0
#define SOFTIRQ_SHIFT		(PREEMPT_SHIFT + PREEMPT_BITS)
#define HARDIRQ_DISABLE_SHIFT	(SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#define HARDIRQ_SHIFT		(HARDIRQ_DISABLE_SHIFT + HARDIRQ_DISABLE_BITS)
#define NMI_SHIFT		(HARDIRQ_SHIFT + HARDIRQ_BITS)

#define __IRQ_MASK(x)		((1UL << (x)) - 1)

#define PREEMPT_MASK		(__IRQ_MASK(PREEMPT_BITS) << PREEMPT_SHIFT)
#define SOFTIRQ_MASK		(__IRQ_MASK(SOFTIRQ_BITS) << SOFTIRQ_SHIFT)
#define HARDIRQ_DISABLE_MASK	(__IRQ_MASK(HARDIRQ_DISABLE_BITS) << HARDIRQ_DISABLE_SHIFT)
#define HARDIRQ_MASK		(__IRQ_MASK(HARDIRQ_BITS) << HARDIRQ_SHIFT)
#define NMI_MASK		(__IRQ_MASK(NMI_BITS) << NMI_SHIFT)

#define PREEMPT_OFFSET		(1UL << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET		(1UL << SOFTIRQ_SHIFT)
#define HARDIRQ_DISABLE_OFFSET	(1UL << HARDIRQ_DISABLE_SHIFT)
#define HARDIRQ_OFFSET		(1UL << HARDIRQ_SHIFT)
#define NMI_OFFSET		(1UL << NMI_SHIFT)

/* local_bh_disable() adds this, serving a softirq adds SOFTIRQ_OFFSET: the two are told apart. */
#define SOFTIRQ_DISABLE_OFFSET	(2 * SOFTIRQ_OFFSET)
#define PREEMPT_DISABLE_OFFSET	PREEMPT_OFFSET

__KCSHIM_BEGIN_DECLS
/* The calling thread's preempt_count. */
int kcshim_preempt_count(void);
/* Adds or subtracts val; a hardirq in between leaves the count as it found it, as in the kernel. */
void kcshim_preempt_count_add(int val);
void kcshim_preempt_count_sub(int val);
__KCSHIM_END_DECLS

#define preempt_count()		kcshim_preempt_count()
#define preempt_count_add(val)	kcshim_preempt_count_add(val)
#define preempt_count_sub(val)	kcshim_preempt_count_sub(val)
#define preempt_count_inc()	preempt_count_add(1)
#define preempt_count_dec()	preempt_count_sub(1)

#define nmi_count()		(preempt_count() & NMI_MASK)
#define hardirq_count()		(preempt_count() & HARDIRQ_MASK)
#define softirq_count()		(preempt_count() & SOFTIRQ_MASK)
#define irq_count()		(preempt_count() & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_MASK))

#define in_nmi()		(nmi_count())
#define in_hardirq()		(hardirq_count())
#define in_irq()		in_hardirq()	/* removed in 6.x, still used by 6.1 code */
#define in_serving_softirq()	(softirq_count() & SOFTIRQ_OFFSET)
#define in_task()		(!(preempt_count() & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET)))
/* softirq served or BH disabled; any interrupt context or BH disabled */
#define in_softirq()		(softirq_count())
#define in_interrupt()		(irq_count())
#define in_atomic()		(preempt_count() != 0)

/* A thread is never preempted: the count only records what the code asked for. */
#define preempt_disable()		do { preempt_count_inc(); barrier(); } while (0)
#define preempt_enable()		do { barrier(); preempt_count_dec(); } while (0)
#define preempt_enable_no_resched()	preempt_enable()
#define preemptible()			(preempt_count() == 0 && !irqs_disabled())
#define migrate_disable()		do { } while (0)
#define migrate_enable()		do { } while (0)

/* The kernel's users reach these through linux/spinlock.h and friends; ours through this header. */
#include <linux/irqflags.h>
#include <linux/bottom_half.h>

#endif
