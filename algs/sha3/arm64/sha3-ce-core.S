/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-3 / SHAKE block absorption with the ARMv8.2 SHA3 Crypto Extensions.
 *
 * The 25 lanes of the Keccak-f[1600] state live in the low 64 bits of v0-v24, lane A[x, y] (st[x +
 * 5 * y]) in v(x + 5 * y); v25-v31 are scratch. One round is
 *
 *	theta	C[x] = EOR3 of the five lanes of column x, D[x] = RAX1(C[x - 1], C[x + 1])
 *	rho, pi	B[y, 2x + 3y] = XAR(A[x, y], D[x]) rotates A[x, y] ^ D[x] by its rho offset; pi is a
 *		single cycle through the 24 lanes other than A[0, 0], walked in place with one
 *		lane held in v25
 *	chi	E[x] = BCAX(B[x], B[x + 2], B[x + 1]) = B[x] ^ (~B[x + 1] & B[x + 2]), per row
 *	iota	lane 0 ^= the round constant
 *
 * Only the low 64 bits of each register mean anything; EOR3 and BCAX work on all 128 bits and the
 * upper halves are never stored.
 */
#include <linux/linkage.h>

	.arch	armv8.2-a+sha3
	.text

	/* dst = rol(src ^ d, rot): XAR rotates right */
	.macro	rhopi, dst, src, d, rot
	xar	v\dst\().2d, v\src\().2d, \d\().2d, #(64 - \rot)
	.endm

	/* chi on the row v(b0) .. v(b0 + 4), v25 and v26 as scratch */
	.macro	chi, b0, b1, b2, b3, b4
	bcax	v25.16b, v\b0\().16b, v\b2\().16b, v\b1\().16b
	bcax	v26.16b, v\b1\().16b, v\b3\().16b, v\b2\().16b
	bcax	v\b2\().16b, v\b2\().16b, v\b4\().16b, v\b3\().16b
	bcax	v\b3\().16b, v\b3\().16b, v\b0\().16b, v\b4\().16b
	bcax	v\b4\().16b, v\b4\().16b, v\b1\().16b, v\b0\().16b
	mov	v\b0\().16b, v25.16b
	mov	v\b1\().16b, v26.16b
	.endm

	/* XOR the block's next four lanes, or one, at x1 into the given state lanes */
	.macro	absorb4, l0, l1, l2, l3
	ld1	{v25.8b-v28.8b}, [x1], #32
	eor	v\l0\().8b, v\l0\().8b, v25.8b
	eor	v\l1\().8b, v\l1\().8b, v26.8b
	eor	v\l2\().8b, v\l2\().8b, v27.8b
	eor	v\l3\().8b, v\l3\().8b, v28.8b
	.endm

	.macro	absorb1, l0
	ld1	{v25.8b}, [x1], #8
	eor	v\l0\().8b, v\l0\().8b, v25.8b
	.endm

/*
 * void sha3_ce_transform(u64 st[25], const u8 *src, unsigned int blocks, unsigned int rsiz)
 *
 * Absorbs @blocks (>= 1) blocks of @rsiz bytes (72, 104, 136, 144 or 168) from @src, which needs
 * no alignment: each block's little-endian lanes are XORed into the state, then Keccak-f[1600]
 * runs once. The state is in host byte order.
 */
SYM_FUNC_START(sha3_ce_transform)
	/* d8-d15 are callee-saved */
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]

	mov	x8, x0
	ld1	{v0.1d-v3.1d}, [x8], #32
	ld1	{v4.1d-v7.1d}, [x8], #32
	ld1	{v8.1d-v11.1d}, [x8], #32
	ld1	{v12.1d-v15.1d}, [x8], #32
	ld1	{v16.1d-v19.1d}, [x8], #32
	ld1	{v20.1d-v23.1d}, [x8], #32
	ld1	{v24.1d}, [x8]

.Lblock:
	/* every rate is at least 72 bytes: 9 lanes */
	absorb4	0, 1, 2, 3
	absorb4	4, 5, 6, 7
	absorb1	8
	cmp	w3, #72
	b.eq	.Lpermute
	absorb4	9, 10, 11, 12
	cmp	w3, #104
	b.eq	.Lpermute
	absorb4	13, 14, 15, 16
	cmp	w3, #136
	b.eq	.Lpermute
	absorb1	17
	cmp	w3, #144
	b.eq	.Lpermute
	absorb1	18
	absorb1	19
	absorb1	20

.Lpermute:
	adrp	x9, .Lkeccak_rc
	add	x9, x9, :lo12:.Lkeccak_rc
	mov	w10, #24

