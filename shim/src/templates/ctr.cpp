// SPDX-License-Identifier: GPL-2.0
// ctr(cipher): keystream E(counter), the whole IV block a big-endian counter (crypto_inc); a final
// partial block uses part of one more keystream block and still advances the counter.
#include <crypto/internal/cipher.h>

#include "templates/template.h"

namespace kcshim::templates {

namespace {

int ctr_crypt(struct skcipher_request *req)
{
	struct crypto_cipher *child = child_cipher(crypto_skcipher_reqtfm(req));
	unsigned int bs = crypto_cipher_blocksize(child);
	struct skcipher_walk walk;
	u8 keystream[MAX_CIPHER_BLOCKSIZE];
	int err = skcipher_walk_virt(&walk, req, false);

	while (walk.nbytes >= bs) {
		const u8 *src = static_cast<const u8 *>(walk.src.virt.addr);
		u8 *dst = static_cast<u8 *>(walk.dst.virt.addr);
		u8 *ctr = static_cast<u8 *>(walk.iv);
		unsigned int n = walk.nbytes;

		for (; n >= bs; n -= bs, src += bs, dst += bs) {
			crypto_cipher_encrypt_one(child, keystream, ctr);
			crypto_xor_cpy(dst, src, keystream, bs);
			crypto_inc(ctr, bs);
		}
		err = skcipher_walk_done(&walk, n);
	}
	if (walk.nbytes) {
		u8 *ctr = static_cast<u8 *>(walk.iv);

		crypto_cipher_encrypt_one(child, keystream, ctr);
		crypto_xor_cpy(static_cast<u8 *>(walk.dst.virt.addr),
			       static_cast<const u8 *>(walk.src.virt.addr), keystream, walk.nbytes);
		crypto_inc(ctr, bs);
		err = skcipher_walk_done(&walk, 0);
	}
	memzero_explicit(keystream, sizeof(keystream));
	return err;
}

}  // namespace

const Mode ctr_mode = {"ctr", true, true, ctr_crypt, ctr_crypt};

}  // namespace kcshim::templates
