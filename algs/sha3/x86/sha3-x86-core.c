// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] block functions for x86-64:
 *
 *  - sha3_transform_bmi2(): the generic round (keccakf_round.h) on u64 lanes, compiled for BMI1
 *    and BMI2, where andn does chi's ~b & c in one instruction and rorx rotates without a copy.
 *  - sha3_transform_avx512(): one lane per xmm register, in assembly (sha3-avx512-asm.S, which
 *    says why: with the registers allocated by hand nothing is spilled).
 *
 * Both keep the state in registers across the blocks of a call and load it once.
 *
 * Neither wipes its stack, unlike the SHA-512 core, whose message schedule would reveal the
 * message: what the BMI2 function leaves there (e[], spilled lanes) are the last block's rounds,
 * which the state it stores back determines (Keccak-f is a permutation), and the descriptor
 * holding that state is wiped by the API. The AVX-512 one uses no stack.
 */
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "../sha3.h"
#include "sha3-x86.h"

#define SHA3_BMI2_TARGET	__attribute__((target("bmi,bmi2")))

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

void sha3_transform_avx512(struct sha3_state *sctx, const u8 *src, unsigned int blocks)
{
	sha3_avx512_transform(sctx->st, src, blocks, sctx->rsiz);
}
