// SPDX-License-Identifier: GPL-2.0
// ecb(cipher): each block on its own.
#include <crypto/internal/cipher.h>

#include "templates/template.h"

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

}  // namespace

const Mode ecb_mode = {"ecb", false, false, ecb_encrypt, ecb_decrypt};

}  // namespace kcshim::templates
