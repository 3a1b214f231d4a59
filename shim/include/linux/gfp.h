/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_GFP_H
#define _KCSHIM_LINUX_GFP_H

#include <linux/types.h>
/* the kernel's gfp.h reaches it through mmzone.h and asm/page.h (crct10dif-ce-glue's SZ_4K) */
#include <linux/sizes.h>

#define __GFP_ZERO	0x100u
#define __GFP_NOWARN	0x200u
#define __GFP_NOFAIL	0x400u
#define GFP_ATOMIC	0x01u
#define GFP_KERNEL	0x02u
#define GFP_NOFS	0x04u
#define GFP_NOIO	0x08u
#define GFP_NOWAIT	0x10u
#define GFP_DMA		0x20u

/* 7.x: the flags given, or GFP_KERNEL when none are (kmalloc_obj(p) and the others). */
#define __default_gfp(a, b, ...)	b
#define default_gfp(...)		__default_gfp(, ##__VA_ARGS__, GFP_KERNEL)

#endif
