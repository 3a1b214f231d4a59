/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 kernel-mode FPU sections, with 7.3's rules (arch/x86/kernel/fpu/core.c), over the emulated
 * contexts of <kcshim/irq_context.h>. kernel_fpu_begin() in task or softirq context disables BH
 * (unless hardirqs are off) and marks the thread's FPU in use; irq_fpu_usable() is false in NMI,
 * inside such a section (so in a hardirq that interrupted one), and in a hardirq that interrupted
 * BH-disabled code. Nesting sections is a bug and is reported. There is no state to save: the
 * process owns its registers and the real kernel saves them around a signal handler.
 */
#ifndef _KCSHIM_ASM_FPU_API_H
#define _KCSHIM_ASM_FPU_API_H

#include <linux/types.h>
#include <linux/bottom_half.h>
/* as the kernel's reaches linux/jump_label.h: FPU users test static keys without including it */
#include <linux/static_key.h>

#define KFPU_387	0x1
#define KFPU_MXCSR	0x2

__KCSHIM_BEGIN_DECLS
void kernel_fpu_begin_mask(unsigned int kfpu_mask);
void kernel_fpu_end(void);
bool irq_fpu_usable(void);
__KCSHIM_END_DECLS

static inline void kernel_fpu_begin(void)
{
	kernel_fpu_begin_mask(KFPU_MXCSR);
}

#include <asm/fpu/xstate.h>

#endif
