/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_RANDOM_H
#define _KCSHIM_LINUX_RANDOM_H

#include <linux/types.h>
#include <linux/compiler.h>

__KCSHIM_BEGIN_DECLS
void get_random_bytes(void *buf, size_t len);
u32 get_random_u32(void);
__KCSHIM_END_DECLS

static inline u32 get_random_u32_below(u32 ceil)
{
	return ceil ? get_random_u32() % ceil : 0;
}

#define prandom_u32()	get_random_u32()

/* The entropy pool is always ready in a process (getrandom). */
static inline int get_random_bytes_wait(void *buf, size_t nbytes)
{
	get_random_bytes(buf, nbytes);
	return 0;
}

#endif
