/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel-style drivers the shim's tests register and unregister themselves. */
#ifndef KCSHIM_TEST_DRIVERS_H
#define KCSHIM_TEST_DRIVERS_H

#include <crypto/internal/hash.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unkeyed 4-byte FNV-1a hash "fnv32" with the given driver name and priority. */
void test_make_fnv32(struct shash_alg *alg, const char *driver, int priority);
/* FNV-1a of data, the reference for the driver above. */
u32 test_fnv32(const u8 *data, size_t len);
/* "testxor": an 8-byte-block toy cipher, dst = rol8(src ^ key, 3) per byte; keys 1..16 bytes. */
struct crypto_alg *test_xor_cipher(void);
void test_xor_encrypt_block(const u8 *key, unsigned int keylen, u8 *dst, const u8 *src);
/* A "sha512" driver at priority 300 whose digests are all zero: it must fail its self-test. */
struct shash_alg *test_broken_sha512(void);

#ifdef __cplusplus
}
#endif

#endif
