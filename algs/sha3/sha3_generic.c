// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Cryptographic API.
 *
 * SHA-3 and SHAKE, as specified in
 * https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.202.pdf
 *
 * The generic drivers sha3-{224,256,384,512}-generic, shake128-generic and shake256-generic.
 * The descriptor state and its export format are described in sha3.h.
 */
#include <crypto/internal/hash.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "sha3.h"

#define KECCAK_ROUNDS	24

static const u64 keccakf_rndc[KECCAK_ROUNDS] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* chi on one row of five lanes, writing the row to @out */
static __always_inline void keccakf_chi(u64 *out, u64 b0, u64 b1, u64 b2, u64 b3, u64 b4)
{
	out[0] = b0 ^ (~b1 & b2);
	out[1] = b1 ^ (~b2 & b3);
	out[2] = b2 ^ (~b3 & b4);
	out[3] = b3 ^ (~b4 & b0);
	out[4] = b4 ^ (~b0 & b1);
}

/*
 * One round from state @a into state @e. Theta is folded into rho and pi: lane A[x, y] is XORed
 * with its column's D[x], rotated by its rho offset and moved to B[y, 2x + 3y]. Chi then works on
 * the rows of B, so each row below lists the five lanes of A that pi brings into it.
 *
 * Every index is a constant. Once inlined into sha3_keccakf_generic() both states are plain local
 * variables the compiler keeps in registers as far as it can, instead of an array in memory
 * addressed by computed indexes: that is what makes this form fast.
 */
static __always_inline void keccakf_round(u64 e[SHA3_STATE_WORDS], const u64 a[SHA3_STATE_WORDS],
					  u64 rc)
{
	u64 c0, c1, c2, c3, c4;
	u64 d0, d1, d2, d3, d4;

	/* theta */
	c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
	c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
	c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
	c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
	c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];

	d0 = c4 ^ rol64(c1, 1);
	d1 = c0 ^ rol64(c2, 1);
	d2 = c1 ^ rol64(c3, 1);
	d3 = c2 ^ rol64(c4, 1);
	d4 = c3 ^ rol64(c0, 1);

	/* rho, pi and chi, one row of B at a time; iota on lane 0 */
	keccakf_chi(&e[0],
		    a[0] ^ d0,
		    rol64(a[6] ^ d1, 44),
		    rol64(a[12] ^ d2, 43),
		    rol64(a[18] ^ d3, 21),
		    rol64(a[24] ^ d4, 14));
	e[0] ^= rc;

	keccakf_chi(&e[5],
		    rol64(a[3] ^ d3, 28),
		    rol64(a[9] ^ d4, 20),
		    rol64(a[10] ^ d0, 3),
		    rol64(a[16] ^ d1, 45),
		    rol64(a[22] ^ d2, 61));

	keccakf_chi(&e[10],
		    rol64(a[1] ^ d1, 1),
		    rol64(a[7] ^ d2, 6),
		    rol64(a[13] ^ d3, 25),
		    rol64(a[19] ^ d4, 8),
		    rol64(a[20] ^ d0, 18));

	keccakf_chi(&e[15],
		    rol64(a[4] ^ d4, 27),
		    rol64(a[5] ^ d0, 36),
		    rol64(a[11] ^ d1, 10),
		    rol64(a[17] ^ d2, 15),
		    rol64(a[23] ^ d3, 56));

	keccakf_chi(&e[20],
		    rol64(a[2] ^ d2, 62),
		    rol64(a[8] ^ d3, 55),
		    rol64(a[14] ^ d4, 39),
		    rol64(a[15] ^ d0, 41),
		    rol64(a[21] ^ d1, 2));
}

void sha3_keccakf_generic(u64 st[SHA3_STATE_WORDS])
{
	u64 a[SHA3_STATE_WORDS], e[SHA3_STATE_WORDS];
	int round;

	memcpy(a, st, sizeof(a));
	for (round = 0; round < KECCAK_ROUNDS; round += 2) {
		keccakf_round(e, a, keccakf_rndc[round]);
		keccakf_round(a, e, keccakf_rndc[round + 1]);
	}
	memcpy(st, a, sizeof(a));
}
EXPORT_SYMBOL(sha3_keccakf_generic);

void sha3_generic_block_fn(struct sha3_state *sctx, const u8 *src, unsigned int blocks)
{
	unsigned int rsizw = sctx->rsiz / 8;
	unsigned int i;

	while (blocks--) {
		for (i = 0; i < rsizw; i++)
			sctx->st[i] ^= get_unaligned_le64(src + 8 * i);
		sha3_keccakf_generic(sctx->st);
		src += sctx->rsiz;
	}
}
EXPORT_SYMBOL(sha3_generic_block_fn);

int crypto_sha3_init(struct shash_desc *desc)
{
	sha3_base_init(shash_desc_ctx(desc), crypto_shash_blocksize(desc->tfm));
	return 0;
}
EXPORT_SYMBOL(crypto_sha3_init);

int crypto_sha3_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	sha3_base_do_update(shash_desc_ctx(desc), data, len, sha3_generic_block_fn);
	return 0;
}
EXPORT_SYMBOL(crypto_sha3_update);

int crypto_sha3_final(struct shash_desc *desc, u8 *out)
{
	struct sha3_state *sctx = shash_desc_ctx(desc);

	sha3_base_do_finalize(sctx, SHA3_PAD_BYTE, sha3_generic_block_fn);
	sha3_base_finish(sctx, out, crypto_shash_digestsize(desc->tfm));
	return 0;
}
EXPORT_SYMBOL(crypto_sha3_final);

