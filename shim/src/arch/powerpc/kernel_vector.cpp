// SPDX-License-Identifier: GPL-2.0
// powerpc's kernel-mode FP, AltiVec and VSX (asm/switch_to.h) with 7.3's rules, over the
// contexts of irq_context.cpp. enable_kernel_fp/altivec/vsx() set the MSR's FP, VEC and VSX bits
// (VSX all three) and must be called with preemption disabled: the kernel WARNs otherwise, as a
// task switch would lose the registers. disable_kernel_*() clear them again. may_use_simd() is
// asm-generic's (no interrupt context).
//
// No register is saved, unlike arm64's NEON sections: the kernel's powerpc vector code keeps the
// ELFv2 ABI's non-volatile registers (v20-v31, f14-f31) itself (SAVE_VRS in
// chacha-p10le-8x.S and poly1305-p10le_64.S, the stvx v20-v31 of crc-vpmsum-template.S, the
// perlasm's prologues), so the values of the code that called a driver survive it.
#include <asm/switch_to.h>
#include <linux/preempt.h>

#include "shim/src/arch/fpu_warning.h"

namespace {

// The kernel's MSR bits for kernel use of the units (asm/reg.h's positions).
constexpr unsigned long msr_fp = 1UL << 13, msr_vec = 1UL << 25, msr_vsx = 1UL << 23;

[[gnu::tls_model("initial-exec")]] thread_local unsigned long kernel_msr;

void enable(unsigned long bits, const char *warning)
{
	if (preemptible())
		kcshim::arch::warn_fpu_misuse(warning);
	kernel_msr |= bits;
}

}  // namespace

extern "C" {

void enable_kernel_fp(void)
{
	enable(msr_fp, "enable_kernel_fp() with preemption enabled");
}

void enable_kernel_altivec(void)
{
	enable(msr_vec, "enable_kernel_altivec() with preemption enabled");
}

void enable_kernel_vsx(void)
{
	enable(msr_fp | msr_vec | msr_vsx, "enable_kernel_vsx() with preemption enabled");
}

void kcshim_disable_kernel_units(unsigned long bits)
{
	kernel_msr &= ~bits;
}

unsigned long kcshim_kernel_msr(void)
{
	return kernel_msr;
}

}  // extern "C"
