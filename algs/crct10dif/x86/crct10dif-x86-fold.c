// SPDX-License-Identifier: GPL-2.0
/*
 * CRC-T10DIF by carry-less multiplication: the message, read MSB first, is a polynomial M(x) and
 * the CRC from crc is (crc * x^(8 len) + M(x) * x^16) mod P(x), P = x^16 + 0x8bb7.
 *
 * Folding: a 128-bit accumulator X, byte-swapped so that bit 127 is the first message bit, is
 * moved D bits further along the message by X * x^D = X_hi * x^(D+64) + X_lo * x^D; with
 * k = x^(D+64) mod P and x^D mod P (16-bit) the two carry-less products fit in 128 bits again and
 * stay congruent mod P. Several accumulators fold in parallel over distant blocks (8 xmm, 128
 * bytes apart; 8 zmm of 4 lanes, 512 bytes apart, then 4, 256 apart), then fold into one. The
 * last accumulator is reduced by Barrett: X * x^16 = X_hi * (x^80 mod P) + X_lo * x^16 = A,
 * deg A < 80, and A mod P = A_lo + low16(q * P) with q = A_hi + hi64(A_hi * (floor(x^80 / P) - x^64)).
 *
 * The constants are computed from P at init (crct10dif_x86_init_consts()), not tabulated.
 * Callers guarantee len >= 16 and a usable FPU section; the len % 16 tail is theirs.
 */
#include <immintrin.h>
#include <linux/compiler.h>
#include <linux/unroll.h>

#include "crct10dif-x86.h"

#define CRCT10DIF_POLY		0x18bb7ULL	/* P(x), with its x^16 term */
/* zmm accumulators in flight: enough 64-byte blocks to cover VPCLMULQDQ's latency */
#define ZMM_ACCS		8

/* {x^D mod P, x^(D+64) mod P} for the fold distances used here, then the Barrett pair */
static struct {
	u64 fold_128[2];
	u64 fold_512[2];
	u64 fold_1024[2];
	u64 fold_2048[2];
	u64 fold_zmm_accs[2];	/* ZMM_ACCS * 512 */
	u64 lanes_384_256_128[6];
	u64 x80_mod_p;
	u64 mu_low;		/* floor(x^80 / P) without its x^64 term */
} consts __aligned(64);

/* x^k mod P, one shift at a time: init only. */
static u64 xpow_mod_p(unsigned int k)
{
	u64 r = 1;

	while (k--) {
		r <<= 1;
		if (r & 0x10000)
			r ^= CRCT10DIF_POLY;
	}
	return r;
}

/* floor(x^80 / P) by long division: a 65-bit quotient, returned without x^64. */
static u64 barrett_mu_low(void)
{
	unsigned __int128 rem = (unsigned __int128)1 << 80;
	unsigned __int128 q = 0;
	int i;

	for (i = 80; i >= 16; i--) {
		if (rem & ((unsigned __int128)1 << i)) {
			rem ^= (unsigned __int128)CRCT10DIF_POLY << (i - 16);
			q |= (unsigned __int128)1 << (i - 16);
		}
	}
	return (u64)q;
}

static void set_fold(u64 pair[2], unsigned int distance)
{
	pair[0] = xpow_mod_p(distance);
	pair[1] = xpow_mod_p(distance + 64);
}

void crct10dif_x86_init_consts(void)
{
	set_fold(consts.fold_128, 128);
	set_fold(consts.fold_512, 512);
	set_fold(consts.fold_1024, 1024);
	set_fold(consts.fold_2048, 2048);
	set_fold(consts.fold_zmm_accs, ZMM_ACCS * 512);
	set_fold(&consts.lanes_384_256_128[0], 384);
	set_fold(&consts.lanes_384_256_128[2], 256);
	set_fold(&consts.lanes_384_256_128[4], 128);
	consts.x80_mod_p = xpow_mod_p(80);
	consts.mu_low = barrett_mu_low();
}

#define PCLMUL_TARGET	__attribute__((target("pclmul,ssse3")))
#define VPCLMUL_TARGET	\
	__attribute__((target("pclmul,ssse3,avx2,avx512f,avx512bw,vpclmulqdq")))

