/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One round of Keccak-f[1600] (FIPS 202, 3.3) on u64 lanes, written once for the generic code and
 * the x86-64 BMI2 code (which compiles it for andn and rorx). The includer defines
 *	KECCAKF_ROUND			the round function's name
 *	KECCAKF_ATTR			its attributes (a target, or nothing)
 * and includes this file once per round function; it undefines them again.
 *
 * The round goes from state @a into state @e. Theta is folded into rho and pi: lane A[x, y] is
 * XORed with its column's D[x], rotated by its rho offset and moved to B[y, 2x + 3y]. Chi then
 * works on the rows of B, so each row below lists the five lanes of A that pi brings into it.
 * Every index is a constant: once inlined, both states are plain local variables the compiler
 * keeps in registers as far as it can, instead of an array in memory addressed by computed
 * indexes. That is what makes this form fast.
 */
#include <linux/bitops.h>
#include <linux/types.h>

#define KECCAKF_CHI_ROW(out, b0, b1, b2, b3, b4)			\
	do {								\
		u64 __b0 = (b0), __b1 = (b1), __b2 = (b2);		\
		u64 __b3 = (b3), __b4 = (b4);				\
									\
		(out)[0] = __b0 ^ (~__b1 & __b2);			\
		(out)[1] = __b1 ^ (~__b2 & __b3);			\
		(out)[2] = __b2 ^ (~__b3 & __b4);			\
		(out)[3] = __b3 ^ (~__b4 & __b0);			\
		(out)[4] = __b4 ^ (~__b0 & __b1);			\
	} while (0)

static __always_inline KECCAKF_ATTR void KECCAKF_ROUND(u64 e[25], const u64 a[25], u64 rc)
{
	u64 c0, c1, c2, c3, c4;
	u64 d0, d1, d2, d3, d4;

	/* theta */
	c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
	c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
	c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
	c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
	c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];

	d0 = c4 ^ rol64(c1, 1);
	d1 = c0 ^ rol64(c2, 1);
	d2 = c1 ^ rol64(c3, 1);
	d3 = c2 ^ rol64(c4, 1);
	d4 = c3 ^ rol64(c0, 1);

	/* rho, pi and chi, one row of B at a time; iota on lane 0 */
	KECCAKF_CHI_ROW(&e[0],
			a[0] ^ d0,
			rol64(a[6] ^ d1, 44),
			rol64(a[12] ^ d2, 43),
			rol64(a[18] ^ d3, 21),
			rol64(a[24] ^ d4, 14));
	e[0] ^= rc;

	KECCAKF_CHI_ROW(&e[5],
			rol64(a[3] ^ d3, 28),
			rol64(a[9] ^ d4, 20),
			rol64(a[10] ^ d0, 3),
			rol64(a[16] ^ d1, 45),
			rol64(a[22] ^ d2, 61));

	KECCAKF_CHI_ROW(&e[10],
			rol64(a[1] ^ d1, 1),
			rol64(a[7] ^ d2, 6),
			rol64(a[13] ^ d3, 25),
			rol64(a[19] ^ d4, 8),
			rol64(a[20] ^ d0, 18));

	KECCAKF_CHI_ROW(&e[15],
			rol64(a[4] ^ d4, 27),
			rol64(a[5] ^ d0, 36),
			rol64(a[11] ^ d1, 10),
			rol64(a[17] ^ d2, 15),
			rol64(a[23] ^ d3, 56));

	KECCAKF_CHI_ROW(&e[20],
			rol64(a[2] ^ d2, 62),
			rol64(a[8] ^ d3, 55),
			rol64(a[14] ^ d4, 39),
			rol64(a[15] ^ d0, 41),
			rol64(a[21] ^ d1, 2));
}

#undef KECCAKF_CHI_ROW
#undef KECCAKF_ROUND
#undef KECCAKF_ATTR
