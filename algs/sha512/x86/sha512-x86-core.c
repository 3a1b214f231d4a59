// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block functions for x86-64:
 *
 *  - sha512_transform_avx2() (AVX2, BMI1, BMI2): the 80 rounds in general-purpose registers with
 *    BMI2's rorx and BMI1's andn, while the message schedule runs in xmm registers, two words per
 *    instruction, 16 rounds ahead of the rounds that read it.
 *  - sha512_transform_avx512() (also AVX-512F and VL): assembly (sha512-avx512-asm.S) that
 *    splits each round between general and xmm registers; its header says why and by how much.
 *
 * Why the AVX2 function has this shape; each choice was measured in one process against what it
 * replaced (minimum of 2000-3000 runs over 8 KiB):
 *  - The C round: T1 = (h + K + W + Ch) + Sigma1, then d += T1 (OPTIMIZER_HIDE_VAR keeps GCC
 *    from reassociating the sums); precomputing d + h + K + W would take one addition off e's
 *    chain but add two per round (0.97x). Maj = (a & (b | c)) | (b & c), two levels after a: in
 *    C, the three-operation form b ^ ((a ^ b) & (b ^ c)) put three levels on a's chain (0.97x).
 *    The same round as one asm statement of 24 instructions (Ch as (e & f) + (~e & g), Maj with
 *    b ^ c carried over) ran 0.96x here: its schedule, shifts and ORs where AVX-512 has vprorq,
 *    spills more xmm registers around it.
 *  - The schedule for the next 16 rounds runs between the current 16 rounds, on the vector units
 *    while the integer units work the rounds; a separate pass over all 80 words first made the
 *    whole block about a third slower (0.65 against 0.88 of OpenSSL's speed).
 *  - The four groups of 16 rounds with a schedule are a loop, not unrolled: 3% faster, with half
 *    the code (the op cache holds it).
 */
#include <immintrin.h>
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unroll.h>

#include "../sha512.h"
#include "sha512-x86.h"

#define SHA512_X86_TARGET	__attribute__((target("avx2,bmi,bmi2")))

/* Rotates both 64-bit lanes right by n (vprorq where AVX-512VL is enabled). */
static __always_inline SHA512_X86_TARGET __m128i ror64x2(__m128i x, int n)
{
	return _mm_or_si128(_mm_srli_epi64(x, n), _mm_slli_epi64(x, 64 - n));
}

static __always_inline SHA512_X86_TARGET __m128i ssig0x2(__m128i x)
{
	return _mm_xor_si128(_mm_xor_si128(ror64x2(x, 1), ror64x2(x, 8)), _mm_srli_epi64(x, 7));
}

static __always_inline SHA512_X86_TARGET __m128i ssig1x2(__m128i x)
{
	return _mm_xor_si128(_mm_xor_si128(ror64x2(x, 19), ror64x2(x, 61)), _mm_srli_epi64(x, 6));
}

/*
 * x[0..7] hold W[t-16..t-1] in pairs (x[j] = W[t-16+2j], W[t-15+2j]). Replaces x[j] with
 * W[t+2j], W[t+2j+1] and stores them plus K at wk[2j]:
 * W[t] = SSIG1(W[t-2]) + W[t-7] + SSIG0(W[t-15]) + W[t-16]. Both words of a pair need only words
 * from before the pair, so each pair is one step: x[j+7] is W[t-2..t-1], the unaligned pairs
 * W[t-15..t-14] and W[t-7..t-6] come from palignr.
 */
static __always_inline SHA512_X86_TARGET void
sha512_x86_schedule_pair(__m128i x[8], int j, u64 *wk, const u64 *k)
{
	__m128i w15 = _mm_alignr_epi8(x[(j + 1) & 7], x[j], 8);
	__m128i w7 = _mm_alignr_epi8(x[(j + 5) & 7], x[(j + 4) & 7], 8);

	x[j] = _mm_add_epi64(_mm_add_epi64(x[j], ssig0x2(w15)),
			     _mm_add_epi64(w7, ssig1x2(x[(j + 7) & 7])));
	_mm_store_si128((__m128i *)&wk[2 * j],
			_mm_add_epi64(x[j], _mm_load_si128((const __m128i *)&k[2 * j])));
}

/*
 * One round with kw = K[t] + W[t], as C, for the AVX2 build (see the top of the file). The caller
 * renames the variables instead of shifting them: a round writes only d (the next e) and h (the
 * next a).
 */
static __always_inline void sha512_x86_round_c(u64 a, u64 b, u64 c, u64 *d, u64 e, u64 f, u64 g,
					       u64 *h, u64 kw)
{
	u64 t1 = *h + kw + ((e & f) ^ (~e & g));
	u64 a_next;

	/* T1 = (h + K + W + Ch) + Sigma1, not an order GCC picks when left alone */
	OPTIMIZER_HIDE_VAR(t1);
	t1 += sha512_bsig1(e);
	*d += t1;

	/* Maj two levels after a: (b | c) and (b & c) do not depend on a */
	a_next = t1 + ((a & (b | c)) | (b & c));
	OPTIMIZER_HIDE_VAR(a_next);
	*h = a_next + sha512_bsig0(a);
}

/*
 * Eight rounds on wk[0..7], after which every variable is back in its role; with sched, a
 * schedule step for pairs j0..j0+3 of the next 16 words (into next_wk) after every second round.
 * (An unrolled loop over an array of the eight variables computes the same, but GCC 12 then
 * allocates registers worse: 10-20% slower.)
 */
static __always_inline SHA512_X86_TARGET void
sha512_x86_8rounds(u64 *a, u64 *b, u64 *c, u64 *d, u64 *e, u64 *f, u64 *g, u64 *h,
		   const u64 *wk, bool sched, __m128i x[8], int j0, u64 *next_wk,
		   const u64 *next_k)
{
	sha512_x86_round_c(*a, *b, *c, d, *e, *f, *g, h, wk[0]);
	sha512_x86_round_c(*h, *a, *b, c, *d, *e, *f, g, wk[1]);
	if (sched)
		sha512_x86_schedule_pair(x, j0, next_wk, next_k);
	sha512_x86_round_c(*g, *h, *a, b, *c, *d, *e, f, wk[2]);
	sha512_x86_round_c(*f, *g, *h, a, *b, *c, *d, e, wk[3]);
	if (sched)
		sha512_x86_schedule_pair(x, j0 + 1, next_wk, next_k);
	sha512_x86_round_c(*e, *f, *g, h, *a, *b, *c, d, wk[4]);
	sha512_x86_round_c(*d, *e, *f, g, *h, *a, *b, c, wk[5]);
	if (sched)
		sha512_x86_schedule_pair(x, j0 + 2, next_wk, next_k);
	sha512_x86_round_c(*c, *d, *e, f, *g, *h, *a, b, wk[6]);
	sha512_x86_round_c(*b, *c, *d, e, *f, *g, *h, a, wk[7]);
	if (sched)
		sha512_x86_schedule_pair(x, j0 + 3, next_wk, next_k);
}

SHA512_X86_TARGET
void sha512_transform_avx2(struct sha512_state *sst, const u8 *src, int blocks)
{
	const __m128i bswap64 = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15,
					     0, 1, 2, 3, 4, 5, 6, 7);
	u64 wk_buf[80] __aligned(32);
	u64 *wk = wk_buf;
	__m256i zero;

	/*
	 * The round reads W + K back from memory: left alone, GCC moves the schedule's xmm values
	 * into general registers with vpextrq, two uops each. Hiding the buffer's address stops that.
	 */
	OPTIMIZER_HIDE_VAR(wk);

	while (blocks-- > 0) {
		u64 a = sst->state[0], b = sst->state[1], c = sst->state[2], d = sst->state[3];
		u64 e = sst->state[4], f = sst->state[5], g = sst->state[6], h = sst->state[7];
		__m128i x[8];

		unrolled_full
		for (int j = 0; j < 8; j++) {
			x[j] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src + 16 * j)),
						bswap64);
			_mm_store_si128((__m128i *)&wk[2 * j],
					_mm_add_epi64(x[j], _mm_load_si128((const __m128i *)
									   &sha512_k[2 * j])));
		}
		for (int t = 16; t < 80; t += 16) {
			sha512_x86_8rounds(&a, &b, &c, &d, &e, &f, &g, &h, &wk[t - 16], true,
					   x, 0, &wk[t], &sha512_k[t]);
			sha512_x86_8rounds(&a, &b, &c, &d, &e, &f, &g, &h, &wk[t - 8], true,
					   x, 4, &wk[t], &sha512_k[t]);
		}
		sha512_x86_8rounds(&a, &b, &c, &d, &e, &f, &g, &h, &wk[64], false, x, 0,
				   NULL, NULL);
		sha512_x86_8rounds(&a, &b, &c, &d, &e, &f, &g, &h, &wk[72], false, x, 0,
				   NULL, NULL);

		sst->state[0] += a;
		sst->state[1] += b;
		sst->state[2] += c;
		sst->state[3] += d;
		sst->state[4] += e;
		sst->state[5] += f;
		sst->state[6] += g;
		sst->state[7] += h;
		src += SHA512_BLOCK_SIZE;
	}
	/*
	 * The message's traces go. memzero_explicit()'s memset (rep stosq) costs 12% of a 64-byte
	 * digest; twenty ymm stores do not, as long as GCC cannot see they store zeroes and make
	 * them a memset again.
	 */
	zero = _mm256_setzero_si256();
	__asm__("" : "+x"(zero));
	for (int i = 0; i < 80; i += 4)
		_mm256_store_si256((__m256i *)&wk_buf[i], zero);
	barrier_data(wk_buf);
}

void sha512_transform_avx512(struct sha512_state *sst, const u8 *src, int blocks)
{
	sha512_avx512_transform(sst->state, src, blocks);
}
