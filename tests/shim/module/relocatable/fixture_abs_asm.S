/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The "fixture-abs" walk (fixture.h) written as kernel x86-64 assembly often is: tables addressed
 * absolutely, which only works where the module lies in a sign-extended 32-bit range, and plain
 * calls into libc, which are out of a rel32's reach from the low 2 GiB.
 */
#include <linux/linkage.h>

#include "fixture.h"

/* fixture_abs_table is in fixture_abs_table.S */

.text

/* void fixture_abs_update_asm(struct fixture_abs_ctx *ctx, const u8 *data, size_t len) */
SYM_FUNC_START(fixture_abs_update_asm)
	test	%rdx, %rdx
	jz	.Ldone
	mov	8(%rdi), %r8			/* count */
.Lloop:
	mov	%r8, %r9
	and	$7, %r9d			/* j */
	movzbl	(%rdi, %r9), %eax
	xorb	(%rsi), %al			/* h[j] ^ b */
	movzbl	fixture_abs_table(%rax), %ecx	/* own .rodata: R_X86_64_32S */
	lea	1(%r9), %r10
	and	$7, %r10d
	movzbl	(%rdi, %r10), %eax		/* h[j + 1] */
	xorb	fixture_sbox(%rax), %cl		/* another module's table: R_X86_64_32S */
	mov	%cl, (%rdi, %r9)
	inc	%r8
	inc	%rsi
	dec	%rdx
	jnz	.Lloop
	mov	%r8, 8(%rdi)
.Ldone:
	RET
SYM_FUNC_END(fixture_abs_update_asm)

/* void fixture_abs_final_asm(struct fixture_abs_ctx *ctx, u8 *out) */
SYM_FUNC_START(fixture_abs_final_asm)
	push	%rbx				/* also aligns the stack for the calls */
	mov	%rdi, %rbx
	mov	%rsi, %rdi
	mov	%rbx, %rsi
	mov	$8, %edx
	call	memcpy				/* out = h: R_X86_64_PLT32, out of reach */
	mov	%rbx, %rdi
	xor	%esi, %esi
	mov	$16, %edx
	call	memset				/* wipe the state */
	pop	%rbx
	RET
SYM_FUNC_END(fixture_abs_final_asm)
