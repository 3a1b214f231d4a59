// SPDX-License-Identifier: GPL-2.0
// cbc(cipher): C[i] = E(P[i] ^ C[i-1]), C[-1] = IV; the IV returned is the last ciphertext block.
// Both directions work in place: a block is read before its output is written.
#include <cstring>

#include <crypto/internal/cipher.h>

#include "templates/template.h"

namespace kcshim::templates {

namespace {

int cbc_encrypt(struct skcipher_request *req)
{
	struct crypto_cipher *child = child_cipher(crypto_skcipher_reqtfm(req));
	unsigned int bs = crypto_cipher_blocksize(child);
	struct skcipher_walk walk;
	int err = skcipher_walk_virt(&walk, req, false);

	while (walk.nbytes) {
		const u8 *src = static_cast<const u8 *>(walk.src.virt.addr);
		u8 *dst = static_cast<u8 *>(walk.dst.virt.addr);
		u8 *iv = static_cast<u8 *>(walk.iv);
		unsigned int n = walk.nbytes;

		for (; n >= bs; n -= bs, src += bs, dst += bs) {
			crypto_xor(iv, src, bs);
			crypto_cipher_encrypt_one(child, dst, iv);
			memcpy(iv, dst, bs);
		}
		err = skcipher_walk_done(&walk, n);
	}
	return err;
}

int cbc_decrypt(struct skcipher_request *req)
{
	struct crypto_cipher *child = child_cipher(crypto_skcipher_reqtfm(req));
	unsigned int bs = crypto_cipher_blocksize(child);
	struct skcipher_walk walk;
	u8 prev[MAX_CIPHER_BLOCKSIZE];
	int err = skcipher_walk_virt(&walk, req, false);

	while (walk.nbytes) {
		const u8 *src = static_cast<const u8 *>(walk.src.virt.addr);
		u8 *dst = static_cast<u8 *>(walk.dst.virt.addr);
		u8 *iv = static_cast<u8 *>(walk.iv);
		unsigned int n = walk.nbytes;

		for (; n >= bs; n -= bs, src += bs, dst += bs) {
			memcpy(prev, src, bs);
			crypto_cipher_decrypt_one(child, dst, src);
			crypto_xor(dst, iv, bs);
			memcpy(iv, prev, bs);
		}
		err = skcipher_walk_done(&walk, n);
	}
	memzero_explicit(prev, sizeof(prev));
	return err;
}

}  // namespace

const Mode cbc_mode = {"cbc", true, false, cbc_encrypt, cbc_decrypt};

}  // namespace kcshim::templates
