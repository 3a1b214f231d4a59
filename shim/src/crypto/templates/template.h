// SPDX-License-Identifier: GPL-2.0
// The template registry: instantiate() is the one way in, for a lookup that found no driver.
// Two providers: templates modules register (module_templates.h: the kernel's crypto/xts.c,
// gcm.c, ...), tried first, and kcshim's own modes, here: "mode(cipher)" skcipher instances made
// on demand over any registered single-block cipher, named as the kernel names them (cra_name
// "cbc(cast5)", driver "cbc(cast5-generic)", the cipher's priority and alignmask). ecb() over an
// lskcipher is an lskcipher instance, as in kernel 6.7+ (ecb(arc4)).
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include <crypto/internal/skcipher.h>

#include "shim/src/crypto/registry.h"

namespace kcshim::templates {

// The modes a template provides: the block loop for one walk step and the skcipher shape.
struct Mode {
	const char *name;
	bool has_iv;
	bool stream;	// cra_blocksize 1, chunksize = the cipher's block (ctr)
	int (*encrypt)(struct skcipher_request *req);
	int (*decrypt)(struct skcipher_request *req);
	// Tried before the cipher: registers the mode's instance over the lskcipher inner_name; 0,
	// -ENOENT when there is no lskcipher fit for it (then the cipher is tried), else -errno.
	int (*over_lskcipher)(const Mode &mode, std::string_view inner_name);
};

extern const Mode ecb_mode;
extern const Mode cbc_mode;
extern const Mode ctr_mode;

// The template registry's one entry point, for a lookup that found no driver of name: makes the
// instance name asks for with the template of that name, a module's (module_templates.h) before
// kcshim's own ecb, cbc and ctr; type and mask are the lookup's, type bits included ("cbc(cast5)"
// as an shash is no instance). 0 when made; -ENOENT when name is no template name, no template
// has its name or a built-in one has nothing to build on; -EEXIST when it exists already;
// else the template's error (-EINVAL for an inner algorithm it cannot take).
int instantiate(std::string_view name, uint32_t type, uint32_t mask);

// The child cipher of an instance tfm.
struct crypto_cipher *child_cipher(struct crypto_skcipher *tfm);

// Names an instance of mode over inner: "mode(cra_name)", "mode(driver name)". -ENAMETOOLONG.
int set_instance_names(struct crypto_alg *alg, const Mode &mode, const struct crypto_alg *inner);

// Registers an instance over inner (pinned by the caller; the instance keeps the pin) with
// register_alg(); from then on the registry owns it and calls destroy() when it dies. On failure
// inner is released, destroy() called and the error returned.
int register_instance(AlgEntry *inner, const struct crypto_alg *alg,
		      const std::function<int()> &register_alg, std::function<void()> destroy);

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
