/* SPDX-License-Identifier: GPL-2.0 */
/* The uapi errno values (glibc includes <linux/errno.h> too) plus the kernel-internal ones. */
#ifndef _KCSHIM_LINUX_ERRNO_H
#define _KCSHIM_LINUX_ERRNO_H

#include_next <linux/errno.h>

#define ERESTARTSYS	512
#define ENOTSUPP	524
#define EPROBE_DEFER	517

#endif
