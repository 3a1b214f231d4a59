// SPDX-License-Identifier: GPL-2.0
/*
 * blocksum: two 64-bit lanes, each block mixed in with a multiply and a rotate; the last block is
 * zero-padded with the total length folded in, so every byte and every block boundary matters.
 */
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "block_only_drivers.h"

struct blocksum_core {
	u64 lane[2];	/* the lanes so far */
};

struct blocksum_classic {
	struct blocksum_core core;
	u64 count;
	u8 buf[BLOCKSUM_BLOCK_SIZE];
};

struct blocksum_calls blocksum_calls;

void blocksum_reset_calls(void)
{
	memset(&blocksum_calls, 0, sizeof(blocksum_calls));
	blocksum_calls.finup_min_len = ~0u;
}

static void blocksum_init_core(struct blocksum_core *c)
{
	c->lane[0] = 0x6a09e667f3bcc908ull;
	c->lane[1] = 0xbb67ae8584caa73bull;
}

static void blocksum_block(struct blocksum_core *c, const u8 *block)
{
	c->lane[0] = rol64((c->lane[0] ^ get_unaligned_le64(block)) * 0x9e3779b97f4a7c15ull, 29);
	c->lane[1] = rol64((c->lane[1] ^ get_unaligned_le64(block + 8)) * 0xc2b2ae3d27d4eb4full, 31);
}

/* The final block: the partial data, zeros, and the total length; then the lanes combined. */
static void blocksum_last(struct blocksum_core *c, const u8 *data, unsigned int len, u64 total,
			  u8 *out)
{
	u8 last[BLOCKSUM_BLOCK_SIZE] = { 0 };

	memcpy(last, data, len);
	put_unaligned_le64(get_unaligned_le64(last + 8) ^ total, last + 8);
	blocksum_block(c, last);
	put_unaligned_le64(c->lane[0] ^ rol64(c->lane[1], 17), out);
}

void blocksum_reference(const u8 *data, size_t len, u8 out[BLOCKSUM_DIGEST_SIZE])
{
	struct blocksum_core c;
	size_t total = len;

	blocksum_init_core(&c);
	for (; len >= BLOCKSUM_BLOCK_SIZE; len -= BLOCKSUM_BLOCK_SIZE, data += BLOCKSUM_BLOCK_SIZE)
		blocksum_block(&c, data);
	blocksum_last(&c, data, len, total, out);
}

/* Block-only: the desc holds the core and a byte count of whole blocks. */
struct blocksum_state {
	struct blocksum_core core;
	u64 blocks;
};

static int bo_init(struct shash_desc *desc)
{
	struct blocksum_state *st = shash_desc_ctx(desc);

	blocksum_init_core(&st->core);
	st->blocks = 0;
	return 0;
}

static int bo_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct blocksum_state *st = shash_desc_ctx(desc);

	blocksum_calls.updates++;
	if (len < BLOCKSUM_BLOCK_SIZE)
		blocksum_calls.update_short++;
	for (; len >= BLOCKSUM_BLOCK_SIZE; len -= BLOCKSUM_BLOCK_SIZE, data += BLOCKSUM_BLOCK_SIZE) {
		blocksum_block(&st->core, data);
		st->blocks++;
	}
	return len;
}

static int bo_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct blocksum_state *st = shash_desc_ctx(desc);

	blocksum_calls.finups++;
	blocksum_calls.finup_min_len = min(blocksum_calls.finup_min_len, len);
	blocksum_calls.finup_max_len = max(blocksum_calls.finup_max_len, len);
	/* FINUP_MAX drivers take any length here; the others get less than a block */
	while (len > BLOCKSUM_BLOCK_SIZE ||
	       (len == BLOCKSUM_BLOCK_SIZE &&
		!(crypto_shash_alg(desc->tfm)->base.cra_flags & CRYPTO_AHASH_ALG_FINAL_NONZERO))) {
		blocksum_block(&st->core, data);
		st->blocks++;
		data += BLOCKSUM_BLOCK_SIZE;
		len -= BLOCKSUM_BLOCK_SIZE;
	}
	if (len == BLOCKSUM_BLOCK_SIZE) {
		/* FINAL_NONZERO keeps a whole block back: it is a block, then an empty last one */
		blocksum_block(&st->core, data);
		st->blocks++;
		data += len;
		len = 0;
	}
	blocksum_last(&st->core, data, len, st->blocks * BLOCKSUM_BLOCK_SIZE + len, out);
	return 0;
}

