/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Block-only shash drivers (6.16's CRYPTO_AHASH_ALG_BLOCK_ONLY) for the API's tests: "blocksum",
 * a 16-byte-block toy hash whose .update only ever consumes whole blocks and returns the rest,
 * and whose .finup takes the partial block. Each driver records what the API handed it.
 */
#ifndef KCSHIM_BLOCK_ONLY_DRIVERS_H
#define KCSHIM_BLOCK_ONLY_DRIVERS_H

#include <crypto/internal/hash.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BLOCKSUM_BLOCK_SIZE	16
#define BLOCKSUM_DIGEST_SIZE	8

/* What the API did to a driver since the last reset. */
struct blocksum_calls {
	unsigned int updates;
	unsigned int update_short;	/* updates given less than a block (never: the API buffers) */
	unsigned int finups;
	unsigned int finup_min_len;	/* shortest data finup was given */
	unsigned int finup_max_len;	/* longest data finup was given */
};
extern struct blocksum_calls blocksum_calls;
void blocksum_reset_calls(void);

/*
 * Fills alg as a block-only "blocksum" driver: flags are added to CRYPTO_AHASH_ALG_BLOCK_ONLY
 * (FINAL_NONZERO, FINUP_MAX); with_core, it has export_core/import_core of its own (they must
 * be left out of a block-only driver's defaults too, so this tests that the API overrides them).
 */
void blocksum_make(struct shash_alg *alg, const char *driver, u32 flags);
/* The same hash buffering its own partial block, as drivers up to 6.15 did. */
void blocksum_make_classic(struct shash_alg *alg, const char *driver);
/* The reference: blocksum of data in one go. */
void blocksum_reference(const u8 *data, size_t len, u8 out[BLOCKSUM_DIGEST_SIZE]);
/* The core state's size (what export_core writes). */
#define BLOCKSUM_CORE_SIZE	16

#ifdef __cplusplus
}
#endif

#endif
