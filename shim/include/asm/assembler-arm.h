/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The 32-bit arm kernel's assembler macros that crypto .S files use (arch/arm/crypto), for an
 * ARMv7-A module built in ARM state (-marm, as a kernel without CONFIG_THUMB2_KERNEL) and
 * little-endian.
 */
#ifndef _KCSHIM_ASM_ASSEMBLER_ARM_H
#define _KCSHIM_ASM_ASSEMBLER_ARM_H

#ifdef __ASSEMBLY__

#include <asm/cache.h>
#include <asm/unified.h>
#include <linux/linkage.h>

/* byte order: CPU_LE/CPU_BE(insn) for one only; ARM_BE8(insn) for BE8 big-endian kernels */
#ifdef __ARMEB__
#define CPU_BE(code...)	code
#define CPU_LE(code...)
#define ARM_BE8(code...) code
#else
#define CPU_BE(code...)
#define CPU_LE(code...)	code
#define ARM_BE8(code...)
#endif

/* rev_l REG, TMP: REG byte-reversed (ARMv6+ has rev; TMP is for older cores) */
	.macro	rev_l, val:req, tmp:req
	rev	\val, \val
	.endm

/* mov_l DST, IMM: a 32-bit constant (or address) in two halves */
	.macro	mov_l, dst:req, imm:req
	movw	\dst, #:lower16:\imm
	movt	\dst, #:upper16:\imm
	.endm

/* ret[cond] REG: return through REG (interworking: the caller may be Thumb code) */
	.irp	c, , eq, ne, cs, cc, mi, pl, vs, vc, hi, ls, ge, lt, gt, le, hs, lo
	.macro	ret\c, reg
	bx\c	\reg
	.endm
	.endr

#endif /* __ASSEMBLY__ */

#endif