PCLMUL_TARGET static inline __m128i bswap128(__m128i v)
{
	return _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7,
						8, 9, 10, 11, 12, 13, 14, 15));
}

PCLMUL_TARGET static inline __m128i load128(const u8 *p)
{
	return bswap128(_mm_loadu_si128((const __m128i *)p));
}

PCLMUL_TARGET static inline __m128i fold128(__m128i x, __m128i k)
{
	return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x11), _mm_clmulepi64_si128(x, k, 0x00));
}

PCLMUL_TARGET static inline __m128i fold_pair(const u64 pair[2])
{
	return _mm_loadu_si128((const __m128i *)pair);
}

/* The first block with the starting CRC in its first 16 bits. */
PCLMUL_TARGET static inline __m128i first_block(u16 crc, const u8 *p)
{
	return _mm_xor_si128(load128(p), _mm_set_epi64x((long long)((u64)crc << 48), 0));
}

/*
 * (x * x^16) mod P by Barrett reduction, in xmm registers throughout: each move to a general
 * register and back would add its latency to every call's last steps.
 */
PCLMUL_TARGET static u16 reduce128(__m128i x)
{
	const __m128i k = _mm_set_epi64x((long long)consts.mu_low, (long long)consts.x80_mod_p);
	const __m128i p16 = _mm_set_epi64x(0, CRCT10DIF_POLY & 0xffff);
	/* A = X_hi * (x^80 mod P) + X_lo * x^16: the x^16 is a two-byte shift */
	__m128i a = _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x01),
				  _mm_slli_si128(_mm_move_epi64(x), 2));
	/* the coefficients of x^16..x^79 in the low half (deg A < 80: the high half is zero) */
	__m128i a_hi = _mm_srli_si128(a, 2);
	/* q = A_hi + hi64(A_hi * mu_low) */
	__m128i q = _mm_xor_si128(a_hi, _mm_srli_si128(_mm_clmulepi64_si128(a_hi, k, 0x10), 8));

	return (u16)_mm_cvtsi128_si32(_mm_xor_si128(a, _mm_clmulepi64_si128(q, p16, 0x00)));
}

/* Folds the whole 16-byte blocks of p[0..len) into x, then reduces: the CRC of them. */
PCLMUL_TARGET static inline u16 fold_blocks_and_reduce(__m128i x, const u8 *p, size_t len)
{
	__m128i k128 = fold_pair(consts.fold_128);

	for (; len >= 16; p += 16, len -= 16)
		x = _mm_xor_si128(fold128(x, k128), load128(p));
	return reduce128(x);
}

PCLMUL_TARGET u16 crct10dif_pclmul_fold(u16 crc, const u8 *p, size_t len)
{
	__m128i acc[8], x;
	int i;

	if (len < 128) {
		x = first_block(crc, p);
		return fold_blocks_and_reduce(x, p + 16, len - 16);
	}

	/* unrolled, so that the accumulators live in registers */
	unrolled_full
	for (i = 0; i < 8; i++)
		acc[i] = load128(p + 16 * i);
	acc[0] = _mm_xor_si128(acc[0], _mm_set_epi64x((long long)((u64)crc << 48), 0));
	p += 128;
	len -= 128;
	{
		__m128i k1024 = fold_pair(consts.fold_1024);

		for (; len >= 128; p += 128, len -= 128) {
			unrolled_full
			for (i = 0; i < 8; i++)
				acc[i] = _mm_xor_si128(fold128(acc[i], k1024),
						       load128(p + 16 * i));
		}
	}
	x = acc[0];
	unrolled_full
	for (i = 1; i < 8; i++)
		x = _mm_xor_si128(fold128(x, fold_pair(consts.fold_128)), acc[i]);
	return fold_blocks_and_reduce(x, p, len);
}

VPCLMUL_TARGET static inline __m512i load512(const u8 *p)
{
	const __m512i swap = _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7,
								 8, 9, 10, 11, 12, 13, 14, 15));

	return _mm512_shuffle_epi8(_mm512_loadu_si512(p), swap);
}

