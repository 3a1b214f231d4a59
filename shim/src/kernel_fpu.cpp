// SPDX-License-Identifier: GPL-2.0
// Kernel-mode FPU and NEON sections (asm/fpu/api.h, asm/neon.h) with 7.3's rules, over the
// contexts of irq_context.cpp: which context may use the vector registers, as the arch code
// decides it, so library code takes its fallback where the kernel's would. The registers
// themselves need no saving: the process owns them, and the real kernel saves them around the
// signal that stands in for a hardirq.
//
// Kernels differ here, and kcshim follows 7.3 where a driver cannot tell: on x86 up to 6.14
// kernel_fpu_begin() only disabled preemption, so a softirq could interrupt a section and find
// irq_fpu_usable() false; since 6.15 it disables BH, the softirq waits for kernel_fpu_end(). On
// arm64 up to 6.7 a NEON section disabled BH; since 6.8 a softirq may interrupt it and use NEON.
//
// A misuse (nested section, section where it is not allowed) is reported with write(2), the one
// report that is safe in a signal handler, and otherwise ignored, as the kernel's WARN_ON_FPU.
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

// TIF_KERNEL_FPSTATE: the task has a section open; a softirq's section is kept apart from it.
[[gnu::tls_model("initial-exec")]] thread_local bool task_neon;
[[gnu::tls_model("initial-exec")]] thread_local bool softirq_neon;

bool &neon_section()
{
	return in_serving_softirq() ? softirq_neon : task_neon;
}

}  // namespace

extern "C" {

void kcshim_kernel_neon_begin(void)
{
	if (!may_use_simd())
		warn("kernel_neon_begin() in hardirq or NMI");
	bool &open = neon_section();
	if (open)
		warn("kernel_neon_begin() nested");
	open = true;
}

void kcshim_kernel_neon_end(void)
{
	bool &open = neon_section();
	if (!open)
		warn("kernel_neon_end() without kernel_neon_begin()");
	open = false;
}

}  // extern "C"

#endif
