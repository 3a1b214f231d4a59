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

struct crypto_instance;
struct crypto_template;

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
__KCSHIM_END_DECLS

static inline void crypto_request_complete(struct crypto_async_request *req, int err)
{
	req->complete(req->data, err);
}

#endif
