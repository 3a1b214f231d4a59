/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-384 and SHA-512 (FIPS 180-4): sizes, the descriptor state shared by the generic driver and
 * its arch variants, and the block-buffering helpers they build on (the kernel's sha512_base.h of
 * 4.x..6.14, with the same semantics).
 *
 * Descriptor state and export format
 * ----------------------------------
 * struct sha512_state is the whole descriptor context (descsize) of sha384-* and sha512-* drivers
 * and also their export format: .export copies it out and .import copies it in, so statesize ==
 * descsize == sizeof(struct sha512_state) == 208 bytes. It is the kernel's struct sha512_state:
 *
 *	offset	size	field
 *	     0	  64	state[8]	chaining value H0..H7, host byte order
 *	    64	  16	count[2]	message length in bytes, 128 bits: count[0] low, count[1] high
 *	    80	 128	buf[128]	the first count[0] % 128 bytes are the partial block; the rest
 *					is unspecified
 *
 * Every field of an exported state is meaningful for any value, so .import accepts any state. As
 * with the kernel's export formats, the words are in host byte order: an exported state moves
 * between drivers on one host, not between hosts of different endianness.
 *
 * Arch variants
 * -------------
 * A variant supplies a sha512_block_fn and uses sha512_base_do_update() / sha512_base_do_finalize()
 * / sha512_base_finish(), as the generic driver does; crypto_sha512_update() and
 * crypto_sha512_finup() are its fallback when SIMD is not usable, and crypto_sha512_export() /
 * crypto_sha512_import() its .export / .import, so the state moves between drivers.
 */
#ifndef _KCSHIM_ALGS_SHA512_H
#define _KCSHIM_ALGS_SHA512_H

#include <linux/bitops.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define SHA384_DIGEST_SIZE	48
#define SHA384_BLOCK_SIZE	128
#define SHA512_DIGEST_SIZE	64
#define SHA512_BLOCK_SIZE	128

#define SHA384_H0	0xcbbb9d5dc1059ed8ULL
#define SHA384_H1	0x629a292a367cd507ULL
#define SHA384_H2	0x9159015a3070dd17ULL
#define SHA384_H3	0x152fecd8f70e5939ULL
#define SHA384_H4	0x67332667ffc00b31ULL
#define SHA384_H5	0x8eb44a8768581511ULL
#define SHA384_H6	0xdb0c2e0d64f98fa7ULL
#define SHA384_H7	0x47b5481dbefa4fa4ULL

#define SHA512_H0	0x6a09e667f3bcc908ULL
#define SHA512_H1	0xbb67ae8584caa73bULL
#define SHA512_H2	0x3c6ef372fe94f82bULL
#define SHA512_H3	0xa54ff53a5f1d36f1ULL
#define SHA512_H4	0x510e527fade682d1ULL
#define SHA512_H5	0x9b05688c2b3e6c1fULL
#define SHA512_H6	0x1f83d9abfb41bd6bULL
#define SHA512_H7	0x5be0cd19137e2179ULL

struct sha512_state {
	u64 state[SHA512_DIGEST_SIZE / 8];
	u64 count[2];
	u8 buf[SHA512_BLOCK_SIZE];
};

/* Compresses @blocks (>= 1) whole 128-byte blocks from @src, which may have any alignment. */
typedef void (sha512_block_fn)(struct sha512_state *sst, const u8 *src, int blocks);

__KCSHIM_BEGIN_DECLS
/* The round constants K0..K79 of FIPS 180-4 4.2.3, 16-byte aligned for vector loads. */
extern const u64 sha512_k[80];

/* The generic sha512_block_fn. */
void sha512_generic_block_fn(struct sha512_state *sst, const u8 *src, int blocks);

struct shash_desc;
/* Start a SHA-384 or SHA-512 hash; for every variant. Return 0. */
int crypto_sha384_init(struct shash_desc *desc);
int crypto_sha512_init(struct shash_desc *desc);
/* Hashes @len bytes with the generic block function. Returns 0. */
int crypto_sha512_update(struct shash_desc *desc, const u8 *data, unsigned int len);
/* Hashes @len more bytes, pads, writes the tfm's digest size and wipes the state. Returns 0. */
int crypto_sha512_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *hash);
/* Copies the descriptor state out to @out (statesize bytes; see above). Returns 0. */
int crypto_sha512_export(struct shash_desc *desc, void *out);
/* Copies a state exported by any sha384/sha512 driver in from @in. Returns 0. */
int crypto_sha512_import(struct shash_desc *desc, const void *in);
__KCSHIM_END_DECLS

/*
 * The shash_alg of one driver, "<_name>-<_suffix>": the state, export and import every variant
 * shares (see above), with the variant's update, final and finup.
 */
