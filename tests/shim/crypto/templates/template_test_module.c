// SPDX-License-Identifier: GPL-2.0
/*
 * Two templates of the tests' own, written as the kernel's are (crypto/cts.c, crypto/xctr.c):
 *   pass(skcipher): an instance that hands every request to its inner skcipher, through a spawn
 *     and a sub-request; refuses an inner without an IV (-EINVAL), as cts refuses non-cbc;
 *   ecbs(cipher): ECB over a single-block cipher from skcipher_alloc_instance_simple();
 *   cbcmacs(cipher): a keyed shash instance (crypto/cmac.c's shape): CBC-MAC over the cipher,
 *     the last partial block zero-padded, the cipher its one spawn.
 */
#include <crypto/internal/cipher.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>

struct pass_ctx {
	struct crypto_skcipher *child;
};

static int pass_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct pass_ctx *ctx = crypto_skcipher_ctx(tfm);

	return crypto_skcipher_setkey(ctx->child, key, keylen);
}

static int pass_crypt(struct skcipher_request *req, bool enc)
{
	struct pass_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_request *subreq = skcipher_request_ctx(req);

	skcipher_request_set_tfm(subreq, ctx->child);
	skcipher_request_set_callback(subreq, req->base.flags, req->base.complete,
				      req->base.data);
	skcipher_request_set_crypt(subreq, req->src, req->dst, req->cryptlen, req->iv);
	return enc ? crypto_skcipher_encrypt(subreq) : crypto_skcipher_decrypt(subreq);
}

static int pass_encrypt(struct skcipher_request *req)
{
	return pass_crypt(req, true);
}

static int pass_decrypt(struct skcipher_request *req)
{
	return pass_crypt(req, false);
}

static int pass_init_tfm(struct crypto_skcipher *tfm)
{
	struct skcipher_instance *inst = skcipher_alg_instance(tfm);
	struct crypto_skcipher_spawn *spawn = skcipher_instance_ctx(inst);
	struct pass_ctx *ctx = crypto_skcipher_ctx(tfm);
	struct crypto_skcipher *child;

	child = crypto_spawn_skcipher(spawn);
	if (IS_ERR(child))
		return PTR_ERR(child);
	ctx->child = child;
	crypto_skcipher_set_reqsize(tfm, sizeof(struct skcipher_request) +
					 crypto_skcipher_reqsize(child));
	return 0;
}

static void pass_exit_tfm(struct crypto_skcipher *tfm)
{
	struct pass_ctx *ctx = crypto_skcipher_ctx(tfm);

	crypto_free_skcipher(ctx->child);
}

static void pass_free(struct skcipher_instance *inst)
{
	crypto_drop_skcipher(skcipher_instance_ctx(inst));
	kfree(inst);
}

static int pass_create(struct crypto_template *tmpl, struct rtattr **tb)
{
	struct crypto_skcipher_spawn *spawn;
	struct skcipher_alg_common *alg;
	struct skcipher_instance *inst;
	u32 mask;
	int err;

	err = crypto_check_attr_type(tb, CRYPTO_ALG_TYPE_SKCIPHER, &mask);
	if (err)
		return err;

	inst = kzalloc(sizeof(*inst) + sizeof(*spawn), GFP_KERNEL);
	if (!inst)
		return -ENOMEM;
	spawn = skcipher_instance_ctx(inst);

	err = crypto_grab_skcipher(spawn, skcipher_crypto_instance(inst),
				   crypto_attr_alg_name(tb[1]), 0, mask);
	if (err)
		goto err_free_inst;
	alg = crypto_spawn_skcipher_alg_common(spawn);

	err = -EINVAL;
	if (!alg->ivsize)
		goto err_free_inst;

	err = crypto_inst_setname(skcipher_crypto_instance(inst), "pass", &alg->base);
	if (err)
		goto err_free_inst;

	inst->alg.base.cra_priority = alg->base.cra_priority;
	inst->alg.base.cra_blocksize = alg->base.cra_blocksize;
	inst->alg.base.cra_alignmask = alg->base.cra_alignmask;
	inst->alg.base.cra_ctxsize = sizeof(struct pass_ctx);
	inst->alg.ivsize = alg->ivsize;
	inst->alg.chunksize = alg->chunksize;
	inst->alg.min_keysize = alg->min_keysize;
	inst->alg.max_keysize = alg->max_keysize;
	inst->alg.init = pass_init_tfm;
	inst->alg.exit = pass_exit_tfm;
	inst->alg.setkey = pass_setkey;
	inst->alg.encrypt = pass_encrypt;
	inst->alg.decrypt = pass_decrypt;
	inst->free = pass_free;

	err = skcipher_register_instance(tmpl, inst);
	if (err) {
err_free_inst:
		pass_free(inst);
	}
	return err;
}

static int ecbs_crypt(struct skcipher_request *req, bool enc)
{
	struct crypto_cipher *cipher = skcipher_cipher_simple(crypto_skcipher_reqtfm(req));
	unsigned int bsize = crypto_cipher_blocksize(cipher);
	struct skcipher_walk walk;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		const u8 *src = walk.src.virt.addr;
		u8 *dst = walk.dst.virt.addr;
		unsigned int n = walk.nbytes;

		for (; n >= bsize; n -= bsize, src += bsize, dst += bsize) {
			if (enc)
				crypto_cipher_encrypt_one(cipher, dst, src);
			else
				crypto_cipher_decrypt_one(cipher, dst, src);
		}
		err = skcipher_walk_done(&walk, n);
	}
	return err;
}

static int ecbs_encrypt(struct skcipher_request *req)
{
	return ecbs_crypt(req, true);
}

