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

/*
 * mov_l DST, SYM[+OFF][, COND]: an address in two halves. The kernel's takes a constant too and
 * writes SYM's absolute address, which a module of the kernel may hold but no shared object can
 * (R_ARM_MOVW_ABS_NC); here the halves are SYM's distance from the add's pc, which a shared
 * object links, and which reaches anything a 32-bit address can. Every crypto and CRC file uses
 * it for an address; a constant (mov_l r0, 0x1234) stops the assembler ("expression is too
 * complex") rather than load a wrong value.
 */
	.macro	mov_l, dst:req, imm:req, cond
	movw\cond	\dst, #:lower16:(\imm - (.Lmov_l_pc\@ + 8))
	movt\cond	\dst, #:upper16:(\imm - (.Lmov_l_pc\@ + 8))
.Lmov_l_pc\@:
	add\cond	\dst, \dst, pc
	.endm

/*
 * save_and_disable_irqs OLD, restore_irqs OLD: the kernel's, less its irq tracing. In user mode
 * the CPU reads CPSR and ignores cpsid and a write of CPSR's control bits, so the code runs as
 * written (aes-cipher-core.S masks interrupts around its table lookups against cache timing);
 * kcshim's emulated hardirq may still arrive there, which changes no result.
 */
	.macro	save_and_disable_irqs, oldcpsr
	mrs	\oldcpsr, cpsr
	cpsid	i
	.endm

	.macro	restore_irqs, oldcpsr
	msr	cpsr_c, \oldcpsr
	.endm

/* ret[cond] REG: return through REG (interworking: the caller may be Thumb code) */
	.irp	c, , eq, ne, cs, cc, mi, pl, vs, vc, hi, ls, ge, lt, gt, le, hs, lo
	.macro	ret\c, reg
	bx\c	\reg
	.endm
	.endr

#endif /* __ASSEMBLY__ */

#endif
