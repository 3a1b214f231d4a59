/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CRC-T10DIF folding for arm64, with 64x64 PMULL (the Crypto Extensions) or with the 8x8
 * polynomial multiply every AdvSIMD core has.
 *
 * The bytes are a polynomial over GF(2), the first byte's top bit the highest power, and the CRC
 * from 0 of a message M is M(x) * x^16 mod P, P = x^16 + 0x8bb7. A 16-byte block is held as one
 * 128-bit polynomial A = A_hi * x^64 + A_lo in a vector register (A_lo in lane 0). Appending the
 * next block B multiplies A by x^128, and
 *
 *	A * x^128 + B  ==  A_hi * (x^192 mod P) + A_lo * (x^128 mod P) + B	(mod P)
 *
 * where both products have fewer than 80 bits: each fold leaves a 128-bit polynomial with the
 * same CRC, and the glue finishes the last one (and any tail) with crc_t10dif_generic(). A
 * starting CRC c is c * x^(8 * len) added to M, that is, XORed into the first block's top 16 bits.
 *
 * The two routines differ only in how they form A_hi * k192 + A_lo * k128: PMULL/PMULL2 .1q, or,
 * as the constants have only two bytes, eight 8x8 products per constant byte (PMULL .8b) put
 * together at their byte offsets.
 */
#include <linux/linkage.h>

	.arch	armv8-a+crypto
	.text

	.set	K128, 0xa010		/* x^128 mod P */
	.set	K192, 0x1faa		/* x^192 mod P */

	/* v\r = the next 16 bytes at x1 as a 128-bit polynomial */
	.macro	load_block, r
	ld1	{v\r\().16b}, [x1], #16
	rev64	v\r\().16b, v\r\().16b
	ext	v\r\().16b, v\r\().16b, v\r\().16b, #8
	.endm

	/* v0 = v0 * x^128 + v1 mod P, 128 bits wide, with 64x64 PMULL; v30 = (K128, K192) */
	.macro	fold_p64
	pmull	v2.1q, v0.1d, v30.1d
	pmull2	v3.1q, v0.2d, v30.2d
	eor	v0.16b, v1.16b, v2.16b
	eor	v0.16b, v0.16b, v3.16b
	.endm

	/*
	 * The same with 8x8 PMULL. v30 = (K128's low byte x 8, K192's low byte x 8), v31 the high
	 * bytes likewise, v29 = 0. Lane i of v2 (v3) is the product of byte i of A_lo and of A_hi
	 * with the constants' low (high) byte, which belongs at x^(8i) (x^(8i + 8)); each 16-bit
	 * product is split into its low and high byte (XTN, SHRN) and the bytes that belong
	 * together are XORed and shifted into place with EXT.
	 */
	.macro	fold_p8
	pmull	v2.8h, v0.8b, v30.8b
	pmull2	v3.8h, v0.16b, v30.16b
	eor	v2.16b, v2.16b, v3.16b
	pmull	v3.8h, v0.8b, v31.8b
	pmull2	v4.8h, v0.16b, v31.16b
	eor	v3.16b, v3.16b, v4.16b
	xtn	v4.8b, v2.8h			/* at x^(8i) */
	shrn	v2.8b, v2.8h, #8		/* at x^(8i + 8) */
	xtn	v5.8b, v3.8h			/* at x^(8i + 8) */
	shrn	v3.8b, v3.8h, #8		/* at x^(8i + 16) */
	eor	v2.8b, v2.8b, v5.8b
	ext	v2.16b, v29.16b, v2.16b, #15
	ext	v3.16b, v29.16b, v3.16b, #14
	eor	v0.16b, v1.16b, v4.16b
	eor	v0.16b, v0.16b, v2.16b
	eor	v0.16b, v0.16b, v3.16b
	.endm

	/* the loop over the len / 16 blocks at x1 from the CRC w0, the result stored at x3 */
	.macro	fold_all, fold
	lsr	x2, x2, #4
	load_block 0
	ubfiz	x4, x0, #48, #16
	movi	v1.16b, #0
	mov	v1.d[1], x4
	eor	v0.16b, v0.16b, v1.16b
	subs	x2, x2, #1
	b.eq	1f
0:	load_block 1
	\fold
	subs	x2, x2, #1
	b.ne	0b
1:	ext	v0.16b, v0.16b, v0.16b, #8
	rev64	v0.16b, v0.16b
	st1	{v0.16b}, [x3]
	ret
	.endm

/*
 * void crc_t10dif_pmull_p64(u16 init_crc, const u8 *buf, size_t len, u8 out[16])
 * void crc_t10dif_pmull_p8(u16 init_crc, const u8 *buf, size_t len, u8 out[16])
 *
 * Fold the len / 16 whole blocks at @buf (len >= 16, any alignment) into the 16 bytes @out,
 * whose CRC from 0 is the CRC of those blocks from @init_crc. The last len % 16 bytes are not
 * read.
 */
SYM_FUNC_START(crc_t10dif_pmull_p64)
	adrp	x5, .Lk_p64
	add	x5, x5, :lo12:.Lk_p64
	ld1	{v30.2d}, [x5]
	fold_all fold_p64
SYM_FUNC_END(crc_t10dif_pmull_p64)

SYM_FUNC_START(crc_t10dif_pmull_p8)
	adrp	x5, .Lk_p8
	add	x5, x5, :lo12:.Lk_p8
	ld1	{v30.16b-v31.16b}, [x5]
	movi	v29.16b, #0
	fold_all fold_p8
SYM_FUNC_END(crc_t10dif_pmull_p8)
	/* stay inside libkcshim, as the C helpers do (C_VISIBILITY_PRESET does not reach .S files) */
	.hidden	crc_t10dif_pmull_p64
	.hidden	crc_t10dif_pmull_p8

	.section	.rodata
	.balign	16
.Lk_p64:
	.quad	K128, K192
.Lk_p8:
	.fill	8, 1, K128 & 0xff
	.fill	8, 1, K192 & 0xff
	.fill	8, 1, K128 >> 8
	.fill	8, 1, K192 >> 8

	.section	.note.GNU-stack, "", %progbits