static int ecbs_decrypt(struct skcipher_request *req)
{
	return ecbs_crypt(req, false);
}

static int ecbs_create(struct crypto_template *tmpl, struct rtattr **tb)
{
	struct skcipher_instance *inst;
	int err;

	inst = skcipher_alloc_instance_simple(tmpl, tb);
	if (IS_ERR(inst))
		return PTR_ERR(inst);

	inst->alg.ivsize = 0;
	inst->alg.encrypt = ecbs_encrypt;
	inst->alg.decrypt = ecbs_decrypt;

	err = skcipher_register_instance(tmpl, inst);
	if (err)
		inst->free(inst);
	return err;
}

struct cbcmacs_ctx {
	struct crypto_cipher *child;
};

struct cbcmacs_desc_ctx {
	u8 mac[MAX_CIPHER_BLOCKSIZE];
	unsigned int len;	/* bytes of the block being filled */
};

static int cbcmacs_setkey(struct crypto_shash *tfm, const u8 *key, unsigned int keylen)
{
	struct cbcmacs_ctx *ctx = crypto_shash_ctx(tfm);

	return crypto_cipher_setkey(ctx->child, key, keylen);
}

static int cbcmacs_init(struct shash_desc *desc)
{
	memset(shash_desc_ctx(desc), 0, sizeof(struct cbcmacs_desc_ctx));
	return 0;
}

static int cbcmacs_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct cbcmacs_ctx *ctx = crypto_shash_ctx(desc->tfm);
	struct cbcmacs_desc_ctx *d = shash_desc_ctx(desc);
	unsigned int bs = crypto_cipher_blocksize(ctx->child);

	while (len--) {
		d->mac[d->len++] ^= *data++;
		if (d->len == bs) {
			crypto_cipher_encrypt_one(ctx->child, d->mac, d->mac);
			d->len = 0;
		}
	}
	return 0;
}

static int cbcmacs_final(struct shash_desc *desc, u8 *out)
{
	struct cbcmacs_ctx *ctx = crypto_shash_ctx(desc->tfm);
	struct cbcmacs_desc_ctx *d = shash_desc_ctx(desc);

	if (d->len)
		crypto_cipher_encrypt_one(ctx->child, d->mac, d->mac);
	memcpy(out, d->mac, crypto_cipher_blocksize(ctx->child));
	return 0;
}

static int cbcmacs_init_tfm(struct crypto_shash *tfm)
{
	struct crypto_cipher_spawn *spawn = shash_instance_ctx(shash_alg_instance(tfm));
	struct cbcmacs_ctx *ctx = crypto_shash_ctx(tfm);
	struct crypto_cipher *child;

	child = crypto_spawn_cipher(spawn);
	if (IS_ERR(child))
		return PTR_ERR(child);
	ctx->child = child;
	return 0;
}

static void cbcmacs_exit_tfm(struct crypto_shash *tfm)
{
	struct cbcmacs_ctx *ctx = crypto_shash_ctx(tfm);

	crypto_free_cipher(ctx->child);
}

static int cbcmacs_create(struct crypto_template *tmpl, struct rtattr **tb)
{
	struct crypto_cipher_spawn *spawn;
	struct shash_instance *inst;
	struct crypto_alg *alg;
	u32 mask;
	int err;

	err = crypto_check_attr_type(tb, CRYPTO_ALG_TYPE_SHASH, &mask);
	if (err)
		return err;

	inst = kzalloc(sizeof(*inst) + sizeof(*spawn), GFP_KERNEL);
	if (!inst)
		return -ENOMEM;
	spawn = shash_instance_ctx(inst);

	err = crypto_grab_cipher(spawn, shash_crypto_instance(inst),
				 crypto_attr_alg_name(tb[1]), 0, mask);
	if (err)
		goto err_free_inst;
	alg = crypto_spawn_cipher_alg(spawn);

	err = crypto_inst_setname(shash_crypto_instance(inst), tmpl->name, alg);
	if (err)
		goto err_free_inst;

	inst->alg.base.cra_priority = alg->cra_priority;
	inst->alg.base.cra_blocksize = alg->cra_blocksize;
	inst->alg.base.cra_ctxsize = sizeof(struct cbcmacs_ctx);
	inst->alg.digestsize = alg->cra_blocksize;
	inst->alg.descsize = sizeof(struct cbcmacs_desc_ctx);
	inst->alg.init = cbcmacs_init;
	inst->alg.update = cbcmacs_update;
	inst->alg.final = cbcmacs_final;
	inst->alg.setkey = cbcmacs_setkey;
	inst->alg.init_tfm = cbcmacs_init_tfm;
	inst->alg.exit_tfm = cbcmacs_exit_tfm;
	inst->free = shash_free_singlespawn_instance;

	err = shash_register_instance(tmpl, inst);
	if (err) {
err_free_inst:
		shash_free_singlespawn_instance(inst);
	}
	return err;
}

static struct crypto_template test_tmpls[] = {
	{
		.name = "pass",
		.create = pass_create,
		.module = THIS_MODULE,
	}, {
		.name = "ecbs",
		.create = ecbs_create,
		.module = THIS_MODULE,
	}, {
		.name = "cbcmacs",
		.create = cbcmacs_create,
		.module = THIS_MODULE,
	},
};

static int __init template_test_init(void)
{
	return crypto_register_templates(test_tmpls, ARRAY_SIZE(test_tmpls));
}

static void __exit template_test_exit(void)
{
	crypto_unregister_templates(test_tmpls, ARRAY_SIZE(test_tmpls));
}

module_init(template_test_init);
module_exit(template_test_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim test templates");
