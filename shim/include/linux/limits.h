/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_LIMITS_H
#define _KCSHIM_LINUX_LIMITS_H
#include_next <linux/limits.h>
#include <limits.h>
#endif
