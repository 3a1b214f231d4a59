/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_SWAB_H
#define _KCSHIM_LINUX_SWAB_H

#include_next <linux/swab.h>

#define swab16		__swab16
#define swab32		__swab32
#define swab64		__swab64
#define swab16p		__swab16p
#define swab32p		__swab32p
#define swab64p		__swab64p
#define swab32s		__swab32s

#endif
