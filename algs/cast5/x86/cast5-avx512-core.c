// SPDX-License-Identifier: GPL-2.0
/*
 * CAST5 up to 64 blocks at a time (CAST5_AVX512_WAYS) with AVX-512 VBMI, for x86-64: ECB both
 * ways, CBC decryption and CTR. Fewer than 64 blocks take as long as 64.
 *
 * The S-box lookups are byte-sliced. Each round's 64 values of I are transposed into four zmm
 * registers of 64 bytes each, one per byte of I, so that one register holds the 64 indices of
 * one S-box. Each S-box is kept as four byte planes, byte k of every entry in plane k, and a
 * plane of 256 bytes is read for all 64 indices by two vpermi2b (each reads 128 bytes with
 * seven bits of index; the top bit picks which of the two writes a lane). A whole S-box is 8
 * vpermi2b for 64 blocks, where the general-register code (cast5-x86-core.c) needs 64 loads and
 * about 100 ALU operations to extract and combine. The four byte planes of each S-box's result
 * are transposed back to 32-bit lanes, where the masking and rotation subkeys and the combining
 * additions run on 16 blocks per instruction.
 *
 * It runs at 2.7x the six-way general-register code at 8 KiB (README, kcshim speed). Why not
 * vpgatherdd: sixteen blocks with gathers for the S-boxes ran at 0.8x that six-way code on this
 * CPU (gathers load about one element per cycle and a half).
 */
#include <immintrin.h>
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>
#include <linux/unroll.h>

#include "cast5-x86.h"

#define CAST5_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi")))

/* Byte k of S-box s entry e is cast5_avx512_planes[s][k][e]; filled by cast5_avx512_init(). */
static u8 cast5_avx512_planes[4][4][256] __aligned(64);

void cast5_avx512_init(void)
{
	const u32 *sbox[4] = { cast_s1, cast_s2, cast_s3, cast_s4 };

	for (int s = 0; s < 4; s++)
		for (int k = 0; k < 4; k++)
			for (int e = 0; e < 256; e++)
				cast5_avx512_planes[s][k][e] = sbox[s][e] >> (8 * k);
}

/*
 * Block order: the blocks' words live in four registers of 16 lanes, and in a byte plane block
 * (v, lane 4q + d) of register v, with q the 128-bit lane, sits at byte 16q + 4v + d. The
 * two transposes below are each other's inverse, so that order never leaves this file.
 */

/* Four registers of 32-bit words into byte planes: plane k holds byte k of each word. */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_to_planes(const __m512i w[4],
								       __m512i p[4])
{
	/* in each 128-bit lane, the four words' bytes gathered by significance */
	const __m512i by_byte = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13,
								     2, 6, 10, 14, 3, 7, 11, 15));
	__m512i e0 = _mm512_shuffle_epi8(w[0], by_byte), e1 = _mm512_shuffle_epi8(w[1], by_byte);
	__m512i e2 = _mm512_shuffle_epi8(w[2], by_byte), e3 = _mm512_shuffle_epi8(w[3], by_byte);
	__m512i t0 = _mm512_unpacklo_epi32(e0, e1), t1 = _mm512_unpackhi_epi32(e0, e1);
	__m512i t2 = _mm512_unpacklo_epi32(e2, e3), t3 = _mm512_unpackhi_epi32(e2, e3);

	p[0] = _mm512_unpacklo_epi64(t0, t2);
	p[1] = _mm512_unpackhi_epi64(t0, t2);
	p[2] = _mm512_unpacklo_epi64(t1, t3);
	p[3] = _mm512_unpackhi_epi64(t1, t3);
}

