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

#define KECCAKF_ROUND	keccakf_round
#define KECCAKF_ATTR
#include "keccakf_round.h"

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

/* Priority 0, as in the kernel (no cra_priority): any arch driver is preferred */
static struct shash_alg algs[] = {
	SHA3_SHASH_ALGS("generic", 0, crypto_sha3_update, crypto_sha3_final, crypto_shake_final),
};

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
