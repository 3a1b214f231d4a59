// SPDX-License-Identifier: GPL-2.0
// ecb(cipher): each block on its own.
#include <crypto/internal/cipher.h>

#include "templates/template.h"

namespace kcshim::templates {

namespace {

int ecb_crypt(struct skcipher_request *req, bool enc)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct crypto_cipher *child = child_cipher(tfm);
	unsigned int bs = crypto_cipher_blocksize(child);
	struct skcipher_walk walk;
	int err = skcipher_walk_virt(&walk, req, false);

	while (walk.nbytes) {
		const u8 *src = static_cast<const u8 *>(walk.src.virt.addr);
		u8 *dst = static_cast<u8 *>(walk.dst.virt.addr);
		unsigned int n = walk.nbytes;

		for (; n >= bs; n -= bs, src += bs, dst += bs) {
			if (enc)
				crypto_cipher_encrypt_one(child, dst, src);
			else
				crypto_cipher_decrypt_one(child, dst, src);
		}
		err = skcipher_walk_done(&walk, n);
	}
	return err;
}

int ecb_encrypt(struct skcipher_request *req)
{
	return ecb_crypt(req, true);
}

int ecb_decrypt(struct skcipher_request *req)
{
	return ecb_crypt(req, false);
}

}  // namespace

const Mode ecb_mode = {"ecb", false, false, ecb_encrypt, ecb_decrypt};

}  // namespace kcshim::templates
