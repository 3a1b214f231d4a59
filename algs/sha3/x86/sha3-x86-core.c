// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] block functions for x86-64, both from the generic round (keccakf_round.h):
 *
 *  - sha3_transform_bmi2(): the round on u64 lanes, compiled for BMI1 and BMI2, where andn does
 *    chi's ~b & c in one instruction and rorx rotates without a copy.
 *  - sha3_transform_avx512(): the round on one lane per xmm register. AVX-512 has 32 of them, so
 *    the 25 lanes and theta's column sums fit in registers, and pi is a renaming, not a shuffle:
 *    vpternlogq does theta's five-way XOR in two instructions and chi's a ^ (~b & c) in one,
 *    vprolq rotates. Rows of lanes in zmm registers need five to six shuffles per row and round
 *    for pi and chi, whose latency this avoids. What bounds it instead (bench_sha3_x86, which
 *    times copies of this file as bounds) is the 29 rotations per round (1.27x faster without
 *    them) and theta's wait between rounds (1.13x with the column sums taken from the lanes chi
 *    writes first). Tried against it, alternating in one process, and not kept: theta's XOR as
 *    one vpternlogq per lane, a ^ C[x-1] ^ rol(C[x+1], 1) (90 operations a round, not 95, but
 *    more values live: 0.89x); theta's rotation as two shifts and a vpternlogq, on other
 *    pipes (0.93x) or as an addition and a shift (0.96x); all 24 rounds unrolled (0.95x), four
 *    per loop (1.00x); GCC's schedule-insns alone (0.95x) or -O3 (1.00x). What was kept: GCC's
 *    scheduling against register pressure instead of after allocation (1.05x, below).
 *
 * Both keep the state in registers across the blocks of a call and load it once.
 *
 * Neither wipes its stack, unlike the SHA-512 core, whose message schedule would reveal the
 * message: what these leave there (e[], spilled lanes) are the last block's rounds, which the
 * state they store back determines (Keccak-f is a permutation), and the descriptor holding that
 * state is wiped by the API.
 */
#include <immintrin.h>
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "../sha3.h"
#include "sha3-x86.h"

#define SHA3_BMI2_TARGET	__attribute__((target("bmi,bmi2")))
#define SHA3_AVX512_TARGET	__attribute__((target("avx512f,avx512vl")))

#define KECCAKF_ROUND		keccakf_round_bmi2
#define KECCAKF_ATTR		SHA3_BMI2_TARGET
#include "../keccakf_round.h"

/*
 * Every lane index stays a constant, here too: a loop over the rate's lanes would address the
 * state array by a variable and keep it in memory for all 24 rounds.
 */
void SHA3_BMI2_TARGET sha3_transform_bmi2(struct sha3_state *sctx, const u8 *src,
					    unsigned int blocks)
{
	unsigned int rsizw = sctx->rsiz / 8;
	u64 a[SHA3_STATE_WORDS], e[SHA3_STATE_WORDS];
	int i, round;

	memcpy(a, sctx->st, sizeof(a));
	while (blocks--) {
		for (i = 0; i < SHA3_STATE_WORDS; i++)
			if (i < rsizw)
				a[i] ^= get_unaligned_le64(src + 8 * i);
		for (round = 0; round < KECCAK_ROUNDS; round += 2) {
			keccakf_round_bmi2(e, a, keccakf_rndc[round]);
			keccakf_round_bmi2(a, e, keccakf_rndc[round + 1]);
		}
		src += sctx->rsiz;
	}
	memcpy(sctx->st, a, sizeof(a));
}

/*
 * GCC 12 schedules the AVX-512 round better before register allocation, with register pressure in
 * view, than after it: 1.05x faster (bench_sha3_x86, against the same file without this). The
 * BMI2 round is 1.15x slower so built, hence only this function. Clang ignores GCC's pragmas.
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("schedule-insns", "sched-pressure", "no-schedule-insns2")
#endif

#define KECCAKF_ROUND		keccakf_round_avx512
#define KECCAKF_ATTR		SHA3_AVX512_TARGET
#define KECCAKF_LANE		__m128i
#define KECCAKF_XOR(a, b)	_mm_xor_si128(a, b)
#define KECCAKF_XOR5(a, b, c, d, e)						\
	_mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96)
#define KECCAKF_ROL(a, n)	_mm_rol_epi64(a, n)
/* 0xd2 is the truth table of a ^ (~b & c) over (a, b, c) = (0xf0, 0xcc, 0xaa) */
#define KECCAKF_CHI(a, b, c)	_mm_ternarylogic_epi64(a, b, c, 0xd2)
#include "../keccakf_round.h"

void SHA3_AVX512_TARGET sha3_transform_avx512(struct sha3_state *sctx, const u8 *src,
					      unsigned int blocks)
{
	unsigned int rsizw = sctx->rsiz / 8;
	__m128i a[SHA3_STATE_WORDS], e[SHA3_STATE_WORDS];
	int i, round;

	for (i = 0; i < SHA3_STATE_WORDS; i++)
		a[i] = _mm_loadl_epi64((const __m128i *)&sctx->st[i]);
	while (blocks--) {
		for (i = 0; i < SHA3_STATE_WORDS; i++)
			if (i < rsizw)
				a[i] = _mm_xor_si128(a[i],
						     _mm_loadl_epi64((const __m128i *)(src + 8 * i)));
		for (round = 0; round < KECCAK_ROUNDS; round += 2) {
			keccakf_round_avx512(e, a, _mm_loadl_epi64((const __m128i *)
								   &keccakf_rndc[round]));
			keccakf_round_avx512(a, e, _mm_loadl_epi64((const __m128i *)
								   &keccakf_rndc[round + 1]));
		}
		src += sctx->rsiz;
	}
	for (i = 0; i < SHA3_STATE_WORDS; i++)
		_mm_storel_epi64((__m128i *)&sctx->st[i], a[i]);
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
