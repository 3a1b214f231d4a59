/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-512 block function for 32-bit arm with NEON (ARMv7-A, e.g. Cortex-A8/A9/A15).
 *
 * NEON has 64-bit lanes where the core registers have 32 bits, so the whole compression runs in
 * the NEON register file, one 64-bit word per d register:
 *
 *	d0-d15  (q0-q7)    the message schedule W[t mod 16], W[2i] and W[2i+1] in qi
 *	d16-d23 (q8-q11)   the working variables a..h (state[0..7] in their load order)
 *	d24-d31 (q12-q15)  temporaries
 *
 * A rotate right by n is a shift right by n plus a shift-left-and-insert (VSLI) of 64 - n. Ch and
 * Maj are one bit-select (VBSL) each: Ch(e,f,g) selects f or g by e; Maj(a,b,c) is c where a and b
 * differ, else b. The rounds do not move the working variables: each names them in its own order,
 * so after eight rounds every variable is back in its register. The schedule is extended two
 * words at a time in place, 16 words before each group of 16 rounds after the first, as the
 * generic C code does.
 *
 * d8-d15 are callee-saved in the AAPCS and are saved on the stack.
 *
 *	void sha512_neon_transform(u64 state[8], const u8 *src, int blocks);
 *
 * src may have any alignment; blocks >= 1.
 */
#include <linux/linkage.h>

	.syntax	unified
	.arm
	.fpu	neon
	.text

	/* dT = ror64(x, n); dT is written first, so it must not be x */
	.macro	ror64, dt, x, n
	vshr.u64	\dt, \x, #\n
	vsli.64		\dt, \x, #64 - \n
	.endm

	/*
	 * One round: T1 = h + S1(e) + Ch(e,f,g) + K[t] + W[t]; T2 = S0(a) + Maj(a,b,c);
	 * d += T1; h = T1 + T2. r3 walks the constants.
	 */
	.macro	round, a, b, c, d, e, f, g, h, w
	vld1.64		{d28}, [r3:64]!
	ror64		d24, \e, 14
	ror64		d25, \e, 18
	ror64		d26, \e, 41
	vadd.i64	d28, d28, \w
	vmov		d27, \e
	veor		d24, d24, d25
	vbsl		d27, \f, \g		@ Ch(e, f, g)
	veor		d24, d24, d26		@ S1(e)
	vadd.i64	d28, d28, \h
	vadd.i64	d24, d24, d27
	ror64		d25, \a, 28
	vadd.i64	d24, d24, d28		@ T1
	ror64		d26, \a, 34
	ror64		d27, \a, 39
	veor		d29, \a, \b
	veor		d25, d25, d26
	vbsl		d29, \c, \b		@ Maj(a, b, c)
	veor		d25, d25, d27		@ S0(a)
	vadd.i64	\d, \d, d24
	vadd.i64	d25, d25, d29		@ T2
	vadd.i64	\h, d24, d25
	.endm

	/* 16 rounds over W[0..15] = d0..d15 */
	.macro	rounds16
	round	d16, d17, d18, d19, d20, d21, d22, d23, d0
	round	d23, d16, d17, d18, d19, d20, d21, d22, d1
	round	d22, d23, d16, d17, d18, d19, d20, d21, d2
	round	d21, d22, d23, d16, d17, d18, d19, d20, d3
	round	d20, d21, d22, d23, d16, d17, d18, d19, d4
	round	d19, d20, d21, d22, d23, d16, d17, d18, d5
	round	d18, d19, d20, d21, d22, d23, d16, d17, d6
	round	d17, d18, d19, d20, d21, d22, d23, d16, d7
	round	d16, d17, d18, d19, d20, d21, d22, d23, d8
	round	d23, d16, d17, d18, d19, d20, d21, d22, d9
	round	d22, d23, d16, d17, d18, d19, d20, d21, d10
	round	d21, d22, d23, d16, d17, d18, d19, d20, d11
	round	d20, d21, d22, d23, d16, d17, d18, d19, d12
	round	d19, d20, d21, d22, d23, d16, d17, d18, d13
	round	d18, d19, d20, d21, d22, d23, d16, d17, d14
	round	d17, d18, d19, d20, d21, d22, d23, d16, d15
	.endm

	/*
	 * W[t] and W[t+1] (in qw, which holds W[t-16] and W[t-15]):
	 * W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]. q1 is the next q register (W[t-14]),
	 * q4 and q5 hold W[t-8..t-5], q7 holds W[t-2] and W[t-1].
	 */
	.macro	sched2, qw, q1, q4, q5, q7
	vext.64		q13, \qw, \q1, #1	@ W[t-15], W[t-14]
	ror64		q14, q13, 1
	ror64		q15, q13, 8
	vshr.u64	q13, q13, #7
	veor		q14, q14, q15
	veor		q13, q13, q14		@ s0
	vadd.i64	\qw, \qw, q13
	vext.64		q13, \q4, \q5, #1	@ W[t-7], W[t-6]
	vadd.i64	\qw, \qw, q13
	ror64		q14, \q7, 19
	ror64		q15, \q7, 61
	vshr.u64	q13, \q7, #6
	veor		q14, q14, q15
	veor		q13, q13, q14		@ s1
	vadd.i64	\qw, \qw, q13
	.endm

	.macro	sched16
	sched2	q0, q1, q4, q5, q7
	sched2	q1, q2, q5, q6, q0
	sched2	q2, q3, q6, q7, q1
	sched2	q3, q4, q7, q0, q2
	sched2	q4, q5, q0, q1, q3
	sched2	q5, q6, q1, q2, q4
	sched2	q6, q7, q2, q3, q5
	sched2	q7, q0, q3, q4, q6
	.endm

	/* the constants' address, position-independent; before the function, in LDR's reach */
	.balign		4
