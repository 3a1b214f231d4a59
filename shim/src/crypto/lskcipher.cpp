// SPDX-License-Identifier: GPL-2.0
// lskcipher: the linear skcipher of kernel 6.7+ (crypto/lskcipher.c): registration checks, tfms,
// setkey and encrypt/decrypt over one buffer with the IV + state in siv, and the skcipher front
// end over an lskcipher driver, which walks the request's scatterlists and hands the driver each
// step with CONT and FINAL set as the kernel sets them.
//
// One difference from the kernel, deliberately: a misaligned buffer is bounced whole through one
// aligned copy and the driver called once with FINAL. The kernel bounces a page at a time and
// calls every page without CONT, which restarts a stream cipher's state (arc4) each page; the
// results agree wherever the kernel's are right.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <crypto/internal/skcipher.h>

#include "shim/src/crypto/alignment.h"
#include "shim/src/crypto/lskcipher.h"
#include "shim/src/crypto/register_many.h"
#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/tfm.h"

namespace kcshim {

namespace {

using crypt_fn = int (*)(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
			 u8 *siv, u32 flags);

int lskcipher_init_tfm(struct crypto_lskcipher *tfm)
{
	struct lskcipher_alg *alg = crypto_lskcipher_alg(tfm);

	if (alg->exit)
		tfm->base.exit = [](struct crypto_tfm *base) {
			auto *t = container_of(base, struct crypto_lskcipher, base);
			crypto_lskcipher_alg(t)->exit(t);
		};
	return alg->init ? alg->init(tfm) : 0;
}

int prepare_alg(struct lskcipher_alg *alg)
{
	struct skcipher_alg_common *co = &alg->co;

	if (!alg->setkey || !alg->encrypt || !alg->decrypt) {
		set_last_error(std::string(co->base.cra_driver_name) +
			       ": lskcipher without setkey, encrypt or decrypt");
		return -EINVAL;
	}
	int err = skcipher_prepare_alg_common(co);
	if (err)
		return err;
	if (co->chunksize & (co->chunksize - 1)) {
		set_last_error(std::string(co->base.cra_driver_name) +
			       ": lskcipher chunksize is not a power of two");
		return -EINVAL;
	}
	co->base.cra_flags |= CRYPTO_ALG_TYPE_LSKCIPHER;
	return 0;
}

struct FreeDeleter {
	size_t size;
	void operator()(u8 *p) const
	{
		memzero_explicit(p, size);
		free(p);
	}
};
using Bounce = std::unique_ptr<u8, FreeDeleter>;

// size bytes aligned for any alignmask (up to MAX_ALGAPI_ALIGNMASK), wiped when freed.
Bounce bounce(size_t size)
{
	size_t align = MAX_ALGAPI_ALIGNMASK + 1;
	size_t rounded = std::max((size + align - 1) & ~(align - 1), align);
	return Bounce(static_cast<u8 *>(aligned_alloc(align, rounded)), FreeDeleter{rounded});
}

// The whole message through aligned copies of src, dst and siv: one call with FINAL.
int crypt_unaligned(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len, u8 *siv,
		    crypt_fn crypt)
{
	unsigned int ivs_len = crypto_lskcipher_ivsize(tfm) + crypto_lskcipher_statesize(tfm);
	Bounce data = bounce(len), ivs = bounce(ivs_len);
	if (!data || !ivs)
		return -ENOMEM;
	if (len)
		memcpy(data.get(), src, len);
	if (ivs_len)
		memcpy(ivs.get(), siv, ivs_len);
	int err = crypt(tfm, data.get(), data.get(), len, ivs.get(), CRYPTO_LSKCIPHER_FLAG_FINAL);
	if (len)
		memcpy(dst, data.get(), len);
	if (ivs_len)
		memcpy(siv, ivs.get(), ivs_len);
	return err;
}

int crypt(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len, u8 *siv,
	  crypt_fn fn)
{
	unsigned int alignmask = crypto_lskcipher_alignmask(tfm);

	if (misaligned(src, alignmask) || misaligned(dst, alignmask) || misaligned(siv, alignmask))
		return crypt_unaligned(tfm, src, dst, len, siv, fn);
	return fn(tfm, src, dst, len, siv, CRYPTO_LSKCIPHER_FLAG_FINAL);
}

// The skcipher front end: its context is the lskcipher tfm, its request context the IV + state.
struct crypto_lskcipher *&child_of(struct crypto_skcipher *tfm)
{
	return *static_cast<struct crypto_lskcipher **>(crypto_skcipher_ctx(tfm));
}

u8 *request_ivs(struct skcipher_request *req)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	return PTR_ALIGN(static_cast<u8 *>(skcipher_request_ctx(req)),
			 crypto_skcipher_alignmask(tfm) + 1);
}

int crypt_sg(struct skcipher_request *req, bool enc)
{
	struct crypto_lskcipher *tfm = child_of(crypto_skcipher_reqtfm(req));
	struct lskcipher_alg *alg = crypto_lskcipher_alg(tfm);
	crypt_fn fn = enc ? alg->encrypt : alg->decrypt;
	unsigned int ivsize = crypto_lskcipher_ivsize(tfm);
	u8 *ivs = request_ivs(req);
	u32 flags = req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP;
	struct skcipher_walk walk;

	if (ivsize)
		memcpy(ivs, req->iv, ivsize);
	if (req->base.flags & CRYPTO_SKCIPHER_REQ_CONT)
		flags |= CRYPTO_LSKCIPHER_FLAG_CONT;
	if (!(req->base.flags & CRYPTO_SKCIPHER_REQ_NOTFINAL))
		flags |= CRYPTO_LSKCIPHER_FLAG_FINAL;

	int err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		u32 step_flags = walk.nbytes == walk.total ? flags
							   : flags & ~CRYPTO_LSKCIPHER_FLAG_FINAL;
		// what the driver leaves over (a partial block) goes back to the walk
		err = fn(tfm, static_cast<const u8 *>(walk.src.virt.addr),
			 static_cast<u8 *>(walk.dst.virt.addr), walk.nbytes, ivs, step_flags);
		err = skcipher_walk_done(&walk, err);
		flags |= CRYPTO_LSKCIPHER_FLAG_CONT;
	}
	if (ivsize)
		memcpy(req->iv, ivs, ivsize);
	return err;
}

}  // namespace

