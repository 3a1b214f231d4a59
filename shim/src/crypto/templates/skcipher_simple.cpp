// SPDX-License-Identifier: GPL-2.0
// skcipher_alloc_instance_simple(): the instance of a mode over one single-block cipher, as
// crypto/skcipher.c makes it for the kernel's simple modes (xctr, pcbc, ...), which then only set
// encrypt and decrypt (and any size that differs) and register it.
//
// Errors are negative errno values, as at the C ABI.
#include <crypto/internal/cipher.h>
#include <crypto/internal/skcipher.h>
#include <linux/err.h>
#include <linux/slab.h>

namespace {

struct crypto_cipher_spawn *simple_spawn(struct skcipher_instance *inst)
{
	return static_cast<struct crypto_cipher_spawn *>(skcipher_instance_ctx(inst));
}

int simple_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct crypto_cipher *cipher = skcipher_cipher_simple(tfm);

	crypto_cipher_clear_flags(cipher, CRYPTO_TFM_REQ_MASK);
	crypto_cipher_set_flags(cipher, crypto_skcipher_get_flags(tfm) & CRYPTO_TFM_REQ_MASK);
	return crypto_cipher_setkey(cipher, key, keylen);
}

int simple_init(struct crypto_skcipher *tfm)
{
	auto *ctx = static_cast<struct skcipher_ctx_simple *>(crypto_skcipher_ctx(tfm));
	struct crypto_cipher *cipher = crypto_spawn_cipher(simple_spawn(skcipher_alg_instance(tfm)));

	if (IS_ERR(cipher))
		return PTR_ERR(cipher);
	ctx->cipher = cipher;
	return 0;
}

void simple_exit(struct crypto_skcipher *tfm)
{
	crypto_free_cipher(skcipher_cipher_simple(tfm));
}

void simple_free(struct skcipher_instance *inst)
{
	crypto_drop_cipher(simple_spawn(inst));
	kfree(inst);
}

}  // namespace

extern "C" struct skcipher_instance *skcipher_alloc_instance_simple(struct crypto_template *tmpl,
								    struct rtattr **tb)
{
	u32 mask;
	int err = crypto_check_attr_type(tb, CRYPTO_ALG_TYPE_SKCIPHER, &mask);
	if (err)
		return static_cast<struct skcipher_instance *>(ERR_PTR(err));

	// the spawn is the instance's context; kzalloc'd, as inst->free kfree()s it
	auto *inst = static_cast<struct skcipher_instance *>(
		kzalloc(sizeof(struct skcipher_instance) + sizeof(struct crypto_cipher_spawn),
			GFP_KERNEL));
	if (!inst)
		return static_cast<struct skcipher_instance *>(ERR_PTR(-ENOMEM));
	inst->free = simple_free;

	struct crypto_cipher_spawn *spawn = simple_spawn(inst);
	err = crypto_grab_cipher(spawn, skcipher_crypto_instance(inst),
				 crypto_attr_alg_name(tb[1]), 0, mask);
	struct crypto_alg *calg = spawn->base.alg;
	if (!err)
		err = crypto_inst_setname(skcipher_crypto_instance(inst), tmpl->name, calg);
	if (err) {
		simple_free(inst);
		return static_cast<struct skcipher_instance *>(ERR_PTR(err));
	}

	inst->alg.base.cra_priority = calg->cra_priority;
	inst->alg.base.cra_blocksize = calg->cra_blocksize;
	inst->alg.base.cra_alignmask = calg->cra_alignmask;
	inst->alg.base.cra_ctxsize = sizeof(struct skcipher_ctx_simple);
	inst->alg.ivsize = calg->cra_blocksize;
	inst->alg.chunksize = calg->cra_blocksize;
	inst->alg.min_keysize = calg->cra_cipher.cia_min_keysize;
	inst->alg.max_keysize = calg->cra_cipher.cia_max_keysize;
	inst->alg.setkey = simple_setkey;
	inst->alg.init = simple_init;
	inst->alg.exit = simple_exit;
	return inst;
}
