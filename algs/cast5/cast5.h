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

#include <linux/bitops.h>
#include <linux/compiler.h>
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
 * The three round functions of RFC 2144 section 2.2. I is the data half combined with the
 * masking subkey and rotated by the rotation subkey; its bytes, most significant first,
 * index S1..S4.
 */
#define cast5_sbox_a(I)	cast_s1[(I) >> 24]
#define cast5_sbox_b(I)	cast_s2[((I) >> 16) & 0xff]
#define cast5_sbox_c(I)	cast_s3[((I) >> 8) & 0xff]
#define cast5_sbox_d(I)	cast_s4[(I) & 0xff]

static __always_inline u32 cast5_f1(u32 d, u32 km, u8 kr)
{
	u32 i = rol32(km + d, kr);

	return ((cast5_sbox_a(i) ^ cast5_sbox_b(i)) - cast5_sbox_c(i)) + cast5_sbox_d(i);
}

static __always_inline u32 cast5_f2(u32 d, u32 km, u8 kr)
{
	u32 i = rol32(km ^ d, kr);

	return ((cast5_sbox_a(i) - cast5_sbox_b(i)) + cast5_sbox_c(i)) ^ cast5_sbox_d(i);
}

static __always_inline u32 cast5_f3(u32 d, u32 km, u8 kr)
{
	u32 i = rol32(km - d, kr);

	return ((cast5_sbox_a(i) + cast5_sbox_b(i)) ^ cast5_sbox_c(i)) - cast5_sbox_d(i);
}

/*
 * The rounds of encryption and of decryption as calls of the includer's one-round macros:
 * L(f, n) updates the left half from the right one with round function f and the subkeys of
 * round n (1-based, Km[n - 1] and Kr[n - 1]), R(f, n) the right half from the left one. Round n
 * uses f1, f2, f3 in turn. Instead of swapping the halves after each round, the rounds alternate
 * between L and R, so after an even number of encryption rounds the halves are L(n) and R(n); a
 * key of 80 bits or less (@rr) has 12 rounds, not 16. Decryption runs them backwards on
 * R(n) || L(n): taking l = R(n) and r = L(n), the same two update forms undo round n, n - 1, ...
 * in turn and leave l = R(0), r = L(0).
 */
#define CAST5_ENCRYPT_ROUNDS(L, R, rr)						\
	do {									\
		L(f1, 1); R(f2, 2); L(f3, 3); R(f1, 4);				\
		L(f2, 5); R(f3, 6); L(f1, 7); R(f2, 8);				\
		L(f3, 9); R(f1, 10); L(f2, 11); R(f3, 12);			\
		if (!(rr)) {							\
			L(f1, 13); R(f2, 14); L(f3, 15); R(f1, 16);		\
		}								\
	} while (0)

#define CAST5_DECRYPT_ROUNDS(L, R, rr)						\
	do {									\
		if (!(rr)) {							\
			L(f1, 16); R(f3, 15); L(f2, 14); R(f1, 13);		\
		}								\
		L(f3, 12); R(f2, 11); L(f1, 10); R(f3, 9);			\
		L(f2, 8); R(f1, 7); L(f3, 6); R(f2, 5);				\
		L(f1, 4); R(f3, 3); L(f2, 2); R(f1, 1);				\
	} while (0)

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
