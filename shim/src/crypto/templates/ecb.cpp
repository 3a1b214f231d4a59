// SPDX-License-Identifier: GPL-2.0
// ecb(cipher): each block on its own. ecb(lskcipher), as kernel 6.7+ makes it for an lskcipher
// without an IV (ecb(arc4)): an lskcipher instance that is the inner driver under the template's
// name, its context, key and calls (and so its state) those of the inner driver.
#include <memory>
#include <string>

#include <crypto/internal/cipher.h>

#include "shim/src/crypto/templates/template.h"

namespace kcshim::templates {

namespace {

int ecb_crypt(struct skcipher_request *req, bool enc)
{
	struct crypto_cipher *child = child_cipher(crypto_skcipher_reqtfm(req));

	return walk_blocks(req, crypto_cipher_blocksize(child), false,
			   [&](u8 *dst, const u8 *src, unsigned int, u8 *) {
				   if (enc)
					   crypto_cipher_encrypt_one(child, dst, src);
				   else
					   crypto_cipher_decrypt_one(child, dst, src);
			   });
}

int ecb_encrypt(struct skcipher_request *req)
{
	return ecb_crypt(req, true);
}

int ecb_decrypt(struct skcipher_request *req)
{
	return ecb_crypt(req, false);
}

// The kernel's lskcipher_alloc_instance_simple() refuses an inner instance (-ELOOP) and an inner
// with an IV (-EINVAL) and then tries the cipher of that name; so does this, with -ENOENT.
int ecb_over_lskcipher(const Mode &mode, std::string_view inner_name)
{
	int err;
	AlgEntry *inner = Registry::get().lookup({inner_name, KCSHIM_KIND_LSKCIPHER, 0, 0}, &err);
	if (!inner)
		return -ENOENT;
	const struct crypto_alg *calg = inner->alg;
	const struct lskcipher_alg *ialg = container_of(calg, struct lskcipher_alg, co.base);
	if ((calg->cra_flags & CRYPTO_ALG_INSTANCE) || ialg->co.ivsize) {
		Registry::get().release(inner);
		return -ENOENT;
	}

	auto inst = std::make_unique<struct lskcipher_alg>();
	*inst = {};
	err = set_instance_names(&inst->co.base, mode, calg);
	if (err) {
		Registry::get().release(inner);
		return err;
	}
	inst->co.base.cra_priority = calg->cra_priority;
	inst->co.base.cra_blocksize = calg->cra_blocksize;
	inst->co.base.cra_alignmask = calg->cra_alignmask;
	inst->co.base.cra_ctxsize = calg->cra_ctxsize;
	inst->co.base.cra_module = calg->cra_module;
	inst->co.base.cra_flags = CRYPTO_ALG_INSTANCE | (calg->cra_flags & CRYPTO_ALG_INTERNAL);
	inst->co.min_keysize = ialg->co.min_keysize;
	inst->co.max_keysize = ialg->co.max_keysize;
	inst->co.statesize = ialg->co.statesize;
	inst->setkey = ialg->setkey;
	inst->encrypt = ialg->encrypt;
	inst->decrypt = ialg->decrypt;
	inst->init = ialg->init;
	inst->exit = ialg->exit;

	struct lskcipher_alg *raw = inst.release();
	return register_instance(
		inner, &raw->co.base, [raw] { return crypto_register_lskcipher(raw); },
		[raw] { delete raw; });
}

}  // namespace

const Mode ecb_mode = {"ecb", false, false, ecb_encrypt, ecb_decrypt, ecb_over_lskcipher};

}  // namespace kcshim::templates
