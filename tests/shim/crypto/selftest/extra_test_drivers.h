/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Drivers for the extra self-tests (comparison with the generic driver on random cases): each
 * passes its vector suites at registration and computes through the generic driver (a fallback
 * tfm, as accelerated drivers keep one), and some carry a bug the vectors miss.
 */
#ifndef KCSHIM_EXTRA_TEST_DRIVERS_H
#define KCSHIM_EXTRA_TEST_DRIVERS_H

#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>

#ifdef __cplusplus
extern "C" {
#endif

enum test_sha512_variant {
	SHA512_FALLBACK,	/* "sha512-fallback": right */
	SHA512_LONG_BUG,	/* "sha512-long-bug": wrong digest for messages over 300 bytes */
	SHA512_NOSIMD_BUG,	/* "sha512-nosimd-bug": wrong after an update over 300 bytes with
				 * SIMD unusable (a broken fallback path) */
};
struct shash_alg *test_sha512_variant(enum test_sha512_variant v);

/* "cast5-fallback" (right) or "cast5-keybug": encryption wrong when key[0] is 0x00 or 0xff. */
struct crypto_alg *test_cast5_variant(bool key_bug);

/* "ecb-cast5-oop-bug" (ecb(cast5)): wrong out of place for requests over 300 bytes. */
struct skcipher_alg *test_ecb_cast5_oop_bug(void);

/* "__ecb(cast5)" / "__ecb-cast5-simdtest", internal: right; for simd_register_skciphers_compat(). */
struct skcipher_alg *test_ecb_cast5_internal(void);

#ifdef __cplusplus
}
#endif

#endif
