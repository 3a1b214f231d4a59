/* SPDX-License-Identifier: GPL-2.0 */
/* CAST5 several blocks at a time for x86-64 (cast5-x86-core.c), called by the glue. */
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

#endif
