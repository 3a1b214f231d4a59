/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The "fixture-abs" walk (fixture.h) written as kernel arm64 assembly is: tables reached with
 * adrp + :lo12: (this module's own, and another module's, as aes-arm64 reaches aes_generic's
 * crypto_ft_tab), which no shared object can hold for an outside symbol, and bl into libc,
 * which may lie beyond a branch's +/-128 MiB.
 */
#include <linux/linkage.h>
#include <asm/assembler.h>

#include "fixture.h"

/* fixture_abs_table is in fixture_abs_table.S */

.text

/* void fixture_abs_update_asm(struct fixture_abs_ctx *ctx, const u8 *data, size_t len) */
SYM_FUNC_START(fixture_abs_update_asm)
	cbz	x2, .Ldone
	ldr	x8, [x0, #8]			/* count */
	adr_l	x12, fixture_abs_table		/* own .rodata: ADR_PREL_PG_HI21 + ADD_ABS_LO12_NC */
	adrp	x13, fixture_sbox		/* another module's table: its stand-in when far */
	add	x13, x13, :lo12:fixture_sbox
.Lloop:
	and	x9, x8, #7			/* j */
	ldrb	w10, [x0, x9]
	ldrb	w11, [x1], #1
	eor	w10, w10, w11			/* h[j] ^ b */
	ldrb	w14, [x12, x10]
	add	x15, x9, #1
	and	x15, x15, #7
	ldrb	w10, [x0, x15]			/* h[j + 1] */
	ldrb	w11, [x13, x10]
	eor	w14, w14, w11
	strb	w14, [x0, x9]
	add	x8, x8, #1
	subs	x2, x2, #1
	b.ne	.Lloop
	str	x8, [x0, #8]
.Ldone:
	ret
SYM_FUNC_END(fixture_abs_update_asm)

/* void fixture_abs_final_asm(struct fixture_abs_ctx *ctx, u8 *out) */
SYM_FUNC_START(fixture_abs_final_asm)
	frame_push	1
	mov	x19, x0
	mov	x0, x1
	mov	x1, x19
	mov	x2, #8
	bl	memcpy				/* out = h: CALL26, through a trampoline when far */
	mov	x0, x19
	mov	w1, #0
	mov	x2, #16
	bl	memset				/* wipe the state */
	frame_pop
	ret
SYM_FUNC_END(fixture_abs_final_asm)
