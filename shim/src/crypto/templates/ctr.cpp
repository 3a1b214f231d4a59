// SPDX-License-Identifier: GPL-2.0
// ctr(cipher): keystream E(counter), the whole IV block a big-endian counter (crypto_inc); a final
// partial block uses part of one more keystream block and still advances the counter.
#include <crypto/internal/cipher.h>

#include "shim/src/crypto/templates/template.h"

namespace kcshim::templates {

namespace {

int ctr_crypt(struct skcipher_request *req)
{
	struct crypto_cipher *child = child_cipher(crypto_skcipher_reqtfm(req));
	unsigned int bs = crypto_cipher_blocksize(child);
	u8 keystream[MAX_CIPHER_BLOCKSIZE];
	int err = walk_blocks(req, bs, true,
			      [&](u8 *dst, const u8 *src, unsigned int len, u8 *ctr) {
				      crypto_cipher_encrypt_one(child, keystream, ctr);
				      crypto_xor_cpy(dst, src, keystream, len);
				      crypto_inc(ctr, bs);
			      });

	memzero_explicit(keystream, sizeof(keystream));
	return err;
}

}  // namespace

const Mode ctr_mode = {"ctr", true, true, ctr_crypt, ctr_crypt, nullptr};

}  // namespace kcshim::templates
