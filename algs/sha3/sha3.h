/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-3 and SHAKE (FIPS 202): sizes, the descriptor state shared by the generic driver and its arch
 * variants, and the sponge helpers they build on.
 *
 * Descriptor state and export format
 * ----------------------------------
 * struct sha3_state is the whole descriptor context (descsize) of every sha3-* and shake* driver,
 * and also its export format: .export copies it out and .import copies it back in, so statesize ==
 * descsize == sizeof(struct sha3_state) == 208 bytes.
 *
 *	offset	size	field
 *	     0	 200	st[25]	Keccak-f[1600] state, lane A[x, y] in st[x + 5 * y], host byte order
 *	   200	   4	rsiz	rate in bytes, the driver's cra_blocksize: 144, 136, 104, 72 for
 *				SHA3-224/256/384/512; 168, 136 for SHAKE128/256
 *	   204	   4	partial	message bytes absorbed into the current block, 0 <= partial < rsiz
 *
 * Message bytes are XORed into the state as they arrive; there is no separate block buffer. Byte i
 * of the current block lives in bits 8 * (i % 8) .. 8 * (i % 8) + 7 of st[i / 8], which is how
 * FIPS 202 maps a byte string onto lanes. An exported state is thus a plain sponge in its absorbing
 * phase: any driver for the same algorithm on the same host imports it and carries on. As with the
 * kernel's own export formats, the lanes are in host byte order, so an exported state does not move
 * between hosts of different endianness. .import rejects a state whose rsiz differs from the
 * importing driver's block size or whose partial is not below rsiz (-EINVAL).
 *
 * This differs from the kernel's struct sha3_state of 4.15..6.14 (which kept a block buffer and an
 * rsizw field): that layout has no room for SHAKE128's 168-byte block within HASH_MAX_DESCSIZE.
 *
 * Arch variants
 * -------------
 * A variant supplies one sha3_block_fn that absorbs whole blocks (XOR in, permute) and uses the
 * sha3_base_*() helpers below for buffering, padding and output, exactly as the generic driver
 * does; crypto_sha3_update() and crypto_sha3_final() / crypto_shake_final() are its fallback when
 * SIMD is not usable. Both work on the same struct sha3_state, so they may be mixed freely.
 */
#ifndef _KCSHIM_ALGS_SHA3_H
#define _KCSHIM_ALGS_SHA3_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define SHA3_224_DIGEST_SIZE	(224 / 8)
#define SHA3_224_BLOCK_SIZE	(200 - 2 * SHA3_224_DIGEST_SIZE)
#define SHA3_256_DIGEST_SIZE	(256 / 8)
#define SHA3_256_BLOCK_SIZE	(200 - 2 * SHA3_256_DIGEST_SIZE)
#define SHA3_384_DIGEST_SIZE	(384 / 8)
#define SHA3_384_BLOCK_SIZE	(200 - 2 * SHA3_384_DIGEST_SIZE)
#define SHA3_512_DIGEST_SIZE	(512 / 8)
#define SHA3_512_BLOCK_SIZE	(200 - 2 * SHA3_512_DIGEST_SIZE)

/* SHAKE's rate follows from its security strength; the shash drivers emit a fixed-size output */
#define SHAKE128_BLOCK_SIZE	(200 - 2 * 128 / 8)
#define SHAKE128_DEFAULT_SIZE	32
#define SHAKE256_BLOCK_SIZE	(200 - 2 * 256 / 8)
#define SHAKE256_DEFAULT_SIZE	64

#define KECCAK_ROUNDS		24

#define SHA3_STATE_SIZE		200
#define SHA3_STATE_WORDS	(SHA3_STATE_SIZE / 8)
#define SHA3_MAX_BLOCK_SIZE	SHAKE128_BLOCK_SIZE

/* Domain separation bits plus the first bit of pad10*1, as one byte (FIPS 202, B.2) */
#define SHA3_PAD_BYTE		0x06
#define SHAKE_PAD_BYTE		0x1f

