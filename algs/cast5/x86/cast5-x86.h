/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CAST5 several blocks at a time for x86-64, called by the glue: six in general registers
 * (cast5-x86-core.c) and 64 with AVX-512 VBMI (cast5-avx512-core.c).
 */
#ifndef _KCSHIM_ALGS_CAST5_X86_H
#define _KCSHIM_ALGS_CAST5_X86_H

#include "../cast5.h"

/* blocks per call: six fit the general registers best (cast5-x86-core.c) */
#define CAST5_X86_WAYS		6
#define CAST5_X86_BYTES		(CAST5_X86_WAYS * CAST5_BLOCK_SIZE)

/* CAST5_X86_WAYS blocks from src to dst (which may be equal). */
void cast5_x86_encrypt_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src);
void cast5_x86_decrypt_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src);
/* CBC decryption: block j XORed with ciphertext block j - 1 (*iv for the first); *iv := the last */
void cast5_x86_cbc_decrypt_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src, u8 *iv);
/* CTR: src XORed with the encryption of *ctr, *ctr + 1, ... (64-bit big-endian blocks); *ctr moves on */
void cast5_x86_ctr_ways(const struct cast5_ctx *ctx, u8 *dst, const u8 *src, u64 *ctr);

/* blocks per call of the AVX-512 VBMI core at most: 64, one byte of each in a zmm register */
#define CAST5_AVX512_WAYS	64
#define CAST5_AVX512_BYTES	(CAST5_AVX512_WAYS * CAST5_BLOCK_SIZE)

/* Builds the core's S-box byte planes; call once before the functions below (module init). */
void cast5_avx512_init(void);
/*
 * As the six-way functions above, for @nblocks blocks, 1..CAST5_AVX512_WAYS, in the time of 64;
 * inside kernel_fpu_begin/end.
 */
void cast5_avx512_encrypt_blocks(const struct cast5_ctx *ctx, u8 *dst, const u8 *src,
				 unsigned int nblocks);
void cast5_avx512_decrypt_blocks(const struct cast5_ctx *ctx, u8 *dst, const u8 *src,
				 unsigned int nblocks);
void cast5_avx512_cbc_decrypt_blocks(const struct cast5_ctx *ctx, u8 *dst, const u8 *src, u8 *iv,
				     unsigned int nblocks);
void cast5_avx512_ctr_blocks(const struct cast5_ctx *ctx, u8 *dst, const u8 *src, u64 *ctr,
			     unsigned int nblocks);

#endif
