/* SPDX-License-Identifier: GPL-2.0 */
/* In a userspace thread the vector registers are always ours to use. */
#ifndef _KCSHIM_ASM_SIMD_H
#define _KCSHIM_ASM_SIMD_H

#include <linux/types.h>

static inline bool may_use_simd(void)
{
	return true;
}

#endif