int crypto_shake_final(struct shash_desc *desc, u8 *out)
{
	struct sha3_state *sctx = shash_desc_ctx(desc);

	sha3_base_do_finalize(sctx, SHAKE_PAD_BYTE, sha3_generic_block_fn);
	sha3_base_finish(sctx, out, crypto_shash_digestsize(desc->tfm));
	return 0;
}
EXPORT_SYMBOL(crypto_shake_final);

int crypto_sha3_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), sizeof(struct sha3_state));
	return 0;
}
EXPORT_SYMBOL(crypto_sha3_export);

int crypto_sha3_import(struct shash_desc *desc, const void *in)
{
	struct sha3_state *sctx = shash_desc_ctx(desc);
	const struct sha3_state *state = in;

	if (state->rsiz != crypto_shash_blocksize(desc->tfm) || state->partial >= state->rsiz)
		return -EINVAL;

	memcpy(sctx, state, sizeof(*sctx));
	return 0;
}
EXPORT_SYMBOL(crypto_sha3_import);

/* No cra_priority, as in the kernel: 0, so that any arch driver is preferred */
static struct shash_alg algs[] = { {
	.digestsize		= SHA3_224_DIGEST_SIZE,
	.init			= crypto_sha3_init,
	.update			= crypto_sha3_update,
	.final			= crypto_sha3_final,
	.export			= crypto_sha3_export,
	.import			= crypto_sha3_import,
	.descsize		= sizeof(struct sha3_state),
	.statesize		= sizeof(struct sha3_state),
	.base.cra_name		= "sha3-224",
	.base.cra_driver_name	= "sha3-224-generic",
	.base.cra_blocksize	= SHA3_224_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
}, {
	.digestsize		= SHA3_256_DIGEST_SIZE,
	.init			= crypto_sha3_init,
	.update			= crypto_sha3_update,
	.final			= crypto_sha3_final,
	.export			= crypto_sha3_export,
	.import			= crypto_sha3_import,
	.descsize		= sizeof(struct sha3_state),
	.statesize		= sizeof(struct sha3_state),
	.base.cra_name		= "sha3-256",
	.base.cra_driver_name	= "sha3-256-generic",
	.base.cra_blocksize	= SHA3_256_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
}, {
	.digestsize		= SHA3_384_DIGEST_SIZE,
	.init			= crypto_sha3_init,
	.update			= crypto_sha3_update,
	.final			= crypto_sha3_final,
	.export			= crypto_sha3_export,
	.import			= crypto_sha3_import,
	.descsize		= sizeof(struct sha3_state),
	.statesize		= sizeof(struct sha3_state),
	.base.cra_name		= "sha3-384",
	.base.cra_driver_name	= "sha3-384-generic",
	.base.cra_blocksize	= SHA3_384_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
}, {
	.digestsize		= SHA3_512_DIGEST_SIZE,
	.init			= crypto_sha3_init,
	.update			= crypto_sha3_update,
	.final			= crypto_sha3_final,
	.export			= crypto_sha3_export,
	.import			= crypto_sha3_import,
	.descsize		= sizeof(struct sha3_state),
	.statesize		= sizeof(struct sha3_state),
	.base.cra_name		= "sha3-512",
	.base.cra_driver_name	= "sha3-512-generic",
	.base.cra_blocksize	= SHA3_512_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
}, {
	.digestsize		= SHAKE128_DEFAULT_SIZE,
	.init			= crypto_sha3_init,
	.update			= crypto_sha3_update,
	.final			= crypto_shake_final,
	.export			= crypto_sha3_export,
	.import			= crypto_sha3_import,
	.descsize		= sizeof(struct sha3_state),
	.statesize		= sizeof(struct sha3_state),
	.base.cra_name		= "shake128",
	.base.cra_driver_name	= "shake128-generic",
	.base.cra_blocksize	= SHAKE128_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
}, {
	.digestsize		= SHAKE256_DEFAULT_SIZE,
	.init			= crypto_sha3_init,
	.update			= crypto_sha3_update,
	.final			= crypto_shake_final,
	.export			= crypto_sha3_export,
	.import			= crypto_sha3_import,
	.descsize		= sizeof(struct sha3_state),
	.statesize		= sizeof(struct sha3_state),
	.base.cra_name		= "shake256",
	.base.cra_driver_name	= "shake256-generic",
	.base.cra_blocksize	= SHAKE256_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
} };

static int __init sha3_generic_mod_init(void)
{
	return crypto_register_shashes(algs, ARRAY_SIZE(algs));
}

static void __exit sha3_generic_mod_fini(void)
{
	crypto_unregister_shashes(algs, ARRAY_SIZE(algs));
}

subsys_initcall(sha3_generic_mod_init);
module_exit(sha3_generic_mod_fini);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("SHA-3 and SHAKE secure hash algorithms");

MODULE_ALIAS_CRYPTO("sha3-224");
MODULE_ALIAS_CRYPTO("sha3-224-generic");
MODULE_ALIAS_CRYPTO("sha3-256");
MODULE_ALIAS_CRYPTO("sha3-256-generic");
MODULE_ALIAS_CRYPTO("sha3-384");
MODULE_ALIAS_CRYPTO("sha3-384-generic");
MODULE_ALIAS_CRYPTO("sha3-512");
MODULE_ALIAS_CRYPTO("sha3-512-generic");
MODULE_ALIAS_CRYPTO("shake128");
MODULE_ALIAS_CRYPTO("shake128-generic");
MODULE_ALIAS_CRYPTO("shake256");
MODULE_ALIAS_CRYPTO("shake256-generic");
