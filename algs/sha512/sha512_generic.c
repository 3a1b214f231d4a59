// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Cryptographic API.
 *
 * SHA-384 and SHA-512, as specified in
 * https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.180-4.pdf
 *
 * The generic drivers sha384-generic and sha512-generic. The descriptor state and its export
 * format are described in sha512.h.
 */
#include <crypto/internal/hash.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "sha512.h"

/* The functions of FIPS 180-4 4.1.3, named as in RFC 6234 (BSIG0/1 in sha512.h) */
static inline u64 ch(u64 x, u64 y, u64 z)
{
	return z ^ (x & (y ^ z));
}

static inline u64 maj(u64 x, u64 y, u64 z)
{
	return (x & y) | (z & (x | y));
}

static inline u64 ssig0(u64 x)
{
	return ror64(x, 1) ^ ror64(x, 8) ^ (x >> 7);
}

static inline u64 ssig1(u64 x)
{
	return ror64(x, 19) ^ ror64(x, 61) ^ (x >> 6);
}

/*
 * One round, with the constant and the message word already added together in @kw. Instead of
 * shifting the eight working variables along, the caller renames them: a round writes only d
 * (the next e) and h (the next a).
 */
static __always_inline void sha512_round(u64 a, u64 b, u64 c, u64 *d, u64 e, u64 f, u64 g,
					 u64 *h, u64 kw)
{
	u64 t1 = *h + sha512_bsig1(e) + ch(e, f, g) + kw;

	*d += t1;
	*h = t1 + sha512_bsig0(a) + maj(a, b, c);
}

/* Eight rounds, after which every variable is back in its own role. */
static __always_inline void sha512_8rounds(u64 *a, u64 *b, u64 *c, u64 *d, u64 *e, u64 *f,
					   u64 *g, u64 *h, const u64 *k, const u64 *w)
{
	sha512_round(*a, *b, *c, d, *e, *f, *g, h, k[0] + w[0]);
	sha512_round(*h, *a, *b, c, *d, *e, *f, g, k[1] + w[1]);
	sha512_round(*g, *h, *a, b, *c, *d, *e, f, k[2] + w[2]);
	sha512_round(*f, *g, *h, a, *b, *c, *d, e, k[3] + w[3]);
	sha512_round(*e, *f, *g, h, *a, *b, *c, d, k[4] + w[4]);
	sha512_round(*d, *e, *f, g, *h, *a, *b, c, k[5] + w[5]);
	sha512_round(*c, *d, *e, f, *g, *h, *a, b, k[6] + w[6]);
	sha512_round(*b, *c, *d, e, *f, *g, *h, a, k[7] + w[7]);
}

/*
 * One 128-byte block. The message schedule lives in the 16 words of @w, recomputed in place for
 * each group of 16 rounds.
 */
static void sha512_transform(u64 state[8], const u8 *input, u64 w[16])
{
	u64 a = state[0], b = state[1], c = state[2], d = state[3];
	u64 e = state[4], f = state[5], g = state[6], h = state[7];
	int i, j;

	for (j = 0; j < 16; j++)
		w[j] = get_unaligned_be64(input + 8 * j);

	for (i = 0; i < 80; i += 16) {
		if (i) {
			for (j = 0; j < 16; j++)
				w[j] += ssig1(w[(j + 14) & 15]) + w[(j + 9) & 15] +
					ssig0(w[(j + 1) & 15]);
		}
		sha512_8rounds(&a, &b, &c, &d, &e, &f, &g, &h, &sha512_k[i], &w[0]);
		sha512_8rounds(&a, &b, &c, &d, &e, &f, &g, &h, &sha512_k[i + 8], &w[8]);
	}

	state[0] += a;
	state[1] += b;
	state[2] += c;
	state[3] += d;
	state[4] += e;
	state[5] += f;
	state[6] += g;
	state[7] += h;
}

void sha512_generic_block_fn(struct sha512_state *sst, const u8 *src, int blocks)
{
	u64 w[16];

	while (blocks-- > 0) {
		sha512_transform(sst->state, src, w);
		src += SHA512_BLOCK_SIZE;
	}
	memzero_explicit(w, sizeof(w));
}
EXPORT_SYMBOL(sha512_generic_block_fn);

int crypto_sha384_init(struct shash_desc *desc)
{
	sha384_base_init(shash_desc_ctx(desc));
	return 0;
}
EXPORT_SYMBOL(crypto_sha384_init);

int crypto_sha512_init(struct shash_desc *desc)
{
	sha512_base_init(shash_desc_ctx(desc));
	return 0;
}
EXPORT_SYMBOL(crypto_sha512_init);

int crypto_sha512_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	sha512_base_do_update(shash_desc_ctx(desc), data, len, sha512_generic_block_fn);
	return 0;
}
EXPORT_SYMBOL(crypto_sha512_update);

int crypto_sha512_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *hash)
{
	struct sha512_state *sctx = shash_desc_ctx(desc);

	if (len)
		sha512_base_do_update(sctx, data, len, sha512_generic_block_fn);
	sha512_base_do_finalize(sctx, sha512_generic_block_fn);
	sha512_base_finish(sctx, hash, crypto_shash_digestsize(desc->tfm));
	return 0;
}
EXPORT_SYMBOL(crypto_sha512_finup);

static int sha512_final(struct shash_desc *desc, u8 *hash)
{
	return crypto_sha512_finup(desc, NULL, 0, hash);
}

int crypto_sha512_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), sizeof(struct sha512_state));
	return 0;
}
EXPORT_SYMBOL(crypto_sha512_export);

int crypto_sha512_import(struct shash_desc *desc, const void *in)
{
	memcpy(shash_desc_ctx(desc), in, sizeof(struct sha512_state));
	return 0;
}
EXPORT_SYMBOL(crypto_sha512_import);

static struct shash_alg sha512_algs[] = {
	SHA512_SHASH_ALGS("generic", 100, crypto_sha512_update, sha512_final, crypto_sha512_finup),
};

static int __init sha512_generic_mod_init(void)
{
	return crypto_register_shashes(sha512_algs, ARRAY_SIZE(sha512_algs));
}

static void __exit sha512_generic_mod_fini(void)
{
	crypto_unregister_shashes(sha512_algs, ARRAY_SIZE(sha512_algs));
}

subsys_initcall(sha512_generic_mod_init);
module_exit(sha512_generic_mod_fini);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("SHA-384 and SHA-512 secure hash algorithms");

MODULE_ALIAS_CRYPTO("sha384");
MODULE_ALIAS_CRYPTO("sha384-generic");
MODULE_ALIAS_CRYPTO("sha512");
MODULE_ALIAS_CRYPTO("sha512-generic");
