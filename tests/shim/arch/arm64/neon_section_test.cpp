// SPDX-License-Identifier: GPL-2.0
// kernel_neon_begin()/end() keep the caller's d8-d15. The kernel's NEON assembly uses every
// vector register, as it may in the kernel, which saves the task's whole FP/SIMD state; in a
// process the procedure call standard has the callee preserve d8-d15, so the shim saves them
// when a section opens and restores them when it closes. Without that, kcshim speed printed NaN
// MB/s for the kernel's crct10dif-arm64-ce.
#include <gtest/gtest.h>

#include <cstdint>

#include <asm/neon.h>

namespace {

// The caller's d8-d15 (values), then kernel_neon_begin(), a clobber of all eight as the kernel's
// assembly would, kernel_neon_end(), and d8-d15 as the caller finds them (after). Written in
// assembly so that the compiler keeps nothing of its own in those registers.
void section_around_a_clobber(const std::uint64_t values[8], std::uint64_t after[8])
{
	register const std::uint64_t *in asm("x19") = values;
	register std::uint64_t *out asm("x20") = after;
	asm volatile("ldp d8, d9, [x19]\n\t"
		     "ldp d10, d11, [x19, #16]\n\t"
		     "ldp d12, d13, [x19, #32]\n\t"
		     "ldp d14, d15, [x19, #48]\n\t"
		     "bl kcshim_kernel_neon_begin\n\t"
		     "movi v8.2d, #0\n\tmovi v9.2d, #0\n\tmovi v10.2d, #0\n\tmovi v11.2d, #0\n\t"
		     "movi v12.2d, #0\n\tmovi v13.2d, #0\n\tmovi v14.2d, #0\n\tmovi v15.2d, #0\n\t"
		     "bl kcshim_kernel_neon_end\n\t"
		     "stp d8, d9, [x20]\n\t"
		     "stp d10, d11, [x20, #16]\n\t"
		     "stp d12, d13, [x20, #32]\n\t"
		     "stp d14, d15, [x20, #48]"
		     :
		     : "r"(in), "r"(out)
		     : "memory", "cc", "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9",
		       "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17", "x18", "x30", "v0", "v1",
		       "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13",
		       "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24",
		       "v25", "v26", "v27", "v28", "v29", "v30", "v31");
}

TEST(KernelNeonSection, KeepsTheCallersCalleeSavedFpRegisters)
{
	const std::uint64_t values[8] = {0x3ff0000000000000, 0x4000000000000000, 0x1122334455667788,
					 0x8877665544332211, 0xdeadbeefcafef00d, 0x0123456789abcdef,
					 0xfedcba9876543210, 0x7ff8000000000001};
	std::uint64_t after[8] = {};
	section_around_a_clobber(values, after);
	for (int i = 0; i < 8; i++)
		EXPECT_EQ(after[i], values[i]) << "d" << 8 + i << " changed across a NEON section";
}

}  // namespace
