// SPDX-License-Identifier: GPL-2.0
// A misuse of a kernel-mode FPU/SIMD section (nested, or where it is not allowed), reported as the
// kernel's WARN_ON_FPU would be and otherwise ignored. write(2) only: the one report that is safe
// in the signal handler that stands in for a hardirq.
#ifndef KCSHIM_SHIM_ARCH_FPU_WARNING_H
#define KCSHIM_SHIM_ARCH_FPU_WARNING_H

#include <unistd.h>

#include <cstring>

namespace kcshim::arch {

inline void warn_fpu_misuse(const char *what)
{
	static constexpr char prefix[] = "WARNING: kcshim: ";
	ssize_t ignored = write(STDERR_FILENO, prefix, sizeof(prefix) - 1);
	ignored = write(STDERR_FILENO, what, strlen(what));
	ignored = write(STDERR_FILENO, "\n", 1);
	(void)ignored;
}

}  // namespace kcshim::arch

#endif