#define SHA512_SHASH_ALG(_name, _suffix, _priority, _digestsize, _init, _update, _final,	\
			 _finup)								\
	{										\
		.digestsize		= _digestsize,					\
		.init			= _init,					\
		.update			= _update,					\
		.final			= _final,					\
		.finup			= _finup,					\
		.export			= crypto_sha512_export,				\
		.import			= crypto_sha512_import,				\
		.descsize		= sizeof(struct sha512_state),			\
		.statesize		= sizeof(struct sha512_state),			\
		.base.cra_name		= _name,					\
		.base.cra_driver_name	= _name "-" _suffix,				\
		.base.cra_priority	= _priority,					\
		.base.cra_blocksize	= SHA512_BLOCK_SIZE,				\
		.base.cra_module	= THIS_MODULE,					\
	}

/* A variant's two drivers, sha384-<_suffix> and sha512-<_suffix>, for its shash_alg array. */
#define SHA512_SHASH_ALGS(_suffix, _priority, _update, _final, _finup)			\
	SHA512_SHASH_ALG("sha384", _suffix, _priority, SHA384_DIGEST_SIZE,			\
			 crypto_sha384_init, _update, _final, _finup),				\
	SHA512_SHASH_ALG("sha512", _suffix, _priority, SHA512_DIGEST_SIZE,			\
			 crypto_sha512_init, _update, _final, _finup)

/* The Sigma functions of FIPS 180-4 4.1.3 (BSIG0 and BSIG1 in RFC 6234). */
static __always_inline u64 sha512_bsig0(u64 x)
{
	return ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39);
}

static __always_inline u64 sha512_bsig1(u64 x)
{
	return ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41);
}

static inline void sha384_base_init(struct sha512_state *sctx)
{
	sctx->state[0] = SHA384_H0;
	sctx->state[1] = SHA384_H1;
	sctx->state[2] = SHA384_H2;
	sctx->state[3] = SHA384_H3;
	sctx->state[4] = SHA384_H4;
	sctx->state[5] = SHA384_H5;
	sctx->state[6] = SHA384_H6;
	sctx->state[7] = SHA384_H7;
	sctx->count[0] = sctx->count[1] = 0;
}

static inline void sha512_base_init(struct sha512_state *sctx)
{
	sctx->state[0] = SHA512_H0;
	sctx->state[1] = SHA512_H1;
	sctx->state[2] = SHA512_H2;
	sctx->state[3] = SHA512_H3;
	sctx->state[4] = SHA512_H4;
	sctx->state[5] = SHA512_H5;
	sctx->state[6] = SHA512_H6;
	sctx->state[7] = SHA512_H7;
	sctx->count[0] = sctx->count[1] = 0;
}

static inline void sha512_base_do_update(struct sha512_state *sctx, const u8 *data,
					 unsigned int len, sha512_block_fn *block_fn)
{
	unsigned int partial = sctx->count[0] % SHA512_BLOCK_SIZE;

	sctx->count[0] += len;
	if (sctx->count[0] < len)
		sctx->count[1]++;

	if (len < SHA512_BLOCK_SIZE - partial) {
		memcpy(sctx->buf + partial, data, len);
		return;
	}

	if (partial) {
		unsigned int fill = SHA512_BLOCK_SIZE - partial;

		memcpy(sctx->buf + partial, data, fill);
		block_fn(sctx, sctx->buf, 1);
		data += fill;
		len -= fill;
	}

	if (len >= SHA512_BLOCK_SIZE) {
		unsigned int blocks = len / SHA512_BLOCK_SIZE;

		block_fn(sctx, data, blocks);
		data += blocks * SHA512_BLOCK_SIZE;
		len -= blocks * SHA512_BLOCK_SIZE;
	}

	memcpy(sctx->buf, data, len);
}

/* Appends the 0x80 byte, zeroes and the 128-bit bit length, and compresses the last block(s). */
static inline void sha512_base_do_finalize(struct sha512_state *sctx, sha512_block_fn *block_fn)
{
	const unsigned int bit_offset = SHA512_BLOCK_SIZE - 16;
	unsigned int partial = sctx->count[0] % SHA512_BLOCK_SIZE;

	sctx->buf[partial++] = 0x80;
	if (partial > bit_offset) {
		memset(sctx->buf + partial, 0, SHA512_BLOCK_SIZE - partial);
		block_fn(sctx, sctx->buf, 1);
		partial = 0;
	}

	memset(sctx->buf + partial, 0, bit_offset - partial);
	put_unaligned_be64(sctx->count[1] << 3 | sctx->count[0] >> 61, sctx->buf + bit_offset);
	put_unaligned_be64(sctx->count[0] << 3, sctx->buf + bit_offset + 8);
	block_fn(sctx, sctx->buf, 1);
}

/* Writes @digestsize bytes (48 or 64) of the chaining value and wipes the state. */
static inline void sha512_base_finish(struct sha512_state *sctx, u8 *out, unsigned int digestsize)
{
	unsigned int i;

	for (i = 0; i < digestsize / 8; i++)
		put_unaligned_be64(sctx->state[i], out + 8 * i);

	memzero_explicit(sctx, sizeof(*sctx));
}

#endif