/*
 * The shash_alg of one driver, "<_name>-<_suffix>": the state, init, export and import every
 * variant shares (see above), with the variant's update and final.
 */
#define SHA3_SHASH_ALG(_name, _suffix, _priority, _digestsize, _blocksize, _update, _final)	\
	{										\
		.digestsize		= _digestsize,					\
		.init			= crypto_sha3_init,				\
		.update			= _update,					\
		.final			= _final,					\
		.export			= crypto_sha3_export,				\
		.import			= crypto_sha3_import,				\
		.descsize		= sizeof(struct sha3_state),			\
		.statesize		= sizeof(struct sha3_state),			\
		.base.cra_name		= _name,					\
		.base.cra_driver_name	= _name "-" _suffix,				\
		.base.cra_priority	= _priority,					\
		.base.cra_blocksize	= _blocksize,					\
		.base.cra_module	= THIS_MODULE,					\
	}

/*
 * A variant's six drivers, sha3-{224,256,384,512}-<_suffix>, shake128-<_suffix> and
 * shake256-<_suffix>, for its struct shash_alg array: _sha3_final pads for SHA-3,
 * _shake_final for SHAKE.
 */
#define SHA3_SHASH_ALGS(_suffix, _priority, _update, _sha3_final, _shake_final)		\
	SHA3_SHASH_ALG("sha3-224", _suffix, _priority, SHA3_224_DIGEST_SIZE,			\
		       SHA3_224_BLOCK_SIZE, _update, _sha3_final),				\
	SHA3_SHASH_ALG("sha3-256", _suffix, _priority, SHA3_256_DIGEST_SIZE,			\
		       SHA3_256_BLOCK_SIZE, _update, _sha3_final),				\
	SHA3_SHASH_ALG("sha3-384", _suffix, _priority, SHA3_384_DIGEST_SIZE,			\
		       SHA3_384_BLOCK_SIZE, _update, _sha3_final),				\
	SHA3_SHASH_ALG("sha3-512", _suffix, _priority, SHA3_512_DIGEST_SIZE,			\
		       SHA3_512_BLOCK_SIZE, _update, _sha3_final),				\
	SHA3_SHASH_ALG("shake128", _suffix, _priority, SHAKE128_DEFAULT_SIZE,			\
		       SHAKE128_BLOCK_SIZE, _update, _shake_final),				\
	SHA3_SHASH_ALG("shake256", _suffix, _priority, SHAKE256_DEFAULT_SIZE,			\
		       SHAKE256_BLOCK_SIZE, _update, _shake_final)

struct sha3_state {
	u64 st[SHA3_STATE_WORDS];
	u32 rsiz;
	u32 partial;
};

/*
 * Absorbs @blocks (>= 1) whole blocks of sctx->rsiz bytes from @src, which may have any alignment:
 * each block is XORed into the first rsiz bytes of the state, then Keccak-f[1600] runs once.
 */
typedef void (sha3_block_fn)(struct sha3_state *sctx, const u8 *src, unsigned int blocks);

__KCSHIM_BEGIN_DECLS
/* The round constants of iota (FIPS 202, 3.2.5), 16-byte aligned for vector loads. */
extern const u64 keccakf_rndc[KECCAK_ROUNDS];
/* The Keccak-f[1600] permutation, 24 rounds, over a state in host byte order. */
void sha3_keccakf_generic(u64 st[SHA3_STATE_WORDS]);
/* The generic sha3_block_fn. */
void sha3_generic_block_fn(struct sha3_state *sctx, const u8 *src, unsigned int blocks);