/* Four byte planes (least significant first) into four registers of 32-bit words */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_to_words(const __m512i p[4],
								      __m512i w[4])
{
	__m512i lo01 = _mm512_unpacklo_epi8(p[0], p[1]), hi01 = _mm512_unpackhi_epi8(p[0], p[1]);
	__m512i lo23 = _mm512_unpacklo_epi8(p[2], p[3]), hi23 = _mm512_unpackhi_epi8(p[2], p[3]);

	w[0] = _mm512_unpacklo_epi16(lo01, lo23);
	w[1] = _mm512_unpackhi_epi16(lo01, lo23);
	w[2] = _mm512_unpacklo_epi16(hi01, hi23);
	w[3] = _mm512_unpackhi_epi16(hi01, hi23);
}

/*
 * S-box @s at the 64 indices in @idx, as 32-bit words in @w. vpermi2b leaves the index in the
 * lanes its mask excludes, so the second lookup finds the low half's indices still there.
 */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_sbox(int s, __m512i idx,
								  __m512i w[4])
{
	const __mmask64 high = _mm512_movepi8_mask(idx);
	__m512i p[4];

	unrolled_full
	for (int k = 0; k < 4; k++) {
		const u8 *plane = cast5_avx512_planes[s][k];
		__m512i x;

		x = _mm512_mask2_permutex2var_epi8(_mm512_load_si512(plane + 128), idx, high,
						   _mm512_load_si512(plane + 192));
		p[k] = _mm512_mask2_permutex2var_epi8(_mm512_load_si512(plane), x, ~high,
						      _mm512_load_si512(plane + 64));
	}
	cast5_avx512_to_words(p, w);
}

/* RFC 2144's f1, f2, f3 on 16 blocks: the subkey step, then the combining of S1..S4 */
#define cast5_avx512_key_f1(km, d)	_mm512_add_epi32(km, d)
#define cast5_avx512_key_f2(km, d)	_mm512_xor_si512(km, d)
#define cast5_avx512_key_f3(km, d)	_mm512_sub_epi32(km, d)
#define cast5_avx512_mix_f1(a, b, c, d)	\
	_mm512_add_epi32(_mm512_sub_epi32(_mm512_xor_si512(a, b), c), d)
#define cast5_avx512_mix_f2(a, b, c, d)	\
	_mm512_xor_si512(_mm512_add_epi32(_mm512_sub_epi32(a, b), c), d)
#define cast5_avx512_mix_f3(a, b, c, d)	\
	_mm512_sub_epi32(_mm512_xor_si512(_mm512_add_epi32(a, b), c), d)

/* One round of all 64 blocks: @dst ^= f(@src) with the subkeys of round n */
#define CAST5_AVX512_ROUND(f, n, dst, src)						\
	do {										\
		const __m512i km = _mm512_set1_epi32(ctx->Km[(n) - 1]);			\
		const __m512i kr = _mm512_set1_epi32(ctx->Kr[(n) - 1]);			\
		__m512i i[4], planes[4], s1[4], s2[4], s3[4], s4[4];			\
											\
		unrolled_full								\
		for (int v = 0; v < 4; v++)						\
			i[v] = _mm512_rolv_epi32(cast5_avx512_key_##f(km, src[v]), kr);	\
		cast5_avx512_to_planes(i, planes);					\
		cast5_avx512_sbox(0, planes[3], s1);					\
		cast5_avx512_sbox(1, planes[2], s2);					\
		cast5_avx512_sbox(2, planes[1], s3);					\
		cast5_avx512_sbox(3, planes[0], s4);					\
		unrolled_full								\
		for (int v = 0; v < 4; v++)						\
			dst[v] = _mm512_xor_si512(dst[v],				\
				cast5_avx512_mix_##f(s1[v], s2[v], s3[v], s4[v]));	\
	} while (0)
#define CAST5_AVX512_L(f, n)	CAST5_AVX512_ROUND(f, n, l, r)
#define CAST5_AVX512_R(f, n)	CAST5_AVX512_ROUND(f, n, r, l)

/* 32-bit big-endian words of a block byte order, within each word */
#define CAST5_AVX512_BSWAP32()							\
	_mm512_broadcast_i32x4(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4,		\
					     11, 10, 9, 8, 15, 14, 13, 12))

/*
 * The load and store masks of @nblocks (1..64) blocks: eight per zmm register, bit j of mask v
 * for block 8v + j. The lanes past the last block compute on zeros and are never stored, and the
 * masked accesses never touch memory past the last block. A whole call of 64 blocks takes plain
 * loads and stores: with masks it ran 17% slower here.
 */
static __always_inline u64 cast5_avx512_block_mask(unsigned int nblocks)
{
	return nblocks >= CAST5_AVX512_WAYS ? ~0ULL : (1ULL << nblocks) - 1;
}

#define cast5_avx512_mask8(mask, v)	((__mmask8)((mask) >> (8 * (v))))

static __always_inline CAST5_AVX512_TARGET __m512i cast5_avx512_loadu(const u8 *src, u64 mask,
								      int v)
{
	if (mask == ~0ULL)
		return _mm512_loadu_si512(src + 64 * v);
	return _mm512_maskz_loadu_epi64(cast5_avx512_mask8(mask, v), src + 64 * v);
}

/*
 * The 32-bit words of @a and @b (eight 64-bit pairs each) into @even (words 0, 2, ...: the low
 * halves of the pairs) and @odd (the high halves), a's first.
 */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_split(__m512i a, __m512i b,
								   __m512i *even, __m512i *odd)
{
	*even = _mm512_permutex2var_epi32(a, _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18,
							       20, 22, 24, 26, 28, 30), b);
	*odd = _mm512_permutex2var_epi32(a, _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19,
							      21, 23, 25, 27, 29, 31), b);
}

