// SPDX-License-Identifier: GPL-2.0
// What skcipher.cpp and lskcipher.cpp share, as the kernel's crypto/skcipher.h does: the
// registration checks both types make, and the skcipher front end over an lskcipher driver
// (crypto_alloc_skcipher() of an lskcipher works through scatterlists, as in kernel 6.7+).
//
// Errors are negative errno values, as at the C ABI.
#pragma once

#include <crypto/skcipher.h>

namespace kcshim {

// skcipher_prepare_alg_common(): -EINVAL (and kcshim_last_error() says why) for ivsize or
// chunksize over PAGE_SIZE / 8, statesize or ivsize + statesize over PAGE_SIZE / 2, or
// min_keysize > max_keysize; a zero chunksize becomes the block size. Clears the type bits.
int skcipher_prepare_alg_common(struct skcipher_alg_common *co);

// True for a driver registered with crypto_register_lskcipher() (or an lskcipher instance).
bool is_lskcipher(const struct crypto_alg *alg);

// The context size of an skcipher tfm over an lskcipher driver: the lskcipher tfm's pointer.
constexpr size_t lskcipher_sg_ctxsize = sizeof(struct crypto_lskcipher *);

// crypto_init_lskcipher_ops_sg(): for an skcipher tfm whose driver is an lskcipher, sets the
// request size (the aligned IV + state) and allocates the lskcipher tfm it runs on, freed with
// the skcipher tfm. 0 or -errno.
int init_lskcipher_ops_sg(struct crypto_skcipher *tfm);

// The skcipher calls on such a tfm. setkey: the request flags go to the lskcipher tfm, then
// crypto_lskcipher_setkey(). encrypt/decrypt: the request walked, each step one call of the
// driver with CONT after the first (or from the start with CRYPTO_SKCIPHER_REQ_CONT) and FINAL on
// the last (none with CRYPTO_SKCIPHER_REQ_NOTFINAL); the IV and state stay in the request between
// requests. export/import: the state, statesize bytes.
int lskcipher_setkey_sg(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen);
int lskcipher_encrypt_sg(struct skcipher_request *req);
int lskcipher_decrypt_sg(struct skcipher_request *req);
int lskcipher_export_sg(struct skcipher_request *req, void *out);
int lskcipher_import_sg(struct skcipher_request *req, const void *in);

}  // namespace kcshim
