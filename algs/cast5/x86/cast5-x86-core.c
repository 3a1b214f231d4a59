// SPDX-License-Identifier: GPL-2.0
/*
 * CAST5 six blocks at a time (CAST5_X86_WAYS) in general registers, for x86-64: ECB both ways,
 * CBC decryption and CTR.
 *
 * One block is a chain of 16 dependent rounds, each with an S-box load on the critical path: the
 * generic code waits on it. Six independent blocks interleaved keep the load ports and ALUs busy
 * instead. The rounds are the generic ones (cast5.h), applied to each block in turn.
 *
 * With AVX-512 VBMI, cast5-avx512-core.c is 2.7x this code; this one runs without it, for short
 * requests and without usable SIMD. Other ways tried here, against this six-way code (scratch
 * benchmarks, minimum of 300 runs over 8 KiB, not kept): sixteen blocks in zmm registers with
 * vpgatherdd for the S-boxes, 0.8x (gathers load about one element per cycle and a half on
 * this CPU, general registers three per cycle); four blocks in general registers 0.92x, eight
 * 0.85x; sixteen blocks in zmm with each S-box read by eight two-table vpermt2d and a blend tree
 * on the index's top three bits, 0.95x; those sixteen and six in general registers in one body,
 * 0.8x; the round function as inline assembly (14 instructions a block, against GCC's 17-20),
 * 0.99x; the four S-boxes copied into one table, so one base register reaches them all, 1.03x.
 */
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>
#include <linux/unroll.h>

#include "cast5-x86.h"

/* One round on each of the blocks; CAST5_ENCRYPT_ROUNDS() says which rounds in what order. */
#define CAST5_X86_L(f, n)							\
	do {									\
		unrolled_full							\
		for (int j = 0; j < CAST5_X86_WAYS; j++)			\
			l[j] ^= cast5_##f(r[j], km[(n) - 1], kr[(n) - 1]);	\
	} while (0)
#define CAST5_X86_R(f, n)							\
	do {									\
		unrolled_full							\
		for (int j = 0; j < CAST5_X86_WAYS; j++)			\
			r[j] ^= cast5_##f(l[j], km[(n) - 1], kr[(n) - 1]);	\
	} while (0)

/* The halves of @n blocks from @base into wl[0..n-1] and wr[0..n-1] */
#define CAST5_X86_LOAD_WORDS(wl, wr, base, n)					\
	unrolled_full								\
	for (int j = 0; j < (n); j++) {						\
		(wl)[j] = get_unaligned_be32((base) + CAST5_BLOCK_SIZE * j);	\
		(wr)[j] = get_unaligned_be32((base) + CAST5_BLOCK_SIZE * j + 4); \
	}
#define CAST5_X86_LOAD()	CAST5_X86_LOAD_WORDS(l, r, src, CAST5_X86_WAYS)

/* Each block goes out as R || L (cast5_generic.c), XORed with the words xl[j] || xr[j]. */
#define CAST5_X86_STORE_XOR(xl, xr)						\
	unrolled_full								\
	for (int j = 0; j < CAST5_X86_WAYS; j++) {				\
		put_unaligned_be32(r[j] ^ (xl)[j], dst + CAST5_BLOCK_SIZE * j);	\
		put_unaligned_be32(l[j] ^ (xr)[j], dst + CAST5_BLOCK_SIZE * j + 4); \
	}
#define CAST5_X86_STORE()	CAST5_X86_STORE_XOR(zero, zero)

static const u32 zero[CAST5_X86_WAYS];

void cast5_x86_encrypt_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src)
{
	const u32 *km = ctx->Km;
	const u8 *kr = ctx->Kr;
	u32 l[CAST5_X86_WAYS], r[CAST5_X86_WAYS];

	CAST5_X86_LOAD();
	CAST5_ENCRYPT_ROUNDS(CAST5_X86_L, CAST5_X86_R, ctx->rr);
	CAST5_X86_STORE();
}

void cast5_x86_decrypt_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src)
{
	const u32 *km = ctx->Km;
	const u8 *kr = ctx->Kr;
	u32 l[CAST5_X86_WAYS], r[CAST5_X86_WAYS];

	CAST5_X86_LOAD();
	CAST5_DECRYPT_ROUNDS(CAST5_X86_L, CAST5_X86_R, ctx->rr);
	CAST5_X86_STORE();
}

/*
 * The XOR is done here, in registers, not by the glue over memory: that cost CBC decryption and
 * CTR 12% of ECB's speed at 8 KiB. Every input word is read before the first store, as dst may
 * be src.
 */
void cast5_x86_cbc_decrypt_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src, u8 *iv)
{
	const u32 *km = ctx->Km;
	const u8 *kr = ctx->Kr;
	u32 l[CAST5_X86_WAYS], r[CAST5_X86_WAYS], xl[CAST5_X86_WAYS], xr[CAST5_X86_WAYS];

	CAST5_X86_LOAD();
	CAST5_DECRYPT_ROUNDS(CAST5_X86_L, CAST5_X86_R, ctx->rr);
	CAST5_X86_LOAD_WORDS(xl, xr, iv, 1);
	CAST5_X86_LOAD_WORDS(&xl[1], &xr[1], src, CAST5_X86_WAYS - 1);
	memcpy(iv, src + CAST5_X86_BYTES - CAST5_BLOCK_SIZE, CAST5_BLOCK_SIZE);
	CAST5_X86_STORE_XOR(xl, xr);
}

void cast5_x86_ctr_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src, u64 *ctr)
{
	const u32 *km = ctx->Km;
	const u8 *kr = ctx->Kr;
	u32 l[CAST5_X86_WAYS], r[CAST5_X86_WAYS], xl[CAST5_X86_WAYS], xr[CAST5_X86_WAYS];

	unrolled_full
	for (int j = 0; j < CAST5_X86_WAYS; j++) {
		l[j] = (u32)((*ctr + j) >> 32);
		r[j] = (u32)(*ctr + j);
	}
	*ctr += CAST5_X86_WAYS;
	CAST5_ENCRYPT_ROUNDS(CAST5_X86_L, CAST5_X86_R, ctx->rr);
	CAST5_X86_LOAD_WORDS(xl, xr, src, CAST5_X86_WAYS);
	CAST5_X86_STORE_XOR(xl, xr);
}
