/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 kernel-mode NEON sections, with 7.3's rules (arch/arm64/kernel/fpsimd.c) over the emulated
 * contexts of <kcshim/irq_context.h>: a task's section may be interrupted by softirq, which may
 * open a section of its own; none may be opened in hardirq or NMI, nor nested (reported). Nothing
 * is saved: the process owns its registers. Up to 6.18 kernel_neon_begin() takes no argument; from
 * 6.19 it takes the struct user_fpsimd_state to save into (asm/simd.h's scoped_ksimd() provides
 * one): both forms are accepted.
 */
#ifndef _KCSHIM_ASM_NEON_H
#define _KCSHIM_ASM_NEON_H

#include <linux/compiler.h>
#include <linux/types.h>
/*
 * The kernel's reaches <linux/sizes.h> (arm64: asm/fpsimd.h, asm/processor.h; arm: through
 * asm/page.h's asm/memory.h); NEON users size their sections with SZ_4K.
 */
#include <linux/sizes.h>

#if defined(__arm__)
#include <asm/cpufeature.h>
/* NEON is optional on 32-bit arm (Cortex-A9 without MPE, VFP-only cores) */
#define cpu_has_neon()	(!!(elf_hwcap & HWCAP_NEON))
#else
#define cpu_has_neon()	true
#endif

/* The FP/SIMD register file, as the kernel's uapi/asm/ptrace.h lays it out. */
struct user_fpsimd_state {
	u64 vregs[64];		/* 32 128-bit registers */
	u32 fpsr;
	u32 fpcr;
	u32 __reserved[2];
};

__KCSHIM_BEGIN_DECLS
void kcshim_kernel_neon_begin(void);
void kcshim_kernel_neon_end(void);
__KCSHIM_END_DECLS

#define kernel_neon_begin(...)	((void)(0, ##__VA_ARGS__), kcshim_kernel_neon_begin())
#define kernel_neon_end(...)	((void)(0, ##__VA_ARGS__), kcshim_kernel_neon_end())

#endif