static int bo_export_core(struct shash_desc *desc, void *out)
{
	struct blocksum_state *st = shash_desc_ctx(desc);

	memcpy(out, &st->core, BLOCKSUM_CORE_SIZE);
	return 0;
}

static int bo_import_core(struct shash_desc *desc, const void *in)
{
	struct blocksum_state *st = shash_desc_ctx(desc);

	memcpy(&st->core, in, BLOCKSUM_CORE_SIZE);
	st->blocks = 0;
	return 0;
}

void blocksum_make(struct shash_alg *alg, const char *driver, u32 flags)
{
	memset(alg, 0, sizeof(*alg));
	alg->init = bo_init;
	alg->update = bo_update;
	alg->finup = bo_finup;
	/* a driver may bring its own; for a block-only hash the API uses export/import instead */
	alg->export_core = bo_export_core;
	alg->import_core = bo_import_core;
	alg->descsize = sizeof(struct blocksum_state);
	alg->digestsize = BLOCKSUM_DIGEST_SIZE;
	strscpy(alg->base.cra_name, "blocksum", CRYPTO_MAX_ALG_NAME);
	strscpy(alg->base.cra_driver_name, driver, CRYPTO_MAX_ALG_NAME);
	alg->base.cra_priority = 100;
	alg->base.cra_blocksize = BLOCKSUM_BLOCK_SIZE;
	alg->base.cra_flags = CRYPTO_AHASH_ALG_BLOCK_ONLY | flags;
}

static int classic_init(struct shash_desc *desc)
{
	struct blocksum_classic *st = shash_desc_ctx(desc);

	blocksum_init_core(&st->core);
	st->count = 0;
	return 0;
}

static int classic_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct blocksum_classic *st = shash_desc_ctx(desc);
	unsigned int partial = st->count % BLOCKSUM_BLOCK_SIZE;

	st->count += len;
	while (len) {
		unsigned int n = min(len, BLOCKSUM_BLOCK_SIZE - partial);

		memcpy(st->buf + partial, data, n);
		partial += n;
		data += n;
		len -= n;
		if (partial == BLOCKSUM_BLOCK_SIZE && len) {
			blocksum_block(&st->core, st->buf);
			partial = 0;
		}
	}
	return 0;
}

static int classic_final(struct shash_desc *desc, u8 *out)
{
	struct blocksum_classic *st = shash_desc_ctx(desc);
	unsigned int partial = st->count % BLOCKSUM_BLOCK_SIZE;

	/* a full buffer is a block still to mix in before the (empty) last one */
	if (!partial && st->count) {
		blocksum_block(&st->core, st->buf);
	}
	blocksum_last(&st->core, st->buf, partial, st->count, out);
	return 0;
}

void blocksum_make_classic(struct shash_alg *alg, const char *driver)
{
	memset(alg, 0, sizeof(*alg));
	alg->init = classic_init;
	alg->update = classic_update;
	alg->final = classic_final;
	alg->descsize = sizeof(struct blocksum_classic);
	alg->digestsize = BLOCKSUM_DIGEST_SIZE;
	strscpy(alg->base.cra_name, "blocksum", CRYPTO_MAX_ALG_NAME);
	strscpy(alg->base.cra_driver_name, driver, CRYPTO_MAX_ALG_NAME);
	alg->base.cra_priority = 50;
	alg->base.cra_blocksize = BLOCKSUM_BLOCK_SIZE;
}