/* Each lane of x folded by its lane of k ({x^D, x^(D+64)} mod P), XORed with data. */
VPCLMUL_TARGET static inline __m512i fold512(__m512i x, __m512i k, __m512i data)
{
	return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x11),
					 _mm512_clmulepi64_epi128(x, k, 0x00), data, 0x96);
}

VPCLMUL_TARGET static inline __m512i fold_pair512(const u64 pair[2])
{
	return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)pair));
}

/* Lanes L0..L3 (L0 first in the message) as one 128-bit accumulator. */
VPCLMUL_TARGET static inline __m128i lanes_to_128(__m512i z)
{
	__m512i k = _mm512_maskz_loadu_epi64(0x3f, consts.lanes_384_256_128);
	__m512i t = fold512(z, k, _mm512_maskz_mov_epi64(0xc0, z));
	__m128i x = _mm_xor_si128(_mm512_castsi512_si128(t), _mm512_extracti32x4_epi32(t, 1));

	return _mm_xor_si128(x, _mm_xor_si128(_mm512_extracti32x4_epi32(t, 2),
					      _mm512_extracti32x4_epi32(t, 3)));
}

/*
 * Eight accumulators 512 bytes apart while at least 512 bytes are left (enough 64-byte folds in
 * flight to cover VPCLMULQDQ's latency), then four 256 bytes apart while at least 256 are, then
 * one. Each step down folds an accumulator onto the one half the distance further along, as a
 * tree: from eight to one is three folds deep, not seven, and each waits on VPCLMULQDQ.
 */
VPCLMUL_TARGET u16 crct10dif_vpclmul_fold(u16 crc, const u8 *p, size_t len)
{
	const __m512i init = _mm512_set_epi64(0, 0, 0, 0, 0, 0, (long long)((u64)crc << 48), 0);
	const __m512i k512 = fold_pair512(consts.fold_512);
	const __m512i k2048 = fold_pair512(consts.fold_2048);
	__m512i a[ZMM_ACCS], z;
	int i;

	if (len < 64)
		return crct10dif_pclmul_fold(crc, p, len);

	if (len >= ZMM_ACCS * 64) {
		const __m512i k_far = fold_pair512(consts.fold_zmm_accs);

		unrolled_full
		for (i = 0; i < ZMM_ACCS; i++)
			a[i] = load512(p + 64 * i);
		a[0] = _mm512_xor_si512(a[0], init);
		for (p += ZMM_ACCS * 64, len -= ZMM_ACCS * 64; len >= ZMM_ACCS * 64;
		     p += ZMM_ACCS * 64, len -= ZMM_ACCS * 64) {
			unrolled_full
			for (i = 0; i < ZMM_ACCS; i++)
				a[i] = fold512(a[i], k_far, load512(p + 64 * i));
		}
		unrolled_full
		for (i = 0; i < 4; i++)
			a[i] = fold512(a[i], k2048, a[i + 4]);
	} else if (len >= 4 * 64) {
		unrolled_full
		for (i = 0; i < 4; i++)
			a[i] = load512(p + 64 * i);
		a[0] = _mm512_xor_si512(a[0], init);
		p += 4 * 64;
		len -= 4 * 64;
	} else {
		z = _mm512_xor_si512(load512(p), init);
		p += 64;
		len -= 64;
		goto fold_64;
	}
	for (; len >= 4 * 64; p += 4 * 64, len -= 4 * 64) {
		unrolled_full
		for (i = 0; i < 4; i++)
			a[i] = fold512(a[i], k2048, load512(p + 64 * i));
	}
	unrolled_full
	for (i = 0; i < 2; i++)
		a[i] = fold512(a[i], fold_pair512(consts.fold_1024), a[i + 2]);
	z = fold512(a[0], k512, a[1]);
fold_64:
	for (; len >= 64; p += 64, len -= 64)
		z = fold512(z, k512, load512(p));
	return fold_blocks_and_reduce(lanes_to_128(z), p, len);
}
