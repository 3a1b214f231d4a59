/* SPDX-License-Identifier: GPL-2.0 */
/* The algorithm-provider side: registration, limits, and the helpers drivers share. */
#ifndef _KCSHIM_CRYPTO_ALGAPI_H
#define _KCSHIM_CRYPTO_ALGAPI_H

#include <linux/align.h>
#include <linux/cache.h>
#include <linux/crypto.h>
#include <linux/list.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include <linux/notifier.h>
#include <linux/module.h>
#include <crypto/utils.h>

#define MAX_ALGAPI_BLOCKSIZE		160
#define MAX_ALGAPI_ALIGNMASK		127
#define MAX_CIPHER_BLOCKSIZE		16
#define MAX_CIPHER_ALIGNMASK		15

#define MODULE_ALIAS_CRYPTO(name)	__kcshim_nothing

#define CRYPTO_MSG_ALG_REQUEST		0x10
#define CRYPTO_MSG_ALG_REGISTER		0x11
#define CRYPTO_MSG_ALG_LOADED		0x12

struct rtattr;
struct crypto_spawn;
struct crypto_template;

/*
 * A template instance ("xts(aes)"): the crypto_alg it registers, then the template's own data
 * (crypto_instance_ctx()). Before registration spawns lists the algorithms it grabbed.
 */
struct crypto_instance {
	struct crypto_alg alg;

	struct crypto_template *tmpl;

	union {
		struct hlist_node list;
		struct crypto_spawn *spawns;
	};

	void *__ctx[] CRYPTO_MINALIGN_ATTR;
};

/*
 * A template: create() makes and registers the instance for the parameters in tb (tb[0] the
 * type attribute, tb[1].. the algorithm names), as a lookup of "name(param,...)" asks for it.
 */
struct crypto_template {
	struct list_head list;
	struct hlist_head instances;
	struct hlist_head dead;
	struct module *module;

	struct work_struct free_work;

	int (*create)(struct crypto_template *tmpl, struct rtattr **tb);

	char name[CRYPTO_MAX_ALG_NAME];
};

/*
 * An algorithm an instance is built on. From crypto_grab_*() to crypto_drop_*() the algorithm
 * is held: it cannot go away under the instance, and its removal removes the instance.
 */
struct crypto_spawn {
	struct list_head list;
	struct crypto_alg *alg;
	union {
		struct crypto_instance *inst;
		struct crypto_spawn *next;
	};
	const struct crypto_type *frontend;
	u32 mask;
	bool dead;
	bool registered;
};

struct crypto_attr_alg {
	char name[CRYPTO_MAX_ALG_NAME];
};

struct crypto_attr_type {
	u32 type;
	u32 mask;
};

/* Flags an instance takes from the algorithms it is built on (crypto_grab_spawn()). */
#define CRYPTO_ALG_INHERITED_FLAGS \
	(CRYPTO_ALG_ASYNC | CRYPTO_ALG_NEED_FALLBACK | CRYPTO_ALG_ALLOCATES_MEMORY)

__KCSHIM_BEGIN_DECLS
/* Registers a driver. -EINVAL for bad names/sizes/flags, -EEXIST for a name collision. */
int crypto_register_alg(struct crypto_alg *alg);
void crypto_unregister_alg(struct crypto_alg *alg);
int crypto_register_algs(struct crypto_alg *algs, int count);
void crypto_unregister_algs(struct crypto_alg *algs, int count);
/* Counter increment, big-endian, over size bytes. */
void crypto_inc(u8 *a, unsigned int size);
int crypto_register_notifier(struct notifier_block *nb);
int crypto_unregister_notifier(struct notifier_block *nb);

/*
 * Templates. Registering makes lookups of "name(...)" instantiate through create(); -EEXIST
 * when a module registered a template of that name already (a module's template is used before
 * kcshim's own ecb, cbc and ctr), -EINVAL without create. Unregistering removes its instances.
 */
int crypto_register_template(struct crypto_template *tmpl);
void crypto_unregister_template(struct crypto_template *tmpl);
/* All or nothing: on an error the ones registered already are unregistered again. */
int crypto_register_templates(struct crypto_template *tmpls, int count);
void crypto_unregister_templates(struct crypto_template *tmpls, int count);
/* The module template of that name, or NULL. */
struct crypto_template *crypto_lookup_template(const char *name);

