/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-384 / SHA-512 block compression with the ARMv8.2 SHA512 Crypto Extensions.
 *
 * The working variables live in pairs, low lane first: (a, b), (c, d), (e, f), (g, h). Two rounds
 * t and t + 1 are one SHA512H and one SHA512H2:
 *
 *	SHA512H	 Qt, (f, g), (d, e)	with Qt = (g + K[t + 1] + W[t + 1], h + K[t] + W[t]) gives
 *					(T1[t + 1], T1[t]), the T1 of both rounds
 *	(c, d) + Qt			is the new (e, f) = (c + T1[t + 1], d + T1[t])
 *	SHA512H2 Qt, (c, d), (a, b)	adds T2 of both rounds: the new (a, b)
 *
 * and the old (a, b) and (e, f) become the new (c, d) and (g, h). Nothing moves: five registers
 * v0-v4 take turns, the one that held (c, d) being free after the two rounds, so the register
 * names in the 40 dround lines below go round a cycle of six. The message schedule keeps
 * W[2i], W[2i + 1] in v(20 + i % 8); SHA512SU0 and SHA512SU1 make the pair eight places on
 * while the two rounds use the current one. v5-v7 are scratch and v16-v19 hold the chaining
 * value; v8-v15, whose low halves a callee must preserve, are not used.
 */
#include <linux/linkage.h>

	.arch	armv8.2-a+sha3
	.text

	/*
	 * Rounds 2i and 2i + 1 with the message pair in v\w, whose K pair is next at x3; then, if
	 * w1 is given, W[2i + 16], W[2i + 17] into v\w from the pairs i + 1 (w1), i + 4 (w4),
	 * i + 5 (w5) and i + 7 (w7).
	 */
	.macro	dround, ab, cd, ef, gh, t, w, w1, w4, w5, w7
	ld1	{v7.2d}, [x3], #16
	add	v7.2d, v7.2d, v\w\().2d
	ext	v7.16b, v7.16b, v7.16b, #8		/* (K + W[t + 1], K + W[t]) */
	add	v\t\().2d, v7.2d, v\gh\().2d
	ext	v5.16b, v\ef\().16b, v\gh\().16b, #8	/* (f, g) */
	ext	v6.16b, v\cd\().16b, v\ef\().16b, #8	/* (d, e) */
	sha512h	q\t, q5, v6.2d
	add	v\gh\().2d, v\cd\().2d, v\t\().2d	/* the new (e, f) */
	sha512h2 q\t, q\cd, v\ab\().2d		/* the new (a, b) */
	.ifnb	\w1
	sha512su0 v\w\().2d, v\w1\().2d
	ext	v5.16b, v\w4\().16b, v\w5\().16b, #8
	sha512su1 v\w\().2d, v\w7\().2d, v5.2d
	.endif
	.endm

/*
 * void sha512_ce_transform(struct sha512_state *sst, const u8 *src, int blocks)
 *
 * Compresses @blocks (>= 1) 128-byte blocks from @src, which needs no alignment, into the
 * chaining value sst->state[0..7] (host byte order, at offset 0 of the state).
 */
SYM_FUNC_START(sha512_ce_transform)
	ld1	{v16.2d-v19.2d}, [x0]
