// SPDX-License-Identifier: GPL-2.0
// arm64's and arm's kernel-mode NEON sections (asm/neon.h) with 7.3's rules, over the contexts
// of irq_context.cpp. The kernel's NEON code clobbers d8-d15, which the procedure call standard
// has callers keep across calls (the kernel saves the task's whole FP/SIMD state at
// kernel_neon_begin()): a section saves them at its start and puts them back at its end, or the
// kcshim code that called the driver would find its doubles changed (NaN MB/s in `kcshim speed`
// over arm64-ce drivers). The saving is each arch's (<arch>/callee_saved_fp.cpp).
//
// On arm64 up to 6.7 a NEON section disabled BH; since 6.8 a softirq may interrupt it and use
// NEON: kcshim follows 7.3, a section each for the task and for a softirq.
#include <cstdint>

#include <asm/simd.h>
#include <linux/preempt.h>

#include "shim/src/arch/fpu_warning.h"
#include "shim/src/arch/neon/callee_saved_fp.h"

namespace {

// A section: open or not (TIF_KERNEL_FPSTATE), and the caller's d8-d15 while it is.
struct NeonSection {
	bool open;
	std::uint64_t saved[8];
};

// The task's section and a softirq's, kept apart as the kernel keeps them.
[[gnu::tls_model("initial-exec")]] thread_local NeonSection task_neon;
[[gnu::tls_model("initial-exec")]] thread_local NeonSection softirq_neon;

KCSHIM_NO_FP_REGS NeonSection &neon_section()
{
	return in_serving_softirq() ? softirq_neon : task_neon;
}

}  // namespace

extern "C" {

KCSHIM_NO_FP_REGS void kcshim_kernel_neon_begin(void)
{
	if (!may_use_simd())
		kcshim::arch::warn_fpu_misuse("kernel_neon_begin() in hardirq or NMI");
	NeonSection &section = neon_section();
	if (section.open)
		kcshim::arch::warn_fpu_misuse("kernel_neon_begin() nested");
	else
		kcshim::arch::save_callee_saved_fp(section.saved);
	section.open = true;
}

KCSHIM_NO_FP_REGS void kcshim_kernel_neon_end(void)
{
	NeonSection &section = neon_section();
	if (!section.open) {
		kcshim::arch::warn_fpu_misuse("kernel_neon_end() without kernel_neon_begin()");
		return;
	}
	section.open = false;
	kcshim::arch::restore_callee_saved_fp(section.saved);
}

}  // extern "C"

