/* SPDX-License-Identifier: GPL-2.0 */
/* In a userspace thread the vector registers are always ours to use. */
#ifndef _KCSHIM_ASM_SIMD_H
#define _KCSHIM_ASM_SIMD_H

#include <linux/types.h>

/* As in the kernel, x86 SIMD users get kernel_fpu_begin() and the feature checks from here. */
#if defined(__x86_64__) || defined(__i386__)
#include <asm/fpu/api.h>
#include <asm/cpufeature.h>
#endif

static inline bool may_use_simd(void)
{
	return true;
}

#endif
