/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the relocatable-loader fixtures share with each other and with the test.
 *
 * "fixture-abs" is an 8-byte digest built to exercise the loader, not to be a good hash:
 *   h[0..7] = fixture_sbox[0..7];  then for each message byte b, with j = count mod 8:
 *   h[j] = fixture_abs_table[h[j] ^ b] ^ fixture_sbox[h[(j + 1) mod 8]];  count++
 *   digest = h.
 * fixture_abs_table lives in the relocatable module's own .rodata and fixture_sbox in an
 * ordinary shared-object module; the assembly indexes both absolutely (R_X86_64_32S).
 * "fixture-dep" is the same walk started from h = fixture_abs_table[0..7].
 *
 * The tables are formulas, so the assembler (.rept), the C fixture and the test's reference
 * all build the same bytes. Both are permutations-ish mixes of the index; any bytes would do.
 */
#ifndef _FIXTURE_H
#define _FIXTURE_H

#define FIXTURE_ABS_TABLE(i)	((((i) * 167) + 13) & 0xff)
#define FIXTURE_SBOX(i)		(((((i) * 29) + 101) ^ ((i) >> 3)) & 0xff)

#ifndef __ASSEMBLY__
#include <linux/linkage.h>
#include <linux/types.h>

struct fixture_abs_ctx {
	u8 h[8];
	u64 count;
};

/* fixture_table.so */
extern const u8 fixture_sbox[256];

/* fixture_abs.ko (fixture_abs_asm.S) */
extern const u8 fixture_abs_table[256];
asmlinkage void fixture_abs_update_asm(struct fixture_abs_ctx *ctx, const u8 *data, size_t len);
/* Copies ctx->h to out with memcpy(), then wipes ctx with memset(). */
asmlinkage void fixture_abs_final_asm(struct fixture_abs_ctx *ctx, u8 *out);
#endif

#endif
