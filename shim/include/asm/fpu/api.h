/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 FPU sections. The kernel must save user FPU state before touching vector registers; a
 * userspace process owns its registers, so the section markers have nothing to do.
 */
#ifndef _KCSHIM_ASM_FPU_API_H
#define _KCSHIM_ASM_FPU_API_H

#include <linux/types.h>
/* as the kernel's reaches linux/jump_label.h: FPU users test static keys without including it */
#include <linux/static_key.h>

#define KFPU_387	0x1
#define KFPU_MXCSR	0x2

static inline void kernel_fpu_begin(void)
{
}

static inline void kernel_fpu_begin_mask(unsigned int kfpu_mask)
{
}

static inline void kernel_fpu_end(void)
{
}

static inline bool irq_fpu_usable(void)
{
	return true;
}

#include <asm/fpu/xstate.h>

#endif
