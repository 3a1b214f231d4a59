/* SPDX-License-Identifier: GPL-2.0 */
/*
 * may_use_simd(), as each architecture defines it (7.3), over the emulated contexts of
 * <kcshim/irq_context.h>: x86 asks irq_fpu_usable(); arm64 refuses hardirq and NMI; others, as
 * asm-generic, any interrupt context.
 */
#ifndef _KCSHIM_ASM_SIMD_H
#define _KCSHIM_ASM_SIMD_H

#include <linux/types.h>
#include <linux/preempt.h>

/* As in the kernel, x86 SIMD users get kernel_fpu_begin() and the feature checks from here. */
#if defined(__x86_64__) || defined(__i386__)
#include <asm/asm.h>
#include <asm/fpu/api.h>
#include <asm/cpufeature.h>

static inline bool may_use_simd(void)
{
	return irq_fpu_usable();
}
#elif defined(__aarch64__) || defined(__arm__)
/* arm as arm64 since 6.x: kernel-mode NEON in task and softirq context */
static inline bool may_use_simd(void)
{
	return !in_hardirq() && !in_nmi();
}
#else
static inline bool may_use_simd(void)
{
	return !in_interrupt();
}
#endif

#if defined(__aarch64__) || defined(__arm__)
#include <asm/neon.h>
/*
 * 6.19: scoped_ksimd() { ... } runs the block inside kernel_neon_begin()/end(). As the kernel's
 * (a guard of linux/cleanup.h), the section ends however the block is left: lib/crc/arm64 writes
 * `scoped_ksimd() return crc_t10dif_pmull_p64(...);`.
 */
struct kcshim_ksimd_guard {
	bool entered;
};

static inline void kcshim_ksimd_guard_end(struct kcshim_ksimd_guard *guard)
{
	(void)guard;
	kernel_neon_end();
}

#define scoped_ksimd()								\
	for (struct kcshim_ksimd_guard __kcshim_ksimd				\
		__cleanup(kcshim_ksimd_guard_end) = (kernel_neon_begin(),	\
						     (struct kcshim_ksimd_guard){ false }); \
	     !__kcshim_ksimd.entered; __kcshim_ksimd.entered = true)
#endif

#endif