/* Block 16v + j of @src: its left word in lane j of l[v], its right word in lane j of r[v] */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_load(const u8 *src, u64 mask,
								  __m512i l[4], __m512i r[4])
{
	unrolled_full
	for (int v = 0; v < 4; v++)
		cast5_avx512_split(_mm512_shuffle_epi8(cast5_avx512_loadu(src, mask, 2 * v),
						       CAST5_AVX512_BSWAP32()),
				   _mm512_shuffle_epi8(cast5_avx512_loadu(src, mask, 2 * v + 1),
						       CAST5_AVX512_BSWAP32()),
				   &l[v], &r[v]);
}

/* The 64 output blocks, R || L each (as cast5_generic.c), as bytes: blocks 8j..8j+7 in out[j] */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_blocks(const __m512i l[4],
								    const __m512i r[4],
								    __m512i out[8])
{
	const __m512i low = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19,
					      4, 20, 5, 21, 6, 22, 7, 23);
	const __m512i high = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27,
					       12, 28, 13, 29, 14, 30, 15, 31);

	unrolled_full
	for (int v = 0; v < 4; v++) {
		out[2 * v] = _mm512_shuffle_epi8(_mm512_permutex2var_epi32(r[v], low, l[v]),
						 CAST5_AVX512_BSWAP32());
		out[2 * v + 1] = _mm512_shuffle_epi8(_mm512_permutex2var_epi32(r[v], high, l[v]),
						     CAST5_AVX512_BSWAP32());
	}
}

static __always_inline CAST5_AVX512_TARGET void cast5_avx512_store(u8 *dst, u64 mask,
								   const __m512i out[8])
{
	unrolled_full
	for (int v = 0; v < 8; v++) {
		if (mask == ~0ULL)
			_mm512_storeu_si512(dst + 64 * v, out[v]);
		else
			_mm512_mask_storeu_epi64(dst + 64 * v, cast5_avx512_mask8(mask, v), out[v]);
	}
}

/* The rounds, encrypting or decrypting l and r, then the blocks into out[] (cast5_avx512_blocks) */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_rounds(const struct cast5_ctx *ctx,
								    __m512i l[4], __m512i r[4],
								    bool decrypt, __m512i out[8])
{
	if (decrypt)
		CAST5_DECRYPT_ROUNDS(CAST5_AVX512_L, CAST5_AVX512_R, ctx->rr);
	else
		CAST5_ENCRYPT_ROUNDS(CAST5_AVX512_L, CAST5_AVX512_R, ctx->rr);
	cast5_avx512_blocks(l, r, out);
}