bool is_lskcipher(const struct crypto_alg *alg)
{
	return (alg->cra_flags & CRYPTO_ALG_TYPE_MASK) == CRYPTO_ALG_TYPE_LSKCIPHER;
}

struct crypto_lskcipher *alloc_lskcipher_for(AlgEntry *e, int *err)
{
	return create_tfm<struct crypto_lskcipher>(e, err, lskcipher_init_tfm);
}

int init_lskcipher_ops_sg(struct crypto_skcipher *tfm)
{
	// room to align the IV + state to the alignmask wherever the request lands
	crypto_skcipher_set_reqsize(tfm, crypto_skcipher_alignmask(tfm) + crypto_skcipher_ivsize(tfm) +
						 crypto_skcipher_statesize(tfm));
	AlgEntry *e = entry_of(&tfm->base);
	Registry::get().pin(e);
	int err;
	struct crypto_lskcipher *child = alloc_lskcipher_for(e, &err);
	if (!child)
		return err;
	child_of(tfm) = child;
	tfm->base.exit = [](struct crypto_tfm *base) {
		crypto_free_lskcipher(child_of(__crypto_skcipher_cast(base)));
	};
	return 0;
}

int lskcipher_setkey_sg(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct crypto_lskcipher *child = child_of(tfm);

	crypto_lskcipher_clear_flags(child, CRYPTO_TFM_REQ_MASK);
	crypto_lskcipher_set_flags(child, crypto_skcipher_get_flags(tfm) & CRYPTO_TFM_REQ_MASK);
	return crypto_lskcipher_setkey(child, key, keylen);
}

int lskcipher_encrypt_sg(struct skcipher_request *req)
{
	return crypt_sg(req, true);
}

int lskcipher_decrypt_sg(struct skcipher_request *req)
{
	return crypt_sg(req, false);
}

int lskcipher_export_sg(struct skcipher_request *req, void *out)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);

	memcpy(out, request_ivs(req) + crypto_skcipher_ivsize(tfm), crypto_skcipher_statesize(tfm));
	return 0;
}

int lskcipher_import_sg(struct skcipher_request *req, const void *in)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);

	memcpy(request_ivs(req) + crypto_skcipher_ivsize(tfm), in, crypto_skcipher_statesize(tfm));
	return 0;
}

}  // namespace kcshim

extern "C" {

int crypto_register_lskcipher(struct lskcipher_alg *alg)
{
	int err = kcshim::prepare_alg(alg);
	if (err)
		return err;
	return kcshim::Registry::get().add(&alg->co.base, KCSHIM_KIND_LSKCIPHER);
}

void crypto_unregister_lskcipher(struct lskcipher_alg *alg)
{
	kcshim::Registry::get().remove(&alg->co.base);
}

int crypto_register_lskciphers(struct lskcipher_alg *algs, int count)
{
	return kcshim::register_many(algs, count, crypto_register_lskcipher,
				     crypto_unregister_lskcipher);
}

void crypto_unregister_lskciphers(struct lskcipher_alg *algs, int count)
{
	kcshim::unregister_many(algs, count, crypto_unregister_lskcipher);
}

struct crypto_lskcipher *crypto_alloc_lskcipher(const char *alg_name, u32 type, u32 mask)
{
	return kcshim::alloc_tfm_by_name(alg_name, KCSHIM_KIND_LSKCIPHER, type, mask,
					 kcshim::alloc_lskcipher_for);
}

int crypto_lskcipher_setkey(struct crypto_lskcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct lskcipher_alg *alg = crypto_lskcipher_alg(tfm);

	if (keylen < alg->co.min_keysize || keylen > alg->co.max_keysize)
		return -EINVAL;
	return kcshim::with_aligned_key(key, keylen, crypto_lskcipher_alignmask(tfm),
					[&](const u8 *k) { return alg->setkey(tfm, k, keylen); });
}

int crypto_lskcipher_encrypt(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
			     u8 *iv)
{
	return kcshim::crypt(tfm, src, dst, len, iv, crypto_lskcipher_alg(tfm)->encrypt);
}

int crypto_lskcipher_decrypt(struct crypto_lskcipher *tfm, const u8 *src, u8 *dst, unsigned len,
			     u8 *iv)
{
	return kcshim::crypt(tfm, src, dst, len, iv, crypto_lskcipher_alg(tfm)->decrypt);
}

}  // extern "C"
