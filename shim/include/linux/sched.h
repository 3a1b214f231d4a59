/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_SCHED_H
#define _KCSHIM_LINUX_SCHED_H

/* One userspace thread stands in for a task: nothing to yield to, nothing to preempt. */
#define need_resched()		0
#define schedule()		do { } while (0)
#define current_kcshim_pid()	0

#include <linux/compiler_types.h>
#include <linux/preempt.h>	/* in_task() and the rest, as the kernel's sched.h brings them */
#include <linux/types.h>

#define TASK_COMM_LEN		16

/* The calling thread as a task: its name and thread id, for messages (arc4's init prints them). */
struct task_struct {
	char comm[TASK_COMM_LEN];
	pid_t pid;
};

__KCSHIM_BEGIN_DECLS
struct task_struct *kcshim_current(void);
__KCSHIM_END_DECLS

#ifndef __cplusplus	/* a macro named current would clash with C++ code */
#define current		(kcshim_current())
#endif

#endif
