/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 NEON sections: a userspace thread owns its vector registers (see asm/fpu/api.h), so there
 * is nothing to save. Up to 6.18 kernel_neon_begin() takes no argument; from 6.19 it takes the
 * struct user_fpsimd_state to save into (asm/simd.h's scoped_ksimd() provides one): both forms
 * are accepted.
 */
#ifndef _KCSHIM_ASM_NEON_H
#define _KCSHIM_ASM_NEON_H

#include <linux/types.h>

#define cpu_has_neon()	true

/* The FP/SIMD register file, as the kernel's uapi/asm/ptrace.h lays it out. */
struct user_fpsimd_state {
	u64 vregs[64];		/* 32 128-bit registers */
	u32 fpsr;
	u32 fpcr;
	u32 __reserved[2];
};

#define kernel_neon_begin(...)	((void)(0, ##__VA_ARGS__))
#define kernel_neon_end(...)	((void)(0, ##__VA_ARGS__))

#endif
