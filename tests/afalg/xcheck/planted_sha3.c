// SPDX-License-Identifier: GPL-2.0
/*
 * A deliberately wrong sha3-256 driver, for xcheck's own test: glue over
 * sha3-256-generic registered as "sha3-256-planted" at priority 1000, whose
 * digest has one bit flipped for messages of exactly PLANTED_BAD_LEN bytes.
 * That length is in none of the self-test vectors, so the driver passes its
 * self-tests and only a cross-check that tries every length finds it.
 */
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <crypto/internal/hash.h>

#include "../../../algs/sha3/sha3.h"

#define PLANTED_BAD_LEN	100

/*
 * Glue over the registered sha3-256-generic, as arch drivers keep a
 * fallback: a module sees only the crypto API, not the generic driver's
 * helpers.  The fallback's descriptor lives at the end of ours.
 */
struct planted_tfm_ctx {
	struct crypto_shash *fallback;
};

struct planted_state {
	u64 len;
	struct shash_desc fallback;	/* followed by its context */
};

#define PLANTED_DESCSIZE	(sizeof(struct planted_state) + sizeof(struct sha3_state))

static struct shash_desc *fallback_desc(struct shash_desc *desc)
{
	struct planted_state *s = shash_desc_ctx(desc);

	s->fallback.tfm = ((struct planted_tfm_ctx *)crypto_shash_ctx(desc->tfm))->fallback;
	return &s->fallback;
}

static int planted_init(struct shash_desc *desc)
{
	struct planted_state *s = shash_desc_ctx(desc);

	s->len = 0;
	return crypto_shash_init(fallback_desc(desc));
}

static int planted_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct planted_state *s = shash_desc_ctx(desc);

	s->len += len;
	return crypto_shash_update(fallback_desc(desc), data, len);
}

static int planted_final(struct shash_desc *desc, u8 *out)
{
	struct planted_state *s = shash_desc_ctx(desc);
	int err = crypto_shash_final(fallback_desc(desc), out);

	if (!err && s->len == PLANTED_BAD_LEN)
		out[0] ^= 0x01;		/* the planted bug */
	return err;
}

static int planted_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), PLANTED_DESCSIZE);
	return 0;
}

static int planted_import(struct shash_desc *desc, const void *in)
{
	memcpy(shash_desc_ctx(desc), in, PLANTED_DESCSIZE);
	fallback_desc(desc);
	return 0;
}

static int planted_init_tfm(struct crypto_shash *tfm)
{
	struct planted_tfm_ctx *ctx = crypto_shash_ctx(tfm);
	struct crypto_shash *fb = crypto_alloc_shash("sha3-256-generic", 0, 0);

	if (IS_ERR(fb))
		return PTR_ERR(fb);
	if (crypto_shash_descsize(fb) > sizeof(struct sha3_state)) {
		crypto_free_shash(fb);
		return -EINVAL;
	}
	ctx->fallback = fb;
	return 0;
}

static void planted_exit_tfm(struct crypto_shash *tfm)
{
	struct planted_tfm_ctx *ctx = crypto_shash_ctx(tfm);

	crypto_free_shash(ctx->fallback);
}

static struct shash_alg planted_alg = {
	.digestsize		= SHA3_256_DIGEST_SIZE,
	.init			= planted_init,
	.update			= planted_update,
	.final			= planted_final,
	.export			= planted_export,
	.import			= planted_import,
	.init_tfm		= planted_init_tfm,
	.exit_tfm		= planted_exit_tfm,
	.descsize		= PLANTED_DESCSIZE,
	.statesize		= PLANTED_DESCSIZE,
	.base.cra_name		= "sha3-256",
	.base.cra_driver_name	= "sha3-256-planted",
	.base.cra_priority	= 1000,
	.base.cra_blocksize	= SHA3_256_BLOCK_SIZE,
	.base.cra_ctxsize	= sizeof(struct planted_tfm_ctx),
	.base.cra_module	= THIS_MODULE,
};

static int __init planted_mod_init(void)
{
	return crypto_register_shash(&planted_alg);
}

static void __exit planted_mod_exit(void)
{
	crypto_unregister_shash(&planted_alg);
}

module_init(planted_mod_init);
module_exit(planted_mod_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("sha3-256 that is wrong for one length: xcheck's planted bug");
