/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_INTERRUPT_H
#define _KCSHIM_LINUX_INTERRUPT_H

#include <linux/preempt.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/bottom_half.h>

#endif
