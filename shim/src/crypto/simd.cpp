// SPDX-License-Identifier: GPL-2.0
// SIMD wrappers (crypto/simd.c): an internal "__ecb(cast5)" driver gets a public "ecb(cast5)"
// twin. The kernel's wrapper defers to cryptd when SIMD is unusable; kcshim has no cryptd, so the
// wrapper calls the internal driver directly (from an emulated hardirq inside a kernel_fpu_begin()
// section, kcshim/irq_context.h, that driver's kernel_fpu_begin() reports the misuse).
//
// crypto_simd_usable() is may_use_simd() (asm/simd.h: the emulated context decides) unless the
// self-tests turned SIMD off for the calling thread, as testmgr does per CPU.
#include <cstring>
#include <string>

#include <crypto/internal/simd.h>
#include <crypto/internal/skcipher.h>

#include "shim/src/crypto/registry.h"

// initial-exec: every crypto_simd_usable() reads it, a __tls_get_addr() call would cost each
[[gnu::tls_model("initial-exec")]] __thread bool crypto_simd_disabled_for_test;

bool kcshim_crypto_simd_usable(void)
{
	return !crypto_simd_disabled_for_test && may_use_simd();
}

struct simd_skcipher_alg {
	std::string ialg_name;
	struct skcipher_alg alg;
};

namespace {

struct SimdCtx {
	struct crypto_skcipher *child;
};

simd_skcipher_alg *salg_of(struct crypto_skcipher *tfm)
{
	return container_of(crypto_skcipher_alg(tfm), simd_skcipher_alg, alg);
}

int simd_init(struct crypto_skcipher *tfm)
{
	auto *ctx = static_cast<SimdCtx *>(crypto_skcipher_ctx(tfm));
	struct crypto_skcipher *child = crypto_alloc_skcipher(
		salg_of(tfm)->ialg_name.c_str(), CRYPTO_ALG_INTERNAL, CRYPTO_ALG_INTERNAL);
	if (IS_ERR(child))
		return static_cast<int>(PTR_ERR(child));
	ctx->child = child;
	crypto_skcipher_set_reqsize(tfm, sizeof(struct skcipher_request) +
					 crypto_skcipher_reqsize(child));
	return 0;
}

void simd_exit(struct crypto_skcipher *tfm)
{
	crypto_free_skcipher(static_cast<SimdCtx *>(crypto_skcipher_ctx(tfm))->child);
}

int simd_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct crypto_skcipher *child = static_cast<SimdCtx *>(crypto_skcipher_ctx(tfm))->child;
	return crypto_skcipher_setkey(child, key, keylen);
}

struct skcipher_request *subrequest(struct skcipher_request *req)
{
	auto *ctx = static_cast<SimdCtx *>(crypto_skcipher_ctx(crypto_skcipher_reqtfm(req)));
	auto *subreq = static_cast<struct skcipher_request *>(skcipher_request_ctx(req));
	*subreq = *req;
	skcipher_request_set_tfm(subreq, ctx->child);
	return subreq;
}

int simd_encrypt(struct skcipher_request *req)
{
	return crypto_skcipher_encrypt(subrequest(req));
}

int simd_decrypt(struct skcipher_request *req)
{
	return crypto_skcipher_decrypt(subrequest(req));
}

}  // namespace

extern "C" {

struct simd_skcipher_alg *simd_skcipher_create_compat(struct skcipher_alg *ialg,
						      const char *algname, const char *drvname,
						      const char *basename)
{
	auto *salg = new simd_skcipher_alg{};
	struct skcipher_alg *alg = &salg->alg;

	salg->ialg_name = basename;
	snprintf(alg->base.cra_name, CRYPTO_MAX_ALG_NAME, "%s", algname);
	snprintf(alg->base.cra_driver_name, CRYPTO_MAX_ALG_NAME, "%s", drvname);
	alg->base.cra_flags = CRYPTO_ALG_ASYNC;
	alg->base.cra_priority = ialg->base.cra_priority;
	alg->base.cra_blocksize = ialg->base.cra_blocksize;
	alg->base.cra_alignmask = ialg->base.cra_alignmask;
	alg->base.cra_module = ialg->base.cra_module;
	alg->base.cra_ctxsize = sizeof(SimdCtx);
	alg->ivsize = ialg->ivsize;
	alg->chunksize = ialg->chunksize;
	alg->walksize = ialg->walksize;
	alg->min_keysize = ialg->min_keysize;
	alg->max_keysize = ialg->max_keysize;
	alg->init = simd_init;
	alg->exit = simd_exit;
	alg->setkey = simd_setkey;
	alg->encrypt = simd_encrypt;
	alg->decrypt = simd_decrypt;

	int err = crypto_register_skcipher(alg);
	if (err) {
		delete salg;
		return static_cast<struct simd_skcipher_alg *>(ERR_PTR(err));
	}
	return salg;
}

struct simd_skcipher_alg *simd_skcipher_create(const char *algname, const char *basename)
{
	return static_cast<struct simd_skcipher_alg *>(ERR_PTR(-ENOSYS));
}

void simd_skcipher_free(struct simd_skcipher_alg *salg)
{
	crypto_unregister_skcipher(&salg->alg);
	delete salg;
}

// "__ecb(cast5)" / "__ecb-cast5-avx" become "ecb(cast5)" / "ecb-cast5-avx".
int simd_register_skciphers_compat(struct skcipher_alg *algs, int count,
				   struct simd_skcipher_alg **simd_algs)
{
	for (int i = 0; i < count; i++)
		simd_algs[i] = nullptr;
	int err = crypto_register_skciphers(algs, count);
	if (err)
		return err;
	for (int i = 0; i < count; i++) {
		const char *algname = algs[i].base.cra_name;
		const char *drvname = algs[i].base.cra_driver_name;
		if (strncmp(algname, "__", 2) || strncmp(drvname, "__", 2)) {
			err = -EINVAL;
			goto fail;
		}
		simd_algs[i] = simd_skcipher_create_compat(&algs[i], algname + 2, drvname + 2,
							   drvname);
		if (IS_ERR(simd_algs[i])) {
			err = static_cast<int>(PTR_ERR(simd_algs[i]));
			goto fail;
		}
	}
	return 0;
fail:
	simd_unregister_skciphers(algs, count, simd_algs);
	return err;
}

void simd_unregister_skciphers(struct skcipher_alg *algs, int count,
			       struct simd_skcipher_alg **simd_algs)
{
	crypto_unregister_skciphers(algs, count);
	for (int i = 0; i < count; i++) {
		if (simd_algs[i] && !IS_ERR(simd_algs[i]))
			simd_skcipher_free(simd_algs[i]);
		simd_algs[i] = nullptr;
	}
}

}  // extern "C"
