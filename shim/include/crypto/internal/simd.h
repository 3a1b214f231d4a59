/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SIMD helpers. crypto_simd_usable() is false while the calling thread has SIMD "disabled for test"
 * (the self-test manager does this, as testmgr does, to exercise every driver's generic fallback).
 */
#ifndef _KCSHIM_CRYPTO_INTERNAL_SIMD_H
#define _KCSHIM_CRYPTO_INTERNAL_SIMD_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/simd.h>

struct skcipher_alg;
struct simd_skcipher_alg;

__KCSHIM_BEGIN_DECLS
extern __thread bool crypto_simd_disabled_for_test;
/* A call, not the thread-local read: relocatable modules (kcshim build) cannot take TLS relocations. */
bool kcshim_crypto_simd_usable(void);

struct simd_skcipher_alg *simd_skcipher_create_compat(struct skcipher_alg *ialg,
						      const char *algname, const char *drvname,
						      const char *basename);
struct simd_skcipher_alg *simd_skcipher_create(const char *algname, const char *basename);
void simd_skcipher_free(struct simd_skcipher_alg *alg);
int simd_register_skciphers_compat(struct skcipher_alg *algs, int count,
				   struct simd_skcipher_alg **simd_algs);
void simd_unregister_skciphers(struct skcipher_alg *algs, int count,
			       struct simd_skcipher_alg **simd_algs);
__KCSHIM_END_DECLS

#define crypto_simd_usable()	kcshim_crypto_simd_usable()

#endif