/*
 * Registers inst (its spawns grabbed) for tmpl: flags CRYPTO_ALG_INSTANCE, cra_module the
 * template's. crypto_register_alg()'s errors; -EAGAIN when a spawn's algorithm died. On an error
 * the caller still owns inst. The typed calls (skcipher_register_instance(), ...) hand the
 * instance to the registry, which frees it with inst->free once it is removed and unused; a bare
 * crypto_instance registered here stays the template's to free.
 */
int crypto_register_instance(struct crypto_template *tmpl, struct crypto_instance *inst);
void crypto_unregister_instance(struct crypto_instance *inst);

/*
 * Looks name up (type and mask as for crypto_alloc_*(), the kind from type's low bits) and holds
 * it in spawn for inst. -ENOENT when there is none, or name's error when it is an error pointer.
 */
int crypto_grab_spawn(struct crypto_spawn *spawn, struct crypto_instance *inst,
		      const char *name, u32 type, u32 mask);
/* Lets go of the spawn's algorithm; nothing when it was never grabbed. */
void crypto_drop_spawn(struct crypto_spawn *spawn);

/*
 * An algorithm held without a spawn (essiv.c reads its cipher's and hash's properties so): the
 * best of name, held until crypto_mod_put(), ERR_PTR(-ENOENT) when there is none; the kind from
 * type's low bits when mask has them, else any. crypto_mod_get() holds one more time, NULL when
 * alg is being removed. The tree's crypto/internal.h declares the first two too.
 */
struct crypto_alg *crypto_alg_mod_lookup(const char *name, u32 type, u32 mask);
struct crypto_alg *crypto_mod_get(struct crypto_alg *alg);
void crypto_mod_put(struct crypto_alg *alg);

/* tb[0]: the type and mask the lookup asked for; ERR_PTR(-ENOENT/-EINVAL) when missing or bad. */
struct crypto_attr_type *crypto_get_attr_type(struct rtattr **tb);
/*
 * -EINVAL when the lookup asked for another type than type; else 0 and *mask_ret the mask to
 * give crypto_grab_*() (the inherited flags the lookup required off).
 */
int crypto_check_attr_type(struct rtattr **tb, u32 type, u32 *mask_ret);
/* The algorithm name in rta; ERR_PTR(-ENOENT) when rta is NULL, ERR_PTR(-EINVAL) when no name. */
const char *crypto_attr_alg_name(struct rtattr *rta);
/* cra_name "name(alg's cra_name)", driver "driver(alg's driver)"; -ENAMETOOLONG. */
int __crypto_inst_setname(struct crypto_instance *inst, const char *name, const char *driver,
			  struct crypto_alg *alg);
__KCSHIM_END_DECLS

/* crypto_inst_setname(inst, name, alg) or (inst, name, driver, alg) */
#define __kcshim_inst_setname_pick(a, b, fn, ...) fn
#define crypto_inst_setname(inst, name, ...)						\
	__kcshim_inst_setname_pick(__VA_ARGS__, __kcshim_inst_setname_2,		\
				   __kcshim_inst_setname_1, )(inst, name, __VA_ARGS__)
#define __kcshim_inst_setname_1(inst, name, alg) __crypto_inst_setname(inst, name, name, alg)
#define __kcshim_inst_setname_2(inst, name, driver, alg) \
	__crypto_inst_setname(inst, name, driver, alg)

static inline void *crypto_instance_ctx(struct crypto_instance *inst)
{
	return inst->__ctx;
}

static inline u32 crypto_requires_off(struct crypto_attr_type *algt, u32 off)
{
	return (algt->type ^ off) & algt->mask & off;
}

static inline u32 crypto_algt_inherited_mask(struct crypto_attr_type *algt)
{
	return crypto_requires_off(algt, CRYPTO_ALG_INHERITED_FLAGS);
}

static inline struct crypto_instance *crypto_tfm_alg_instance(struct crypto_tfm *tfm)
{
	return container_of(tfm->__crt_alg, struct crypto_instance, alg);
}

static inline void crypto_request_complete(struct crypto_async_request *req, int err)
{
	req->complete(__kcshim_completion_arg(req), err);
}

#endif
