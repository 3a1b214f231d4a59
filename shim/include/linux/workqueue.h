/* SPDX-License-Identifier: GPL-2.0 */
/* Work items run at once, in the caller's thread: nothing in a crypto driver depends on deferral. */
#ifndef _KCSHIM_LINUX_WORKQUEUE_H
#define _KCSHIM_LINUX_WORKQUEUE_H

#include <linux/types.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	work_func_t func;
};

#define INIT_WORK(w, f)			((w)->func = (f))
#define DECLARE_WORK(n, f)		struct work_struct n = { (f) }
#define schedule_work(w)		((w)->func(w), true)
#define cancel_work_sync(w)		false
#define flush_work(w)			false

#endif
