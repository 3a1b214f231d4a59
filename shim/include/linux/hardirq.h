/* SPDX-License-Identifier: GPL-2.0 */
/* in_hardirq() and the other context predicates live in linux/preempt.h, as in the kernel. */
#ifndef _KCSHIM_LINUX_HARDIRQ_H
#define _KCSHIM_LINUX_HARDIRQ_H

#include <linux/preempt.h>

#endif
