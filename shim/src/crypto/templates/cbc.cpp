// SPDX-License-Identifier: GPL-2.0
// cbc(cipher): C[i] = E(P[i] ^ C[i-1]), C[-1] = IV; the IV returned is the last ciphertext block.
// Both directions work in place: a block is read before its output is written.
#include <cstring>

#include <crypto/internal/cipher.h>

#include "shim/src/crypto/templates/template.h"

namespace kcshim::templates {

namespace {

int cbc_encrypt(struct skcipher_request *req)
{
	struct crypto_cipher *child = child_cipher(crypto_skcipher_reqtfm(req));

	return walk_blocks(req, crypto_cipher_blocksize(child), false,
			   [&](u8 *dst, const u8 *src, unsigned int bs, u8 *iv) {
				   crypto_xor(iv, src, bs);
				   crypto_cipher_encrypt_one(child, dst, iv);
				   memcpy(iv, dst, bs);
			   });
}

int cbc_decrypt(struct skcipher_request *req)
{
	struct crypto_cipher *child = child_cipher(crypto_skcipher_reqtfm(req));
	u8 prev[MAX_CIPHER_BLOCKSIZE];
	int err = walk_blocks(req, crypto_cipher_blocksize(child), false,
			      [&](u8 *dst, const u8 *src, unsigned int bs, u8 *iv) {
				      memcpy(prev, src, bs);
				      crypto_cipher_decrypt_one(child, dst, src);
				      crypto_xor(dst, iv, bs);
				      memcpy(iv, prev, bs);
			      });

	memzero_explicit(prev, sizeof(prev));
	return err;
}

}  // namespace

const Mode cbc_mode = {"cbc", true, false, cbc_encrypt, cbc_decrypt, nullptr};

}  // namespace kcshim::templates