.Lround:
	/* theta: C[x] in v25-v29 */
	eor3	v25.16b, v0.16b, v5.16b, v10.16b
	eor3	v26.16b, v1.16b, v6.16b, v11.16b
	eor3	v27.16b, v2.16b, v7.16b, v12.16b
	eor3	v28.16b, v3.16b, v8.16b, v13.16b
	eor3	v29.16b, v4.16b, v9.16b, v14.16b
	eor3	v25.16b, v25.16b, v15.16b, v20.16b
	eor3	v26.16b, v26.16b, v16.16b, v21.16b
	eor3	v27.16b, v27.16b, v17.16b, v22.16b
	eor3	v28.16b, v28.16b, v18.16b, v23.16b
	eor3	v29.16b, v29.16b, v19.16b, v24.16b

	/* D[x] = C[x - 1] ^ rol(C[x + 1], 1): D0 v30, D1 v31, D2 v26, D3 v27, D4 v28 */
	rax1	v30.2d, v29.2d, v26.2d
	rax1	v31.2d, v25.2d, v27.2d
	rax1	v26.2d, v26.2d, v28.2d
	rax1	v27.2d, v27.2d, v29.2d
	rax1	v28.2d, v28.2d, v25.2d

	/*
	 * rho and pi along the cycle of pi: each lane is overwritten by the one pi brings into
	 * its place, starting with A[1, 0] (v1), kept in v25 until the cycle closes at v10
	 */
	eor	v0.16b, v0.16b, v30.16b
	rhopi	25, 1, v31, 1
	rhopi	1, 6, v31, 44
	rhopi	6, 9, v28, 20
	rhopi	9, 22, v26, 61
	rhopi	22, 14, v28, 39
	rhopi	14, 20, v30, 18
	rhopi	20, 2, v26, 62
	rhopi	2, 12, v26, 43
	rhopi	12, 13, v27, 25
	rhopi	13, 19, v28, 8
	rhopi	19, 23, v27, 56
	rhopi	23, 15, v30, 41
	rhopi	15, 4, v28, 27
	rhopi	4, 24, v28, 14
	rhopi	24, 21, v31, 2
	rhopi	21, 8, v27, 55
	rhopi	8, 16, v31, 45
	rhopi	16, 5, v30, 36
	rhopi	5, 3, v27, 28
	rhopi	3, 18, v27, 21
	rhopi	18, 17, v26, 15
	rhopi	17, 11, v31, 10
	rhopi	11, 7, v26, 6
	rhopi	7, 10, v30, 3
	mov	v10.16b, v25.16b

	chi	0, 1, 2, 3, 4
	chi	5, 6, 7, 8, 9
	chi	10, 11, 12, 13, 14
	chi	15, 16, 17, 18, 19
	chi	20, 21, 22, 23, 24

	/* iota */
	ld1r	{v25.2d}, [x9], #8
	eor	v0.16b, v0.16b, v25.16b

	subs	w10, w10, #1
	b.ne	.Lround

	subs	w2, w2, #1
	b.ne	.Lblock

	st1	{v0.1d-v3.1d}, [x0], #32
	st1	{v4.1d-v7.1d}, [x0], #32
	st1	{v8.1d-v11.1d}, [x0], #32
	st1	{v12.1d-v15.1d}, [x0], #32
	st1	{v16.1d-v19.1d}, [x0], #32
	st1	{v20.1d-v23.1d}, [x0], #32
	st1	{v24.1d}, [x0]

	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
	ret
SYM_FUNC_END(sha3_ce_transform)
	/* stays inside libkcshim, as the C helpers do (C_VISIBILITY_PRESET does not reach .S files) */
	.hidden	sha3_ce_transform

	.section	.rodata
	.balign	8
.Lkeccak_rc:
	.quad	0x0000000000000001, 0x0000000000008082, 0x800000000000808a
	.quad	0x8000000080008000, 0x000000000000808b, 0x0000000080000001
	.quad	0x8000000080008081, 0x8000000000008009, 0x000000000000008a
	.quad	0x0000000000000088, 0x0000000080008009, 0x000000008000000a
	.quad	0x000000008000808b, 0x800000000000008b, 0x8000000000008089
	.quad	0x8000000000008003, 0x8000000000008002, 0x8000000000000080
	.quad	0x000000000000800a, 0x800000008000000a, 0x8000000080008081
	.quad	0x8000000000008080, 0x0000000080000001, 0x8000000080008008

	.section	.note.GNU-stack, "", %progbits
