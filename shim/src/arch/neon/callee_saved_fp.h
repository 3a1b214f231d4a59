// SPDX-License-Identifier: GPL-2.0
// d8-d15, the FP/SIMD registers the arm64 and arm procedure call standards have a callee keep:
// saved at a NEON section's start and put back at its end (kernel_neon.cpp). Each arch's
// callee_saved_fp.cpp has the instructions.
#ifndef KCSHIM_SHIM_ARCH_NEON_CALLEE_SAVED_FP_H
#define KCSHIM_SHIM_ARCH_NEON_CALLEE_SAVED_FP_H

#include <cstdint>

// These functions touch no FP/SIMD register themselves (general-regs-only), so d8-d15 hold the
// caller's values wherever they run.
#define KCSHIM_NO_FP_REGS __attribute__((target("general-regs-only")))

namespace kcshim::arch {

// Stores d8-d15 in to[0..7].
KCSHIM_NO_FP_REGS void save_callee_saved_fp(std::uint64_t *to);
// Loads d8-d15 from from[0..7]. No clobbers are declared: the caller's values are put back
// behind the compiler's back, or it would save and restore the registers around this, undoing it.
KCSHIM_NO_FP_REGS void restore_callee_saved_fp(const std::uint64_t *from);

}  // namespace kcshim::arch

#endif
