/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak block functions for x86-64 (sha3-x86-core.c, sha3-avx512-asm.S), called by the glue in an
 * FPU section.
 */
#ifndef _KCSHIM_ALGS_SHA3_X86_H
#define _KCSHIM_ALGS_SHA3_X86_H

#include <linux/linkage.h>

#include "../sha3.h"

/* BMI1 and BMI2 */
sha3_block_fn sha3_transform_bmi2;
/* AVX-512F and AVX-512VL */
sha3_block_fn sha3_transform_avx512;

/* The assembly behind sha3_transform_avx512(): @rsiz is the rate in bytes (72 to 168) */
asmlinkage void sha3_avx512_transform(u64 st[SHA3_STATE_WORDS], const u8 *src,
				      unsigned int blocks, unsigned int rsiz);

#endif
