/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel-style AEAD drivers the AEAD tests register and unregister themselves. */
#ifndef KCSHIM_AEAD_TEST_DRIVERS_H
#define KCSHIM_AEAD_TEST_DRIVERS_H

#include <crypto/internal/aead.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TESTETM_KEY_SIZE	32	/* CAST5-128 key, then the MAC key */
#define TESTETM_ENC_KEY_SIZE	16
#define TESTETM_IV_SIZE		8
#define TESTETM_MAX_AUTHSIZE	32
#define TESTETM_MIN_AUTHSIZE	4	/* the driver's setauthsize refuses shorter tags */

/*
 * "testetm": encrypt-then-MAC over kcshim's own drivers. The data is CAST5 in CTR mode (the 8-byte
 * IV is the first counter block, incremented big-endian); the tag is the first authsize bytes of
 * SHA3-256(mac key || le64(assoclen) || le64(data length) || associated data || ciphertext).
 * Keys are exactly 32 bytes; tags 4..32 bytes. The MAC runs over the scatterlists, the CTR
 * through skcipher_walk_aead_encrypt()/decrypt() in steps of the chunksize, 8.
 */
enum testetm_flavour {
	TESTETM_PLAIN,		/* as described */
	TESTETM_ALIGNED,	/* alignmask 7: refuses (-EFAULT) a misaligned key or walk step */
	TESTETM_TAG_OVERRUN,	/* planted bug: writes a zero byte after the tag */
	TESTETM_NO_VERIFY,	/* planted bug: decrypts without checking the tag */
};

struct testetm_alg {
	struct aead_alg alg;
	enum testetm_flavour flavour;
};

/* Fills t as a testetm driver named driver, with cra_name name ("testetm" for the tests). */
void test_make_testetm(struct testetm_alg *t, const char *name, const char *driver, int priority,
		       enum testetm_flavour flavour);
/* How often the testetm drivers' init, exit and decrypt ran, to check lifetimes and checks. */
extern int test_testetm_inits, test_testetm_exits, test_testetm_decrypts;

#ifdef __cplusplus
}
#endif

#endif
