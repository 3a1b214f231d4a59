/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel-style lskcipher drivers the lskcipher tests register and unregister themselves. */
#ifndef KCSHIM_LSKCIPHER_TEST_DRIVERS_H
#define KCSHIM_LSKCIPHER_TEST_DRIVERS_H

#include <crypto/internal/skcipher.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TESTKS_MAX_KEY_SIZE	16
#define TESTKS_STATE_SIZE	8

/*
 * "testks": a toy stream cipher with state, as arc4 is an lskcipher: keystream byte p (the
 * position in the message) is key[p % keylen] ^ (u8)(p * 0x9d + (p >> 8)), XORed onto the data.
 * Keys 1..16 bytes, block size 1, no IV; the state, carried in siv between CONT calls, is the
 * position as a __le64. A call without CONT starts at position 0.
 */
void test_make_testks(struct lskcipher_alg *alg, const char *driver, int priority);
/*
 * "testivks": testks with an 8-byte IV, the start position (__le64); the IV returned is the
 * position after the message, and the state (8 bytes after the IV) holds it too.
 */
void test_make_testivks(struct lskcipher_alg *alg, const char *driver, int priority);
/* testks's keystream over len bytes from position pos, XORed into buf: the test's reference. */
void test_testks_xor(const u8 *key, unsigned int keylen, u64 pos, u8 *buf, size_t len);
/* How many times the testks drivers' init and exit ran, to check tfm lifetimes. */
extern int test_testks_inits, test_testks_exits;

#ifdef __cplusplus
}
#endif

#endif
