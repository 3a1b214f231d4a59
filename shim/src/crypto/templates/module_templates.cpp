// SPDX-License-Identifier: GPL-2.0
// crypto_register_template() and its kin (crypto/algapi.c): the list of module templates, and
// instantiation through their create().
#include "shim/src/crypto/templates/module_templates.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include <crypto/algapi.h>
#include <linux/module.h>

#include "shim/src/crypto/generation.h"
#include "shim/src/crypto/register_many.h"
#include "shim/src/crypto/registry.h"

namespace kcshim::templates {

namespace {

// Guarded by the registry's mutex: create() runs under it, as lookups do.
std::vector<struct crypto_template *> &module_templates()
{
	static std::vector<struct crypto_template *> list;
	return list;
}

struct crypto_template *find_template(std::string_view name)
{
	for (struct crypto_template *t : module_templates())
		if (name == t->name)
			return t;
	return nullptr;
}

}  // namespace

std::optional<int> create_from_module(const TemplateName &t, uint32_t type, uint32_t mask)
{
	std::lock_guard lock(Registry::get().mutex());
	struct crypto_template *tmpl = find_template(t.name);
	if (!tmpl)
		return std::nullopt;
	// an skcipher lookup's type bits as the template's generation had them (essiv.c up to 6.6
	// takes type & mask == CRYPTO_ALG_TYPE_SKCIPHER, 6.7's CRYPTO_ALG_TYPE_LSKCIPHER)
	if ((type & CRYPTO_ALG_TYPE_MASK) == CRYPTO_ALG_TYPE_SKCIPHER &&
	    (mask & CRYPTO_ALG_TYPE_MASK) == 0xe)
		mask |= generation_for(tmpl->module ? tmpl->module->linux_version : 0)
				.skcipher_type_mask;
	Attrs attrs(t, type, mask);
	return tmpl->create(tmpl, attrs.tb());
}

}  // namespace kcshim::templates

extern "C" {

int crypto_register_template(struct crypto_template *tmpl)
{
	using namespace kcshim;
	std::lock_guard lock(Registry::get().mutex());
	if (!tmpl->create || !tmpl->name[0]) {
		set_last_error(std::string("template ") + tmpl->name + " has no name or no create()");
		return -EINVAL;
	}
	if (templates::find_template(tmpl->name)) {
		set_last_error(std::string("template ") + tmpl->name + " is registered already");
		return -EEXIST;
	}
	templates::module_templates().push_back(tmpl);
	return 0;
}

void crypto_unregister_template(struct crypto_template *tmpl)
{
	using namespace kcshim;
	std::lock_guard lock(Registry::get().mutex());
	std::erase(templates::module_templates(), tmpl);
	// Its instances go, each with what is built on it; one still in use is freed when its last
	// tfm goes (module unload refuses that case: inst->free is the module's code).
	// Removing one may free others, so the registry is looked at again after each.
	for (;;) {
		auto live = Registry::get().snapshot();
		auto it = std::ranges::find_if(live, [tmpl](AlgEntry *e) { return e->tmpl == tmpl; });
		if (it == live.end())
			break;
		Registry::get().remove((*it)->alg);
	}
}

int crypto_register_templates(struct crypto_template *tmpls, int count)
{
	return kcshim::register_many(tmpls, count, crypto_register_template,
				     crypto_unregister_template);
}

void crypto_unregister_templates(struct crypto_template *tmpls, int count)
{
	kcshim::unregister_many(tmpls, count, crypto_unregister_template);
}

struct crypto_template *crypto_lookup_template(const char *name)
{
	std::lock_guard lock(kcshim::Registry::get().mutex());
	return kcshim::templates::find_template(name);
}

}  // extern "C"
