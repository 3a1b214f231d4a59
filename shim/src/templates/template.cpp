// SPDX-License-Identifier: GPL-2.0
#include "templates/template.h"

#include <cstdio>
#include <memory>
#include <string>

#include "registry.h"
#include "tfm.h"

namespace kcshim::templates {

namespace {

struct Instance {
	struct skcipher_alg alg;
	AlgEntry *inner;
};

struct InstanceCtx {
	struct crypto_cipher *child;
};

const Mode *const modes[] = {&ecb_mode, &cbc_mode, &ctr_mode};

Instance *instance_of(struct crypto_skcipher *tfm)
{
	return container_of(crypto_skcipher_alg(tfm), Instance, alg);
}

int instance_init(struct crypto_skcipher *tfm)
{
	auto *ctx = static_cast<InstanceCtx *>(crypto_skcipher_ctx(tfm));
	Instance *inst = instance_of(tfm);

	int err;
	Registry::get().pin(inst->inner);
	struct crypto_cipher *child = alloc_cipher_for(inst->inner, &err);
	if (!child)
		return err;
	ctx->child = child;
	return 0;
}

void instance_exit(struct crypto_skcipher *tfm)
{
	auto *ctx = static_cast<InstanceCtx *>(crypto_skcipher_ctx(tfm));
	crypto_free_cipher(ctx->child);
}

int instance_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct crypto_cipher *child = child_cipher(tfm);

	// request flags such as FORBID_WEAK_KEYS reach the cipher, as in skcipher_setkey_simple()
	crypto_cipher_clear_flags(child, CRYPTO_TFM_REQ_MASK);
	crypto_cipher_set_flags(child, crypto_skcipher_get_flags(tfm) & CRYPTO_TFM_REQ_MASK);
	return crypto_cipher_setkey(child, key, keylen);
}

}  // namespace

struct crypto_cipher *child_cipher(struct crypto_skcipher *tfm)
{
	return static_cast<InstanceCtx *>(crypto_skcipher_ctx(tfm))->child;
}

int instantiate(std::string_view name)
{
	size_t open = name.find('(');
	if (open == std::string_view::npos || name.back() != ')')
		return -ENOENT;
	std::string_view mode_name = name.substr(0, open);
	std::string inner_name(name.substr(open + 1, name.size() - open - 2));

	const Mode *mode = nullptr;
	for (const Mode *m : modes)
		if (mode_name == m->name)
			mode = m;
	if (!mode)
		return -ENOENT;

	int err = mode->over_lskcipher ? mode->over_lskcipher(*mode, inner_name) : -ENOENT;
	if (err != -ENOENT)
		return err;
	AlgEntry *inner = Registry::get().lookup({inner_name, KCSHIM_KIND_CIPHER, 0, 0}, &err);
	if (!inner)
		return -ENOENT;
	crypto_alg *calg = inner->alg;
	if (mode->stream && (calg->cra_blocksize < 4 || calg->cra_blocksize % 4)) {
		Registry::get().release(inner);
		return -EINVAL;
	}

	auto inst = std::make_unique<Instance>();
	*inst = {};
	inst->inner = inner;
	struct skcipher_alg *alg = &inst->alg;
	err = set_instance_names(&alg->base, *mode, calg);
	if (err) {
		Registry::get().release(inner);
		return err;
	}
	alg->base.cra_priority = calg->cra_priority;
	alg->base.cra_blocksize = mode->stream ? 1 : calg->cra_blocksize;
	alg->base.cra_alignmask = calg->cra_alignmask;
	alg->base.cra_ctxsize = sizeof(InstanceCtx);
	alg->base.cra_module = calg->cra_module;
	alg->base.cra_flags = CRYPTO_ALG_INSTANCE | (calg->cra_flags & CRYPTO_ALG_INTERNAL);
	alg->ivsize = mode->has_iv ? calg->cra_blocksize : 0;
	alg->chunksize = calg->cra_blocksize;
	alg->min_keysize = calg->cra_cipher.cia_min_keysize;
	alg->max_keysize = calg->cra_cipher.cia_max_keysize;
	alg->init = instance_init;
	alg->exit = instance_exit;
	alg->setkey = instance_setkey;
	alg->encrypt = mode->encrypt;
	alg->decrypt = mode->decrypt;

	Instance *raw = inst.release();
	return register_instance(
		inner, &raw->alg.base, [raw] { return crypto_register_skcipher(&raw->alg); },
		[raw] { delete raw; });
}

int set_instance_names(struct crypto_alg *alg, const Mode &mode, const struct crypto_alg *inner)
{
	int n1 = snprintf(alg->cra_name, CRYPTO_MAX_ALG_NAME, "%s(%s)", mode.name, inner->cra_name);
	int n2 = snprintf(alg->cra_driver_name, CRYPTO_MAX_ALG_NAME, "%s(%s)", mode.name,
			  inner->cra_driver_name);
	return n1 >= CRYPTO_MAX_ALG_NAME || n2 >= CRYPTO_MAX_ALG_NAME ? -ENAMETOOLONG : 0;
}

int register_instance(AlgEntry *inner, const struct crypto_alg *alg,
		      const std::function<int()> &register_alg, std::function<void()> destroy)
{
	int err = register_alg();
	if (err) {
		Registry::get().release(inner);
		destroy();
		return err;
	}
	AlgEntry *entry = Registry::get().find(alg);
	std::lock_guard lock(Registry::get().mutex());
	entry->instance = true;
	entry->inner = inner;
	entry->destroy = std::move(destroy);
	return 0;
}

}  // namespace kcshim::templates

extern "C" int kcshim_instantiate(const char *name)
{
	kcshim_init();
	return kcshim::templates::instantiate(name);
}
