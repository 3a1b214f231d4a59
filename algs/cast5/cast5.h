/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CAST5 (CAST-128, RFC 2144): 64-bit blocks, keys of 40 to 128 bits in whole bytes.
 *
 * Arch variants (the x86 AVX 16-way code, say) share the expanded key with cast5-generic: they
 * call cast5_setkey() and use __cast5_encrypt()/__cast5_decrypt() for leftover blocks, so the
 * layout of struct cast5_ctx below is part of the contract, as it is in the kernel.
 */
#ifndef _KCSHIM_ALGS_CAST5_H
#define _KCSHIM_ALGS_CAST5_H

#include <linux/crypto.h>
#include <linux/types.h>

#include "cast_common.h"

#define CAST5_BLOCK_SIZE	8
#define CAST5_MIN_KEY_SIZE	5
#define CAST5_MAX_KEY_SIZE	16

/*
 * struct cast5_ctx - an expanded CAST5 key (the tfm context of every cast5 driver)
 * @Km: masking subkeys Km1..Km16 (RFC 2144 K1..K16), round i uses Km[i - 1]
 * @Kr: rotation subkeys Kr1..Kr16, the 5 low bits of K17..K32, so each is 0..31
 * @rr: nonzero for keys of 80 bits or less, which the RFC runs for 12 rounds instead of 16;
 *	Km[12..15] and Kr[12..15] are then computed but unused
 */
struct cast5_ctx {
	u32 Km[16];
	u8 Kr[16];
	int rr;
};

/*
 * Expands key (keylen bytes, CAST5_MIN_KEY_SIZE..CAST5_MAX_KEY_SIZE) into the struct cast5_ctx
 * of tfm. A short key is padded with zero bytes to 128 bits, as the RFC specifies.
 * Returns 0, or -EINVAL for a key length outside that range.
 */
int cast5_setkey(struct crypto_tfm *tfm, const u8 *key, unsigned int keylen);

/* One block, CAST5_BLOCK_SIZE bytes; dst and src may be equal, and need no alignment. */
void __cast5_encrypt(struct cast5_ctx *ctx, u8 *dst, const u8 *src);
void __cast5_decrypt(struct cast5_ctx *ctx, u8 *dst, const u8 *src);

#endif /* _KCSHIM_ALGS_CAST5_H */
