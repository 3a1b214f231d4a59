// SPDX-License-Identifier: GPL-2.0
// arm64's d8-d15 saved and put back around a NEON section (shim/src/arch/neon/callee_saved_fp.h).
#include "shim/src/arch/neon/callee_saved_fp.h"

namespace kcshim::arch {

KCSHIM_NO_FP_REGS void save_callee_saved_fp(std::uint64_t *to)
{
	asm volatile("stp d8, d9, [%0]\n\tstp d10, d11, [%0, #16]\n\t"
		     "stp d12, d13, [%0, #32]\n\tstp d14, d15, [%0, #48]" : : "r"(to) : "memory");
}

KCSHIM_NO_FP_REGS void restore_callee_saved_fp(const std::uint64_t *from)
{
	asm volatile("ldp d8, d9, [%0]\n\tldp d10, d11, [%0, #16]\n\t"
		     "ldp d12, d13, [%0, #32]\n\tldp d14, d15, [%0, #48]"
		     : : "r"(from) : "memory");
}

}  // namespace kcshim::arch
