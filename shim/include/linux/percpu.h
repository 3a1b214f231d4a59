/* SPDX-License-Identifier: GPL-2.0 */
/* Per-CPU data becomes per-thread data: each thread is its own CPU, preemption never moves it. */
#ifndef _KCSHIM_LINUX_PERCPU_H
#define _KCSHIM_LINUX_PERCPU_H

#include <linux/types.h>
#include <linux/preempt.h>

#define DEFINE_PER_CPU(type, name)		__thread __typeof__(type) name
#define DEFINE_PER_CPU_ALIGNED(type, name)	__thread __typeof__(type) name __aligned(64)
#define DECLARE_PER_CPU(type, name)		extern __thread __typeof__(type) name
#define EXPORT_PER_CPU_SYMBOL(var)		__kcshim_nothing
#define EXPORT_PER_CPU_SYMBOL_GPL(var)		__kcshim_nothing
#define this_cpu_ptr(ptr)			(ptr)
#define raw_cpu_ptr(ptr)			(ptr)
#define per_cpu_ptr(ptr, cpu)			(ptr)
#define get_cpu_ptr(ptr)			(ptr)
#define put_cpu_ptr(ptr)			do { } while (0)
#define this_cpu_read(var)			(var)
#define this_cpu_write(var, val)		((var) = (val))
#define __this_cpu_read(var)			(var)
#define __this_cpu_write(var, val)		((var) = (val))
#define smp_processor_id()			0
#define raw_smp_processor_id()			0
#define get_cpu()				0
#define put_cpu()				do { } while (0)

#endif
