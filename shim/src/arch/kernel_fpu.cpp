// SPDX-License-Identifier: GPL-2.0
// Kernel-mode FPU and NEON sections (asm/fpu/api.h, asm/neon.h) with 7.3's rules, over the
// contexts of irq_context.cpp: which context may use the vector registers, as the arch code
// decides it, so library code takes its fallback where the kernel's would. On x86-64 the registers
// need no saving: the process owns them, every vector register is caller-saved, and the real
// kernel saves them around the signal that stands in for a hardirq. On arm64 and arm the kernel's
// NEON code clobbers d8-d15, which the procedure call standard has callers keep across calls
// (the kernel saves the task's whole FP/SIMD state at kernel_neon_begin()): a section saves them
// at its start and puts them back at its end, or the kcshim code that called the driver would
// find its doubles changed (NaN MB/s in `kcshim speed` over arm64-ce drivers).
//
// Kernels differ here, and kcshim follows 7.3 where a driver cannot tell: on x86 up to 6.14
// kernel_fpu_begin() only disabled preemption, so a softirq could interrupt a section and find
// irq_fpu_usable() false; since 6.15 it disables BH, the softirq waits for kernel_fpu_end(). On
// arm64 up to 6.7 a NEON section disabled BH; since 6.8 a softirq may interrupt it and use NEON.
//
// A misuse (nested section, section where it is not allowed) is reported with write(2), the one
// report that is safe in a signal handler, and otherwise ignored, as the kernel's WARN_ON_FPU.
#include <cstdint>
#include <cstring>

#include <unistd.h>

#include <asm/simd.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>

namespace {

void warn(const char *what)
{
	static constexpr char prefix[] = "WARNING: kcshim: ";
	ssize_t ignored = write(STDERR_FILENO, prefix, sizeof(prefix) - 1);
	ignored = write(STDERR_FILENO, what, strlen(what));
	ignored = write(STDERR_FILENO, "\n", 1);
	(void)ignored;
}

}  // namespace

#if defined(__x86_64__) || defined(__i386__)

namespace {

// The kernel's per-CPU kernel_fpu_allowed, inverted: true inside a kernel_fpu_begin() section.
[[gnu::tls_model("initial-exec")]] thread_local bool in_kernel_fpu;

}  // namespace

extern "C" {

bool irq_fpu_usable(void)
{
	if (in_nmi()) {
		warn("irq_fpu_usable() in NMI");
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
		warn(in_kernel_fpu ? "kernel_fpu_begin() nested" :
				     "kernel_fpu_begin() where irq_fpu_usable() is false");
	in_kernel_fpu = true;
}

void kernel_fpu_end(void)
{
	if (!in_kernel_fpu)
		warn("kernel_fpu_end() without kernel_fpu_begin()");
	in_kernel_fpu = false;
	if (!irqs_disabled())
		local_bh_enable();
}

}  // extern "C"

#endif

#if defined(__aarch64__) || defined(__arm__)

namespace {

// A section: open or not (TIF_KERNEL_FPSTATE), and the caller's d8-d15 while it is.
struct NeonSection {
	bool open;
	std::uint64_t saved[8];
};

// The task's section and a softirq's, kept apart as the kernel keeps them.
[[gnu::tls_model("initial-exec")]] thread_local NeonSection task_neon;
[[gnu::tls_model("initial-exec")]] thread_local NeonSection softirq_neon;

// These functions touch no FP/SIMD register themselves (general-regs-only), so d8-d15 hold the
// caller's values wherever they run.
#define KCSHIM_NO_FP_REGS __attribute__((target("general-regs-only")))

KCSHIM_NO_FP_REGS NeonSection &neon_section()
{
	return in_serving_softirq() ? softirq_neon : task_neon;
}

KCSHIM_NO_FP_REGS void save_callee_saved_fp(std::uint64_t *to)
{
#if defined(__aarch64__)
	asm volatile("stp d8, d9, [%0]\n\tstp d10, d11, [%0, #16]\n\t"
		     "stp d12, d13, [%0, #32]\n\tstp d14, d15, [%0, #48]" : : "r"(to) : "memory");
#else
	asm volatile("vstmia %0, {d8-d15}" : : "r"(to) : "memory");
#endif
}

// No clobbers declared: the caller's values are put back behind the compiler's back, or it would
// save and restore the registers around this, undoing it.
KCSHIM_NO_FP_REGS void restore_callee_saved_fp(const std::uint64_t *from)
{
#if defined(__aarch64__)
	asm volatile("ldp d8, d9, [%0]\n\tldp d10, d11, [%0, #16]\n\t"
		     "ldp d12, d13, [%0, #32]\n\tldp d14, d15, [%0, #48]"
		     : : "r"(from) : "memory");
#else
	asm volatile("vldmia %0, {d8-d15}" : : "r"(from) : "memory");
#endif
}

}  // namespace

extern "C" {

KCSHIM_NO_FP_REGS void kcshim_kernel_neon_begin(void)
{
	if (!may_use_simd())
		warn("kernel_neon_begin() in hardirq or NMI");
	NeonSection &section = neon_section();
	if (section.open)
		warn("kernel_neon_begin() nested");
	else
		save_callee_saved_fp(section.saved);
	section.open = true;
}

KCSHIM_NO_FP_REGS void kcshim_kernel_neon_end(void)
{
	NeonSection &section = neon_section();
	if (!section.open) {
		warn("kernel_neon_end() without kernel_neon_begin()");
		return;
	}
	section.open = false;
	restore_callee_saved_fp(section.saved);
}

}  // extern "C"

#endif
