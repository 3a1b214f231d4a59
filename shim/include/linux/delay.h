/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_DELAY_H
#define _KCSHIM_LINUX_DELAY_H
#include <unistd.h>
#define udelay(us)	usleep(us)
#define mdelay(ms)	usleep((ms) * 1000)
#define msleep(ms)	usleep((ms) * 1000)
#endif
