// SPDX-License-Identifier: GPL-2.0
/* Test drivers, written as kernel drivers are. */
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/algapi.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/hash.h>

#include "test_drivers.h"

#define FNV32_OFFSET	0x811c9dc5u
#define FNV32_PRIME	0x01000193u

struct fnv32_state {
	u32 h;
};

u32 test_fnv32(const u8 *data, size_t len)
{
	u32 h = FNV32_OFFSET;

	while (len--)
		h = (h ^ *data++) * FNV32_PRIME;
	return h;
}

static int fnv32_init(struct shash_desc *desc)
{
	struct fnv32_state *st = shash_desc_ctx(desc);

	st->h = FNV32_OFFSET;
	return 0;
}

static int fnv32_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct fnv32_state *st = shash_desc_ctx(desc);

	while (len--)
		st->h = (st->h ^ *data++) * FNV32_PRIME;
	return 0;
}

static int fnv32_final(struct shash_desc *desc, u8 *out)
{
	struct fnv32_state *st = shash_desc_ctx(desc);

	put_unaligned_le32(st->h, out);
	memzero_explicit(st, sizeof(*st));
	return 0;
}

void test_make_fnv32(struct shash_alg *alg, const char *driver, int priority)
{
	memset(alg, 0, sizeof(*alg));
	alg->init = fnv32_init;
	alg->update = fnv32_update;
	alg->final = fnv32_final;
	alg->descsize = sizeof(struct fnv32_state);
	alg->digestsize = 4;
	strscpy(alg->base.cra_name, "fnv32", CRYPTO_MAX_ALG_NAME);
	strscpy(alg->base.cra_driver_name, driver, CRYPTO_MAX_ALG_NAME);
	alg->base.cra_priority = priority;
	alg->base.cra_blocksize = 1;
}

struct xor_ctx {
	u8 key[16];
	unsigned int keylen;
};

void test_xor_encrypt_block(const u8 *key, unsigned int keylen, u8 *dst, const u8 *src)
{
	int i;

	for (i = 0; i < 8; i++)
		dst[i] = rol8(src[i] ^ key[i % keylen], 3);
}

static int xor_setkey(struct crypto_tfm *tfm, const u8 *key, unsigned int keylen)
{
	struct xor_ctx *ctx = crypto_tfm_ctx(tfm);

	memcpy(ctx->key, key, keylen);
	ctx->keylen = keylen;
	return 0;
}

static void xor_encrypt(struct crypto_tfm *tfm, u8 *dst, const u8 *src)
{
	struct xor_ctx *ctx = crypto_tfm_ctx(tfm);

	test_xor_encrypt_block(ctx->key, ctx->keylen, dst, src);
}

static void xor_decrypt(struct crypto_tfm *tfm, u8 *dst, const u8 *src)
{
	struct xor_ctx *ctx = crypto_tfm_ctx(tfm);
	int i;

	for (i = 0; i < 8; i++)
		dst[i] = ror8(src[i], 3) ^ ctx->key[i % ctx->keylen];
}

static struct crypto_alg xor_alg = {
	.cra_name		= "testxor",
	.cra_driver_name	= "testxor-generic",
	.cra_priority		= 100,
	.cra_flags		= CRYPTO_ALG_TYPE_CIPHER,
	.cra_blocksize		= 8,
	.cra_ctxsize		= sizeof(struct xor_ctx),
	.cra_module		= THIS_MODULE,
	.cra_u			= {
		.cipher = {
			.cia_min_keysize	= 1,
			.cia_max_keysize	= 16,
			.cia_setkey		= xor_setkey,
			.cia_encrypt		= xor_encrypt,
			.cia_decrypt		= xor_decrypt,
		}
	}
};

struct crypto_alg *test_xor_cipher(void)
{
	return &xor_alg;
}

static int broken_final(struct shash_desc *desc, u8 *out)
{
	memset(out, 0, 64);
	return 0;
}

static struct shash_alg broken_sha512 = {
	.init		= fnv32_init,
	.update		= fnv32_update,
	.final		= broken_final,
	.descsize	= sizeof(struct fnv32_state),
	.digestsize	= 64,
	.base		= {
		.cra_name		= "sha512",
		.cra_driver_name	= "sha512-broken",
		.cra_priority		= 300,
		.cra_blocksize		= 128,
		.cra_module		= THIS_MODULE,
	}
};

struct shash_alg *test_broken_sha512(void)
{
	return &broken_sha512;
}