.Lk_offset:
	.word		.Lsha512_k - (.Lk_base + 8)

SYM_FUNC_START(sha512_neon_transform)
	vpush		{d8-d15}
	ldr		r3, .Lk_offset
.Lk_base:
	add		r3, pc, r3		@ pc reads as .Lk_base + 8
	vld1.64		{d16-d19}, [r0]!
	vld1.64		{d20-d23}, [r0]
	sub		r0, r0, #32

.Lblock:
	vld1.8		{d0-d3}, [r1]!
	vld1.8		{d4-d7}, [r1]!
	vld1.8		{d8-d11}, [r1]!
	vld1.8		{d12-d15}, [r1]!
	vrev64.8	q0, q0			@ big-endian words
	vrev64.8	q1, q1
	vrev64.8	q2, q2
	vrev64.8	q3, q3
	vrev64.8	q4, q4
	vrev64.8	q5, q5
	vrev64.8	q6, q6
	vrev64.8	q7, q7

	rounds16
	mov		r12, #4
.Lrounds:
	sched16
	rounds16
	subs		r12, r12, #1
	bne		.Lrounds
	sub		r3, r3, #80 * 8

	/* the chaining value: state += a..h, kept in d16-d23 for the next block */
	vld1.64		{d24-d27}, [r0]!
	vld1.64		{d28-d31}, [r0]
	vadd.i64	q8, q8, q12
	vadd.i64	q9, q9, q13
	vadd.i64	q10, q10, q14
	vadd.i64	q11, q11, q15
	vst1.64		{d20-d23}, [r0]
	sub		r0, r0, #32
	vst1.64		{d16-d19}, [r0]

	subs		r2, r2, #1
	bne		.Lblock

	vpop		{d8-d15}
	RET
SYM_FUNC_END(sha512_neon_transform)

	.section	.rodata
	.balign		16
.Lsha512_k:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817

	.section	.note.GNU-stack, "", %progbits