0:	ld1	{v20.16b-v23.16b}, [x1], #64
	ld1	{v24.16b-v27.16b}, [x1], #64
	rev64	v20.16b, v20.16b
	rev64	v21.16b, v21.16b
	rev64	v22.16b, v22.16b
	rev64	v23.16b, v23.16b
	rev64	v24.16b, v24.16b
	rev64	v25.16b, v25.16b
	rev64	v26.16b, v26.16b
	rev64	v27.16b, v27.16b
	mov	v0.16b, v16.16b
	mov	v1.16b, v17.16b
	mov	v2.16b, v18.16b
	mov	v3.16b, v19.16b
	adrp	x3, .Lsha512_k
	add	x3, x3, :lo12:.Lsha512_k

	dround	0, 1, 2, 3, 4, 20, 21, 24, 25, 27
	dround	4, 0, 3, 2, 1, 21, 22, 25, 26, 20
	dround	1, 4, 2, 3, 0, 22, 23, 26, 27, 21
	dround	0, 1, 3, 2, 4, 23, 24, 27, 20, 22
	dround	4, 0, 2, 3, 1, 24, 25, 20, 21, 23
	dround	1, 4, 3, 2, 0, 25, 26, 21, 22, 24
	dround	0, 1, 2, 3, 4, 26, 27, 22, 23, 25
	dround	4, 0, 3, 2, 1, 27, 20, 23, 24, 26
	dround	1, 4, 2, 3, 0, 20, 21, 24, 25, 27
	dround	0, 1, 3, 2, 4, 21, 22, 25, 26, 20
	dround	4, 0, 2, 3, 1, 22, 23, 26, 27, 21
	dround	1, 4, 3, 2, 0, 23, 24, 27, 20, 22
	dround	0, 1, 2, 3, 4, 24, 25, 20, 21, 23
	dround	4, 0, 3, 2, 1, 25, 26, 21, 22, 24
	dround	1, 4, 2, 3, 0, 26, 27, 22, 23, 25
	dround	0, 1, 3, 2, 4, 27, 20, 23, 24, 26
	dround	4, 0, 2, 3, 1, 20, 21, 24, 25, 27
	dround	1, 4, 3, 2, 0, 21, 22, 25, 26, 20
	dround	0, 1, 2, 3, 4, 22, 23, 26, 27, 21
	dround	4, 0, 3, 2, 1, 23, 24, 27, 20, 22
	dround	1, 4, 2, 3, 0, 24, 25, 20, 21, 23
	dround	0, 1, 3, 2, 4, 25, 26, 21, 22, 24
	dround	4, 0, 2, 3, 1, 26, 27, 22, 23, 25
	dround	1, 4, 3, 2, 0, 27, 20, 23, 24, 26
	dround	0, 1, 2, 3, 4, 20, 21, 24, 25, 27
	dround	4, 0, 3, 2, 1, 21, 22, 25, 26, 20
	dround	1, 4, 2, 3, 0, 22, 23, 26, 27, 21
	dround	0, 1, 3, 2, 4, 23, 24, 27, 20, 22
	dround	4, 0, 2, 3, 1, 24, 25, 20, 21, 23
	dround	1, 4, 3, 2, 0, 25, 26, 21, 22, 24
	dround	0, 1, 2, 3, 4, 26, 27, 22, 23, 25
	dround	4, 0, 3, 2, 1, 27, 20, 23, 24, 26
	dround	1, 4, 2, 3, 0, 20
	dround	0, 1, 3, 2, 4, 21
	dround	4, 0, 2, 3, 1, 22
	dround	1, 4, 3, 2, 0, 23
	dround	0, 1, 2, 3, 4, 24
	dround	4, 0, 3, 2, 1, 25
	dround	1, 4, 2, 3, 0, 26
	dround	0, 1, 3, 2, 4, 27
	/* after 40 steps (a, b) .. (g, h) are in v4, v0, v2, v3 */
	add	v16.2d, v16.2d, v4.2d
	add	v17.2d, v17.2d, v0.2d
	add	v18.2d, v18.2d, v2.2d
	add	v19.2d, v19.2d, v3.2d
	subs	w2, w2, #1
	b.ne	0b
	st1	{v16.2d-v19.2d}, [x0]
	ret
SYM_FUNC_END(sha512_ce_transform)
	/* stays inside libkcshim, as the C helpers do (C_VISIBILITY_PRESET does not reach .S files) */
	.hidden	sha512_ce_transform

	/* K[0..79], FIPS 180-4 section 4.2.3 */
	.section	.rodata
	.balign	16
.Lsha512_k:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019
	.quad	0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe
	.quad	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad	0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad	0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad	0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad	0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad	0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910
	.quad	0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad	0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9
	.quad	0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207
	.quad	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad	0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493
	.quad	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad	0x5fcb6fab3ad6faec, 0x6c44198c4a475817

	.section	.note.GNU-stack, "", %progbits
