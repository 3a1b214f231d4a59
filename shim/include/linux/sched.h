/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_SCHED_H
#define _KCSHIM_LINUX_SCHED_H

/* One userspace thread stands in for a task: nothing to yield to, nothing to preempt. */
#define need_resched()		0
#define schedule()		do { } while (0)
#define in_task()		1
#define current_kcshim_pid()	0

#endif
