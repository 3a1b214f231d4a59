// SPDX-License-Identifier: GPL-2.0
// x86's kernel-mode FPU sections (asm/fpu/api.h) with 7.3's rules, over the contexts of
// irq_context.cpp: which context may use the vector registers, so library code takes its
// fallback where the kernel's would. The registers need no saving: the process owns them, every
// vector register is caller-saved, and the real kernel saves them around the signal that stands
// in for a hardirq.
//
// Up to 6.14 kernel_fpu_begin() only disabled preemption, so a softirq could interrupt a section
// and find irq_fpu_usable() false; since 6.15 it disables BH, and the softirq waits for
// kernel_fpu_end(). kcshim follows 7.3, as a driver cannot tell.
#include <asm/simd.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>

#include "shim/src/arch/fpu_warning.h"

namespace {

// The kernel's per-CPU kernel_fpu_allowed, inverted: true inside a kernel_fpu_begin() section.
[[gnu::tls_model("initial-exec")]] thread_local bool in_kernel_fpu;

}  // namespace

extern "C" {

bool irq_fpu_usable(void)
{
	if (in_nmi()) {
		kcshim::arch::warn_fpu_misuse("irq_fpu_usable() in NMI");
		return false;
	}
	/* explicit nesting, or a hardirq that interrupted a section */
	if (in_kernel_fpu)
		return false;
	/* task and softirq: a softirq never interrupts a section, which disables BH */
	if (!in_hardirq())
		return true;
	/* hardirq: only if it did not interrupt BH-disabled code */
	return !softirq_count();
}

/* kfpu_mask asks for fresh MXCSR/x87 state: the process keeps its own */
void kernel_fpu_begin_mask(unsigned int)
{
	if (!irqs_disabled())
		local_bh_disable();
	if (!irq_fpu_usable())
		kcshim::arch::warn_fpu_misuse(in_kernel_fpu ? "kernel_fpu_begin() nested" :
				     "kernel_fpu_begin() where irq_fpu_usable() is false");
	in_kernel_fpu = true;
}

void kernel_fpu_end(void)
{
	if (!in_kernel_fpu)
		kcshim::arch::warn_fpu_misuse("kernel_fpu_end() without kernel_fpu_begin()");
	in_kernel_fpu = false;
	if (!irqs_disabled())
		local_bh_enable();
}

}  // extern "C"

