// SPDX-License-Identifier: GPL-2.0
// arm's d8-d15 saved and put back around a NEON section (shim/src/arch/neon/callee_saved_fp.h).
#include "shim/src/arch/neon/callee_saved_fp.h"

namespace kcshim::arch {

KCSHIM_NO_FP_REGS void save_callee_saved_fp(std::uint64_t *to)
{
	asm volatile("vstmia %0, {d8-d15}" : : "r"(to) : "memory");
}

KCSHIM_NO_FP_REGS void restore_callee_saved_fp(const std::uint64_t *from)
{
	asm volatile("vldmia %0, {d8-d15}" : : "r"(from) : "memory");
}

}  // namespace kcshim::arch
