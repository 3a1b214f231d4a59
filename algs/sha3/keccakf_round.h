/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One round of Keccak-f[1600] (FIPS 202, 3.3), written once for every lane type: the generic code
 * and the x86-64 BMI2 code run it on u64 lanes, the x86-64 AVX-512 code on one 64-bit lane per xmm
 * register. The includer defines
 *	KECCAKF_ROUND			the round function's name
 *	KECCAKF_ATTR			its attributes (a target, or nothing)
 * and, for a lane type other than u64,
 *	KECCAKF_LANE			the lane type
 *	KECCAKF_XOR(a, b)		a ^ b
 *	KECCAKF_XOR5(a, b, c, d, e)	a ^ b ^ c ^ d ^ e
 *	KECCAKF_ROL(a, n)		a rotated left by the constant n (1 <= n <= 63)
 *	KECCAKF_CHI(a, b, c)		a ^ (~b & c)
 * and includes this file once per round function; it undefines them all again.
 *
 * The round goes from state @a into state @e. Theta is folded into rho and pi: lane A[x, y] is
 * XORed with its column's D[x], rotated by its rho offset and moved to B[y, 2x + 3y]. Chi then
 * works on the rows of B, so each row below lists the five lanes of A that pi brings into it.
 * Every index is a constant: once inlined, both states are plain local variables the compiler
 * keeps in registers as far as it can, instead of an array in memory addressed by computed
 * indexes. That is what makes this form fast.
 */

#ifndef KECCAKF_LANE
#include <linux/bitops.h>
#include <linux/types.h>

#define KECCAKF_LANE			u64
#define KECCAKF_XOR(a, b)		((a) ^ (b))
#define KECCAKF_XOR5(a, b, c, d, e)	((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define KECCAKF_ROL(a, n)		rol64(a, n)
#define KECCAKF_CHI(a, b, c)		((a) ^ (~(b) & (c)))
#endif

#define KECCAKF_CHI_ROW(out, b0, b1, b2, b3, b4)			\
	do {								\
		KECCAKF_LANE __b0 = (b0), __b1 = (b1), __b2 = (b2);	\
		KECCAKF_LANE __b3 = (b3), __b4 = (b4);			\
									\
		(out)[0] = KECCAKF_CHI(__b0, __b1, __b2);		\
		(out)[1] = KECCAKF_CHI(__b1, __b2, __b3);		\
		(out)[2] = KECCAKF_CHI(__b2, __b3, __b4);		\
		(out)[3] = KECCAKF_CHI(__b3, __b4, __b0);		\
		(out)[4] = KECCAKF_CHI(__b4, __b0, __b1);		\
	} while (0)

static __always_inline KECCAKF_ATTR void KECCAKF_ROUND(KECCAKF_LANE e[25],
							const KECCAKF_LANE a[25],
							KECCAKF_LANE rc)
{
	KECCAKF_LANE c0, c1, c2, c3, c4;
	KECCAKF_LANE d0, d1, d2, d3, d4;

	/* theta */
	c0 = KECCAKF_XOR5(a[0], a[5], a[10], a[15], a[20]);
	c1 = KECCAKF_XOR5(a[1], a[6], a[11], a[16], a[21]);
	c2 = KECCAKF_XOR5(a[2], a[7], a[12], a[17], a[22]);
	c3 = KECCAKF_XOR5(a[3], a[8], a[13], a[18], a[23]);
	c4 = KECCAKF_XOR5(a[4], a[9], a[14], a[19], a[24]);

	d0 = KECCAKF_XOR(c4, KECCAKF_ROL(c1, 1));
	d1 = KECCAKF_XOR(c0, KECCAKF_ROL(c2, 1));
	d2 = KECCAKF_XOR(c1, KECCAKF_ROL(c3, 1));
	d3 = KECCAKF_XOR(c2, KECCAKF_ROL(c4, 1));
	d4 = KECCAKF_XOR(c3, KECCAKF_ROL(c0, 1));

	/* rho, pi and chi, one row of B at a time; iota on lane 0 */
	KECCAKF_CHI_ROW(&e[0],
			KECCAKF_XOR(a[0], d0),
			KECCAKF_ROL(KECCAKF_XOR(a[6], d1), 44),
			KECCAKF_ROL(KECCAKF_XOR(a[12], d2), 43),
			KECCAKF_ROL(KECCAKF_XOR(a[18], d3), 21),
			KECCAKF_ROL(KECCAKF_XOR(a[24], d4), 14));
	e[0] = KECCAKF_XOR(e[0], rc);

	KECCAKF_CHI_ROW(&e[5],
			KECCAKF_ROL(KECCAKF_XOR(a[3], d3), 28),
			KECCAKF_ROL(KECCAKF_XOR(a[9], d4), 20),
			KECCAKF_ROL(KECCAKF_XOR(a[10], d0), 3),
			KECCAKF_ROL(KECCAKF_XOR(a[16], d1), 45),
			KECCAKF_ROL(KECCAKF_XOR(a[22], d2), 61));

	KECCAKF_CHI_ROW(&e[10],
			KECCAKF_ROL(KECCAKF_XOR(a[1], d1), 1),
			KECCAKF_ROL(KECCAKF_XOR(a[7], d2), 6),
			KECCAKF_ROL(KECCAKF_XOR(a[13], d3), 25),
			KECCAKF_ROL(KECCAKF_XOR(a[19], d4), 8),
			KECCAKF_ROL(KECCAKF_XOR(a[20], d0), 18));

	KECCAKF_CHI_ROW(&e[15],
			KECCAKF_ROL(KECCAKF_XOR(a[4], d4), 27),
			KECCAKF_ROL(KECCAKF_XOR(a[5], d0), 36),
			KECCAKF_ROL(KECCAKF_XOR(a[11], d1), 10),
			KECCAKF_ROL(KECCAKF_XOR(a[17], d2), 15),
			KECCAKF_ROL(KECCAKF_XOR(a[23], d3), 56));

	KECCAKF_CHI_ROW(&e[20],
			KECCAKF_ROL(KECCAKF_XOR(a[2], d2), 62),
			KECCAKF_ROL(KECCAKF_XOR(a[8], d3), 55),
			KECCAKF_ROL(KECCAKF_XOR(a[14], d4), 39),
			KECCAKF_ROL(KECCAKF_XOR(a[15], d0), 41),
			KECCAKF_ROL(KECCAKF_XOR(a[21], d1), 2));
}

#undef KECCAKF_CHI_ROW
#undef KECCAKF_ROUND
#undef KECCAKF_ATTR
#undef KECCAKF_LANE
#undef KECCAKF_XOR
#undef KECCAKF_XOR5
#undef KECCAKF_ROL
#undef KECCAKF_CHI
