/* SPDX-License-Identifier: GPL-2.0 */
/*
 * powerpc's kernel-mode FP, AltiVec and VSX (shim/src/arch/powerpc/kernel_vector.cpp): a caller
 * disables preemption, enables the unit, uses it, disables it, as lib/crypto/powerpc and
 * lib/crc/powerpc do.
 */
#ifndef _KCSHIM_ASM_SWITCH_TO_H
#define _KCSHIM_ASM_SWITCH_TO_H

#ifdef __cplusplus
extern "C" {
#endif

void enable_kernel_fp(void);
void enable_kernel_altivec(void);
void enable_kernel_vsx(void);
/* Clears @bits (MSR_FP 1 << 13, MSR_VEC 1 << 25, MSR_VSX 1 << 23) of the kernel's use. */
void kcshim_disable_kernel_units(unsigned long bits);
/* The units in kernel use now, as MSR bits: tests check that a driver left none enabled. */
unsigned long kcshim_kernel_msr(void);

#ifdef __cplusplus
}
#endif

static inline void disable_kernel_fp(void)
{
	kcshim_disable_kernel_units(1UL << 13);
}

static inline void disable_kernel_altivec(void)
{
	kcshim_disable_kernel_units(1UL << 25);
}

static inline void disable_kernel_vsx(void)
{
	kcshim_disable_kernel_units((1UL << 13) | (1UL << 25) | (1UL << 23));
}

#endif
