/* SPDX-License-Identifier: GPL-2.0 */
/* In a userspace thread the vector registers are always ours to use. */
#ifndef _KCSHIM_ASM_SIMD_H
#define _KCSHIM_ASM_SIMD_H

#include <linux/types.h>

/* As in the kernel, x86 SIMD users get kernel_fpu_begin() and the feature checks from here. */
#if defined(__x86_64__) || defined(__i386__)
#include <asm/asm.h>
#include <asm/fpu/api.h>
#include <asm/cpufeature.h>
#endif

static inline bool may_use_simd(void)
{
	return true;
}

#if defined(__aarch64__) || defined(__arm__)
#include <asm/neon.h>
/* 6.19: scoped_ksimd() { ... } runs the block inside kernel_neon_begin()/end(). */
#define scoped_ksimd()								\
	for (int __kcshim_ksimd = (kernel_neon_begin(), 1); __kcshim_ksimd;	\
	     __kcshim_ksimd = (kernel_neon_end(), 0))
#endif

#endif
