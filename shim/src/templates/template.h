// SPDX-License-Identifier: GPL-2.0
// Templates: "mode(cipher)" skcipher instances made on demand over any registered single-block
// cipher, named as the kernel names them (cra_name "cbc(cast5)", driver "cbc(cast5-generic)",
// the cipher's priority and alignmask).
#pragma once

#include <string_view>

#include <crypto/internal/skcipher.h>

namespace kcshim::templates {

// The modes a template provides: the block loop for one walk step and the skcipher shape.
struct Mode {
	const char *name;
	bool has_iv;
	bool stream;	// cra_blocksize 1, chunksize = the cipher's block (ctr)
	int (*encrypt)(struct skcipher_request *req);
	int (*decrypt)(struct skcipher_request *req);
};

extern const Mode ecb_mode;
extern const Mode cbc_mode;
extern const Mode ctr_mode;

// Registers the instance for name ("cbc(cast5)" or "cbc(cast5-generic)"). 0 when made, -ENOENT
// when name is no template of a registered cipher, -EEXIST when it exists already.
int instantiate(std::string_view name);

// The child cipher of an instance tfm.
struct crypto_cipher *child_cipher(struct crypto_skcipher *tfm);

// The walk every mode runs, as the kernel's ecb, cbc and ctr do: each whole block of each walk
// step goes to step(dst, src, len, iv) in order, len the block size bs and iv the walk's IV
// buffer (the mode keeps it current, so it is the IV the request returns); what is left of a
// step goes back to skcipher_walk_done(). A stream mode (ctr) gets the final partial block, which
// the walk gives as a step of its own, as one more call with its length; a block mode gets none
// (the walk refuses such a request with -EINVAL). Returns the walk's error.
template <class Step>
int walk_blocks(struct skcipher_request *req, unsigned int bs, bool stream, Step step)
{
	struct skcipher_walk walk;
	int err = skcipher_walk_virt(&walk, req, false);

	while (walk.nbytes) {
		const u8 *src = static_cast<const u8 *>(walk.src.virt.addr);
		u8 *dst = static_cast<u8 *>(walk.dst.virt.addr);
		u8 *iv = static_cast<u8 *>(walk.iv);
		unsigned int n = walk.nbytes;

		if (stream && n < bs) {
			step(dst, src, n, iv);
			n = 0;
		}
		for (; n >= bs; n -= bs, src += bs, dst += bs)
			step(dst, src, bs, iv);
		err = skcipher_walk_done(&walk, n);
	}
	return err;
}

}  // namespace kcshim::templates