struct shash_desc;
/* Starts a sponge with the tfm's block size as rate; for all six drivers. Returns 0. */
int crypto_sha3_init(struct shash_desc *desc);
/* Absorbs @len bytes with the generic block function. Returns 0. */
int crypto_sha3_update(struct shash_desc *desc, const u8 *data, unsigned int len);
/* Pads for SHA3-* (0x06) or SHAKE* (0x1f), writes the tfm's digest size, wipes the state. 0. */
int crypto_sha3_final(struct shash_desc *desc, u8 *out);
int crypto_shake_final(struct shash_desc *desc, u8 *out);
/* export/import: the state as it is (struct sha3_state); import checks rsiz and partial */
int crypto_sha3_export(struct shash_desc *desc, void *out);
int crypto_sha3_import(struct shash_desc *desc, const void *in);
__KCSHIM_END_DECLS

static inline void sha3_base_init(struct sha3_state *sctx, unsigned int rsiz)
{
	memset(sctx->st, 0, sizeof(sctx->st));
	sctx->rsiz = rsiz;
	sctx->partial = 0;
}

/* XORs @len message bytes into the state, starting at byte @pos of the block. */
static inline void sha3_xor_bytes(u64 *st, unsigned int pos, const u8 *src, unsigned int len)
{
	for (; len && (pos & 7); len--, pos++)
		st[pos / 8] ^= (u64)*src++ << (8 * (pos & 7));
	for (; len >= 8; len -= 8, pos += 8, src += 8)
		st[pos / 8] ^= get_unaligned_le64(src);
	for (; len; len--, pos++)
		st[pos / 8] ^= (u64)*src++ << (8 * (pos & 7));
}

static inline void sha3_base_do_update(struct sha3_state *sctx, const u8 *data, unsigned int len,
				       sha3_block_fn *block_fn)
{
	unsigned int rsiz = sctx->rsiz;
	unsigned int partial = sctx->partial;

	if (len < rsiz - partial) {
		sha3_xor_bytes(sctx->st, partial, data, len);
		sctx->partial = partial + len;
		return;
	}

	if (partial) {
		/*
		 * The first partial bytes are in the state already: complete the block with
		 * zeroes in their place, which leaves them as they are.
		 */
		u8 block[SHA3_MAX_BLOCK_SIZE];
		unsigned int fill = rsiz - partial;

		memset(block, 0, partial);
		memcpy(block + partial, data, fill);
		block_fn(sctx, block, 1);
		memzero_explicit(block + partial, fill);
		data += fill;
		len -= fill;
	}

	if (len >= rsiz) {
		unsigned int blocks = len / rsiz;

		block_fn(sctx, data, blocks);
		data += blocks * rsiz;
		len -= blocks * rsiz;
	}

	sha3_xor_bytes(sctx->st, 0, data, len);
	sctx->partial = len;
}

/* Applies the domain byte @pad and pad10*1, then the last permutation. */
static inline void sha3_base_do_finalize(struct sha3_state *sctx, u8 pad, sha3_block_fn *block_fn)
{
	u8 block[SHA3_MAX_BLOCK_SIZE] = { 0 };
	/*
	 * rsiz is the driver's block size and partial below it (crypto_sha3_import() checks both);
	 * the bounds only tell GCC so, which otherwise warns of writes out of bounds once inlined.
	 */
	unsigned int last = sctx->rsiz - 1 < SHA3_MAX_BLOCK_SIZE ? sctx->rsiz - 1 :
								    SHA3_MAX_BLOCK_SIZE - 1;

	block[sctx->partial < last ? sctx->partial : last] = pad;
	block[last] |= 0x80;
	block_fn(sctx, block, 1);
	sctx->partial = 0;
}

/*
 * Squeezes @digestsize bytes and wipes the state. Every shash output (at most 64 bytes) is shorter
 * than the smallest rate (72 bytes), so one squeeze suffices.
 */
static inline void sha3_base_finish(struct sha3_state *sctx, u8 *out, unsigned int digestsize)
{
	unsigned int i;

	for (i = 0; i < digestsize / 8; i++)
		put_unaligned_le64(sctx->st[i], out + 8 * i);
	for (i *= 8; i < digestsize; i++)
		out[i] = (u8)(sctx->st[i / 8] >> (8 * (i & 7)));

	memzero_explicit(sctx, sizeof(*sctx));
}

#endif
