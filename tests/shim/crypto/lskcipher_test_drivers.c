// SPDX-License-Identifier: GPL-2.0
/*
 * Toy lskcipher drivers for the shim's tests: a stream cipher whose state (the keystream
 * position) lives in siv between calls, as arc4's does, with and without an IV.
 */
#include <crypto/internal/skcipher.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "lskcipher_test_drivers.h"

#define TESTKS_IV_SIZE	8

struct testks_ctx {
	u8 key[TESTKS_MAX_KEY_SIZE];
	unsigned int keylen;
};

int test_testks_inits, test_testks_exits;

static u8 testks_byte(const struct testks_ctx *ctx, u64 pos)
{
	return ctx->key[pos % ctx->keylen] ^ (u8)(pos * 0x9d + (pos >> 8));
}

static int testks_setkey(struct crypto_lskcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct testks_ctx *ctx = crypto_lskcipher_ctx(tfm);
	u8 any = 0;
	unsigned int i;

	/* all-zero keys are refused, so the tests see a driver's own -EINVAL */
	for (i = 0; i < keylen; i++)
		any |= key[i];
	if (!any)
		return -EINVAL;
	memcpy(ctx->key, key, keylen);
	ctx->keylen = keylen;
	return 0;
}

static u64 testks_run(const struct testks_ctx *ctx, u64 pos, const u8 *src, u8 *dst,
		      unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		dst[i] = src[i] ^ testks_byte(ctx, pos++);
	return pos;
}

static int testks_crypt(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
			u8 *siv, u32 flags)
{
	const struct testks_ctx *ctx = crypto_lskcipher_ctx(tfm);
	u64 pos = 0;

	if (flags & CRYPTO_LSKCIPHER_FLAG_CONT)
		pos = get_unaligned_le64(siv);
	put_unaligned_le64(testks_run(ctx, pos, src, dst, len), siv);
	return 0;
}

static int testivks_crypt(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
			  u8 *siv, u32 flags)
{
	const struct testks_ctx *ctx = crypto_lskcipher_ctx(tfm);
	u8 *state = siv + TESTKS_IV_SIZE;
	u64 pos;

	pos = get_unaligned_le64(flags & CRYPTO_LSKCIPHER_FLAG_CONT ? state : siv);
	pos = testks_run(ctx, pos, src, dst, len);
	put_unaligned_le64(pos, state);
	put_unaligned_le64(pos, siv);
	return 0;
}

static int testks_init(struct crypto_lskcipher *tfm)
{
	test_testks_inits++;
	return 0;
}

static void testks_exit(struct crypto_lskcipher *tfm)
{
	test_testks_exits++;
}

static void testks_fill(struct lskcipher_alg *alg, const char *name, const char *driver,
			int priority)
{
	memset(alg, 0, sizeof(*alg));
	strscpy(alg->co.base.cra_name, name, CRYPTO_MAX_ALG_NAME);
	strscpy(alg->co.base.cra_driver_name, driver, CRYPTO_MAX_ALG_NAME);
	alg->co.base.cra_priority = priority;
	alg->co.base.cra_blocksize = 1;
	alg->co.base.cra_ctxsize = sizeof(struct testks_ctx);
	alg->co.base.cra_alignmask = __alignof__(u32) - 1;
	alg->co.base.cra_module = THIS_MODULE;
	alg->co.min_keysize = 1;
	alg->co.max_keysize = TESTKS_MAX_KEY_SIZE;
	alg->co.statesize = TESTKS_STATE_SIZE;
	alg->setkey = testks_setkey;
	alg->init = testks_init;
	alg->exit = testks_exit;
}

void test_make_testks(struct lskcipher_alg *alg, const char *driver, int priority)
{
	testks_fill(alg, "testks", driver, priority);
	alg->encrypt = testks_crypt;
	alg->decrypt = testks_crypt;
}

void test_make_testivks(struct lskcipher_alg *alg, const char *driver, int priority)
{
	testks_fill(alg, "testivks", driver, priority);
	alg->co.ivsize = TESTKS_IV_SIZE;
	alg->encrypt = testivks_crypt;
	alg->decrypt = testivks_crypt;
}

void test_testks_xor(const u8 *key, unsigned int keylen, u64 pos, u8 *buf, size_t len)
{
	struct testks_ctx ctx = { .keylen = keylen };

	memcpy(ctx.key, key, keylen);
	testks_run(&ctx, pos, buf, buf, len);
}
