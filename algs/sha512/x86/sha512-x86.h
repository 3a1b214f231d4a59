/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-512 block functions for x86-64 (sha512-x86-core.c, sha512-avx512-asm.S), called by the glue
 * in an FPU section.
 */
#ifndef _KCSHIM_ALGS_SHA512_X86_H
#define _KCSHIM_ALGS_SHA512_X86_H

#include <linux/linkage.h>

#include "../sha512.h"

/* AVX2, BMI1 and BMI2 */
sha512_block_fn sha512_transform_avx2;
/* the same with AVX-512F and AVX-512VL */
sha512_block_fn sha512_transform_avx512;

/* The assembly behind sha512_transform_avx512() */
asmlinkage void sha512_avx512_transform(u64 state[8], const u8 *src, int blocks);

#endif
