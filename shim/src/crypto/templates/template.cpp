// SPDX-License-Identifier: GPL-2.0
#include "shim/src/crypto/templates/template.h"

#include <cstdio>
#include <memory>
#include <string>

#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/templates/attrs.h"
#include "shim/src/crypto/templates/module_templates.h"
#include "shim/src/crypto/tfm.h"

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

namespace {

// Whether a lookup of type/mask may be given an instance of type made_type (crypto_check_attr_type)
bool type_fits(uint32_t made_type, uint32_t type, uint32_t mask)
{
	return !((made_type ^ type) & mask & CRYPTO_ALG_TYPE_MASK);
}

// kcshim's own modes: mode(one inner name).
int instantiate_builtin(const TemplateName &t, uint32_t type, uint32_t mask)
{
	const Mode *mode = nullptr;
	for (const Mode *m : modes)
		if (t.name == m->name)
			mode = m;
	if (!mode || t.params.size() != 1)
		return -ENOENT;
	const std::string &inner_name = t.params[0];

	int err = -ENOENT;
	if (mode->over_lskcipher && type_fits(CRYPTO_ALG_TYPE_LSKCIPHER, type, mask))
		err = mode->over_lskcipher(*mode, inner_name);
	if (err != -ENOENT)
		return err;
	if (!type_fits(CRYPTO_ALG_TYPE_SKCIPHER, type, mask))
		return -ENOENT;
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

}  // namespace

int instantiate(std::string_view name, uint32_t type, uint32_t mask)
{
	std::optional<TemplateName> t = parse_template_name(name);
	if (!t)
		return -ENOENT;
	if (std::optional<int> made = create_from_module(*t, type, mask))
		return *made;
	return instantiate_builtin(*t, type, mask);
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
	int err = kcshim::templates::instantiate(name, 0, 0);
	// a template that makes one type only (essiv: an skcipher or an AEAD) takes the type
	// attribute of a lookup of that type, as crypto_alloc_skcipher() would give it
	for (auto kind : {KCSHIM_KIND_SKCIPHER, KCSHIM_KIND_AEAD, KCSHIM_KIND_SHASH}) {
		if (err != -EINVAL)
			break;
		uint32_t type = 0, mask = 0;
		kcshim::type_bits(kind, &type, &mask);
		err = kcshim::templates::instantiate(name, type, mask);
	}
	return err;
}
