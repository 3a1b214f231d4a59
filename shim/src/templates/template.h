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

}  // namespace kcshim::templates
