/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arm64 kernel's assembler macros that crypto .S files use (arch/arm64/crypto, lib/crypto/arm64,
 * lib/crc/arm64), written for a process: a module is a shared object, so symbols are reached
 * PC-relative (adrp + :lo12:) exactly as the kernel does; nothing here touches per-CPU data.
 */
#ifndef _KCSHIM_ASM_ASSEMBLER_ARM64_H
#define _KCSHIM_ASM_ASSEMBLER_ARM64_H

#ifdef __ASSEMBLY__

#include <asm/cache.h>
#include <linux/linkage.h>

/* CPU_LE(insn) / CPU_BE(insn): an instruction for one byte order only */
#ifdef __AARCH64EB__
#define CPU_BE(code...)	code
#define CPU_LE(code...)
#else
#define CPU_BE(code...)
#define CPU_LE(code...)	code
#endif

/* wx0..wx30 name w0..w30: a macro given x10 as an argument writes w\reg for its 32-bit half */
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30
	wx\n	.req	w\n
	.endr

/* adr_l DST, SYM: the address of SYM, anywhere within +/-4 GiB */
	.macro	adr_l, dst, sym
	adrp	\dst, \sym
	add	\dst, \dst, :lo12:\sym
	.endm

/* ldr_l DST, SYM[, TMP]: loads SYM; TMP holds the page when DST cannot (a vector register) */
	.macro	ldr_l, dst, sym, tmp=
	.ifb	\tmp
	adrp	\dst, \sym
	ldr	\dst, [\dst, :lo12:\sym]
	.else
	adrp	\tmp, \sym
	ldr	\dst, [\tmp, :lo12:\sym]
	.endif
	.endm

/* str_l SRC, SYM, TMP: stores SRC to SYM */
	.macro	str_l, src, sym, tmp
	adrp	\tmp, \sym
	str	\src, [\tmp, :lo12:\sym]
	.endm

/* mov_q REG, VALUE: a 64-bit constant, built 16 bits at a time */
	.macro	mov_q, reg, val
	movz	\reg, #(((\val) >> 48) & 0xffff), lsl #48
	movk	\reg, #(((\val) >> 32) & 0xffff), lsl #32
	movk	\reg, #(((\val) >> 16) & 0xffff), lsl #16
	movk	\reg, #((\val) & 0xffff)
	.endm

/*
 * frame_push N[, EXTRA] ... frame_pop: a frame record (x29, x30) with the first N callee-saved
 * registers x19.. above it and EXTRA bytes of locals at sp + .Lframe_local_offset. The layout is
 * the kernel's, and callers depend on it: ghash-ce reads its stack arguments at fixed offsets
 * past the frame. Register x(18 + i) is at sp + 8 * (i + 1).
 */
	.macro	__kcshim_frame_pair, op, i, r1, r2
	.if	.Lframe_regcount == \i
	\op\()r	\r1, [sp, #((\i) + 1) * 8]
	.elseif	.Lframe_regcount > \i
	\op\()p	\r1, \r2, [sp, #((\i) + 1) * 8]
	.endif
	.endm

	.macro	__kcshim_frame_regs, op
	__kcshim_frame_pair \op, 1, x19, x20
	__kcshim_frame_pair \op, 3, x21, x22
	__kcshim_frame_pair \op, 5, x23, x24
	__kcshim_frame_pair \op, 7, x25, x26
	__kcshim_frame_pair \op, 9, x27, x28
	.endm

	.macro	frame_push, regcount:req, extra=0
	.if	(\regcount) < 0 || (\regcount) > 10
	.error	"frame_push: 0 to 10 registers (x19-x28)"
	.endif
	.if	((\extra) % 16) != 0
	.error	"frame_push: the locals must be a multiple of 16 bytes"
	.endif
	.ifdef	.Lframe_regcount
	.if	.Lframe_regcount != -1
	.error	"frame_push: frames do not nest"
	.endif
	.endif
	.set	.Lframe_regcount, \regcount
	.set	.Lframe_extra, \extra
	.set	.Lframe_local_offset, (((\regcount) + 3) / 2) * 16
	stp	x29, x30, [sp, #-(.Lframe_local_offset + .Lframe_extra)]!
	mov	x29, sp
	__kcshim_frame_regs st
	.endm

	.macro	frame_pop
	.if	.Lframe_regcount == -1
	.error	"frame_pop without frame_push"
	.endif
	__kcshim_frame_regs ld
	ldp	x29, x30, [sp], #(.Lframe_local_offset + .Lframe_extra)
	.set	.Lframe_regcount, -1
	.endm

/*
 * cond_yield LABEL, TMP, TMP2: the kernel branches to LABEL when the task should give up the CPU
 * (a reschedule or softirq is pending), so that a long NEON loop returns early and its glue
 * closes the NEON section. A kernel_neon_begin() section in kcshim is never preempted: no yield.
 */
	.macro	cond_yield, lbl:req, tmp:req, tmp2
	.endm

#endif /* __ASSEMBLY__ */

#endif
