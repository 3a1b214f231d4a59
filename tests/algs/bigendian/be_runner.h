/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the big-endian runner share (be_runner.c runs the checks of be_core_checks.c,
 * be_hash_checks.c and be_cipher_checks.c): the limits, the scratch buffers and the seed, the
 * check count and the failure report, the random numbers, and each file's checks.
 */
#ifndef _KCSHIM_BE_RUNNER_H
#define _KCSHIM_BE_RUNNER_H

#include <crypto/hash.h>
#include <linux/compiler.h>
#include <linux/types.h>

struct crypto_alg;
struct crypto_shash;
struct crypto_tfm;
struct kcshim_vector_source;
struct kcshim_vector_suite;
struct shash_alg;

#define SPLIT_MESSAGES		256	/* random messages per hash driver */
#define SPLIT_MAX_PIECES	24
#define MAX_MSG			2048	/* longest vector or random message */
#define MAX_CIPHER_BLOCK	16
#define POISON			0x5a

extern u64 seed;	/* KCSHIM_TEST_SEED, or a random one */

/* Scratch buffers, 16-byte aligned so that an offset makes them misaligned on purpose. */
extern u8 in_buf[MAX_MSG + 16] __aligned(16);
extern u8 out_buf[MAX_MSG + 16] __aligned(16);
extern u8 state_buf[HASH_MAX_STATESIZE] __aligned(16);

/*
 * What a failed run saw, printed under its FAIL line: the step, and the error that step returned
 * or the bytes where its output first differs from the expected ones. The bytes must outlive the
 * run, so they are never in its stack frame.
 */
struct failure {
	const char *step;
	int err;
	const u8 *got, *want;
	unsigned int len;
};

/* be_runner.c */

bool result(bool ok);
bool fail_err(struct failure *f, const char *step, int err);
bool fail_bytes(struct failure *f, const char *step, const u8 *got, const void *want,
		unsigned int len);
void print_failure(const struct failure *f);
u64 rnd(void);
unsigned int rnd_below(unsigned int n);
struct shash_alg *find_shash(const char *name);
struct crypto_alg *find_cipher(const char *name);

/* be_core_checks.c */

void check_keccak(void);
void check_sha512_block(bool sha384, unsigned int offset);
void check_crc(void);
void check_cast5(void);
void check_layouts(void);

/* be_hash_checks.c */

void hash_tfm(struct crypto_shash *tfm, struct shash_alg *alg);
void check_hash_suite(const struct kcshim_vector_source *src,
		      const struct kcshim_vector_suite *suite);
void check_every_hash_met_vectors(void);
void check_hash_splits(struct shash_alg *alg);

/* be_cipher_checks.c */

struct crypto_tfm *cipher_tfm(struct crypto_alg *alg);
void check_cipher_suite(const struct kcshim_vector_source *src,
			const struct kcshim_vector_suite *suite);

#endif