/* The blocks of @src under @mask, encrypted or decrypted, into out[] */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_crypt(const struct cast5_ctx *ctx,
								   const u8 *src, u64 mask,
								   bool decrypt, __m512i out[8])
{
	__m512i l[4], r[4];

	cast5_avx512_load(src, mask, l, r);
	cast5_avx512_rounds(ctx, l, r, decrypt, out);
}

CAST5_AVX512_TARGET void cast5_avx512_encrypt_blocks(const struct cast5_ctx *ctx, u8 *dst,
						     const u8 *src, unsigned int nblocks)
{
	const u64 mask = cast5_avx512_block_mask(nblocks);
	__m512i out[8];

	cast5_avx512_crypt(ctx, src, mask, false, out);
	cast5_avx512_store(dst, mask, out);
}

CAST5_AVX512_TARGET void cast5_avx512_decrypt_blocks(const struct cast5_ctx *ctx, u8 *dst,
						     const u8 *src, unsigned int nblocks)
{
	const u64 mask = cast5_avx512_block_mask(nblocks);
	__m512i out[8];

	cast5_avx512_crypt(ctx, src, mask, true, out);
	cast5_avx512_store(dst, mask, out);
}

/*
 * Each block's decryption is XORed with the ciphertext block before it, which valignq takes
 * from the neighbouring register (from *iv for the first). The ciphertext is read again after
 * the rounds, before the first store, as dst may be src.
 */
CAST5_AVX512_TARGET void cast5_avx512_cbc_decrypt_blocks(const struct cast5_ctx *ctx, u8 *dst,
							 const u8 *src, u8 *iv,
							 unsigned int nblocks)
{
	const u64 mask = cast5_avx512_block_mask(nblocks);
	__m512i out[8], in;
	__m512i prev = _mm512_set1_epi64(get_unaligned((const u64 *)iv));

	cast5_avx512_crypt(ctx, src, mask, true, out);
	unrolled_full
	for (int v = 0; v < 8; v++) {
		in = cast5_avx512_loadu(src, mask, v);
		out[v] = _mm512_xor_si512(out[v], _mm512_alignr_epi64(in, prev, 7));
		prev = in;
	}
	memcpy(iv, src + (nblocks - 1) * CAST5_BLOCK_SIZE, CAST5_BLOCK_SIZE);
	cast5_avx512_store(dst, mask, out);
}

/* The counter blocks *ctr + 16v + j (mod 2^64) as l[v], r[v]: the high and low halves */
static __always_inline CAST5_AVX512_TARGET void cast5_avx512_counters(u64 ctr, __m512i l[4],
								      __m512i r[4])
{
	const __m512i base = _mm512_add_epi64(_mm512_set1_epi64(ctr),
					      _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));

	unrolled_full
	for (int v = 0; v < 4; v++)
		cast5_avx512_split(_mm512_add_epi64(base, _mm512_set1_epi64(16 * v)),
				   _mm512_add_epi64(base, _mm512_set1_epi64(16 * v + 8)),
				   &r[v], &l[v]);
}

CAST5_AVX512_TARGET void cast5_avx512_ctr_blocks(const struct cast5_ctx *ctx, u8 *dst,
						 const u8 *src, u64 *ctr, unsigned int nblocks)
{
	const u64 mask = cast5_avx512_block_mask(nblocks);
	__m512i l[4], r[4], out[8];

	cast5_avx512_counters(*ctr, l, r);
	*ctr += nblocks;
	cast5_avx512_rounds(ctx, l, r, false, out);
	unrolled_full
	for (int v = 0; v < 8; v++)
		out[v] = _mm512_xor_si512(out[v], cast5_avx512_loadu(src, mask, v));
	cast5_avx512_store(dst, mask, out);
}
