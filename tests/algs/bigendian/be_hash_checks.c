// SPDX-License-Identifier: GPL-2.0
/*
 * The big-endian runner's hash checks through the drivers' callbacks with hand-made tfms: every
 * vector of the "own" tables by init/update/final, finup and digest, aligned and misaligned; and
 * random messages fed in random pieces, exported and imported part-way, against the one-shot
 * digest.
 */
#include <crypto/internal/hash.h>
#include <kcshim/testvec.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>

#include "be_runner.h"
#include "be_runtime.h"

/* ---- hashes through the drivers' callbacks ---- */

void hash_tfm(struct crypto_shash *tfm, struct shash_alg *alg)
{
	memset(tfm, 0, sizeof(*tfm));
	tfm->descsize = alg->descsize;
	tfm->base.__crt_alg = &alg->base;
}

enum hash_path { HASH_UPDATE_FINAL, HASH_FINUP, HASH_DIGEST, HASH_PATHS };

static const char *const hash_path_names[HASH_PATHS] = { "init/update/final", "finup", "digest" };

static bool hash_has_path(struct shash_alg *alg, enum hash_path path)
{
	return path == HASH_UPDATE_FINAL || (path == HASH_FINUP && alg->finup) ||
	       (path == HASH_DIGEST && alg->digest);
}

static int hash_oneshot(struct crypto_shash *tfm, enum hash_path path, const u8 *data,
			unsigned int len, u8 *out)
{
	struct shash_alg *alg = crypto_shash_alg(tfm);
	SHASH_DESC_ON_STACK(desc, tfm);
	int err;

	desc->tfm = tfm;
	if (path == HASH_DIGEST)
		return alg->digest(desc, data, len, out);
	err = alg->init(desc);
	if (err)
		return err;
	if (path == HASH_FINUP)
		return alg->finup(desc, data, len, out);
	err = alg->update(desc, data, len);
	return err ?: alg->final(desc, out);
}

/* The driver's .export, or the core's default for a driver without one: the descriptor itself. */
static int hash_export(struct shash_desc *desc, void *out)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);

	if (alg->export)
		return alg->export(desc, out);
	memcpy(out, shash_desc_ctx(desc), alg->descsize);
	return 0;
}

static int hash_import(struct shash_desc *desc, const void *in)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);

	if (alg->import)
		return alg->import(desc, in);
	memcpy(shash_desc_ctx(desc), in, alg->descsize);
	return 0;
}

/*
 * One vector by one path, input at @in_offset and output at @out_offset, with poison after the
 * digest that must stay.
 */
static bool hash_vector_run(struct crypto_shash *tfm, const struct kcshim_hash_vec *vec,
			    enum hash_path path, unsigned int in_offset, unsigned int out_offset,
			    struct failure *f)
{
	static const u8 poison[16] = { [0 ... 15] = POISON };
	unsigned int ds = crypto_shash_digestsize(tfm);
	u8 *in = in_buf + in_offset, *out = out_buf + out_offset;
	int err;

	memcpy(in, vec->plaintext, vec->psize);
	memset(out, POISON, ds + 16);
	err = hash_oneshot(tfm, path, in, vec->psize, out);
	if (err)
		return fail_err(f, hash_path_names[path], err);
	if (memcmp(out + ds, poison, sizeof(poison)))
		return fail_bytes(f, "the bytes after the digest", out + ds, poison, sizeof(poison));
	if (memcmp(out, vec->digest, ds))
		return fail_bytes(f, hash_path_names[path], out, vec->digest, ds);
	return true;
}

/* Every path the driver has, aligned and then at input offset 1 and output offset 3. */
static bool hash_vector(struct crypto_shash *tfm, const struct kcshim_hash_vec *vec,
			unsigned int *runs, unsigned int *misaligned, struct failure *f)
{
	enum hash_path path;

	for (path = 0; path < HASH_PATHS; path++) {
		if (!hash_has_path(crypto_shash_alg(tfm), path))
			continue;
		for (*misaligned = 0; *misaligned < 2; ++*misaligned) {
			++*runs;
			if (!hash_vector_run(tfm, vec, path, *misaligned, 3 * *misaligned, f))
				return false;
		}
	}
	return true;
}

static unsigned int vectors_met[BE_MAX_ALGS];	/* per be_registry.shash[] entry */

void check_hash_suite(const struct kcshim_vector_source *src,
		      const struct kcshim_vector_suite *suite)
{
	const struct kcshim_hash_vec *vecs = suite->vecs;
	struct shash_alg *alg = find_shash(suite->alg);
	struct crypto_shash tfm;
	unsigned int i, n;

	if (!alg) {
		result(false);
		be_printf("%s: no driver registered for these %u %s vectors\n", suite->alg,
			  suite->count, src->name);
		return;
	}
	hash_tfm(&tfm, alg);
	for (n = 0; be_registry.shash[n] != alg; n++)
		;

	for (i = 0; i < suite->count; i++) {
		const struct kcshim_hash_vec *vec = &vecs[i];
		unsigned int runs = 0, misaligned;
		struct failure f;
		bool ok;

		if (vec->ksize || vec->psize > MAX_MSG) {
			result(false);
			be_printf("%-18s %s vector %u of %u: keyed, or longer than %u bytes: not run\n",
				  alg->base.cra_driver_name, src->name, i + 1, suite->count, MAX_MSG);
			continue;
		}
		ok = hash_vector(&tfm, vec, &runs, &misaligned, &f);
		vectors_met[n]++;
		result(ok);
		be_printf("%-18s %s vector %u of %u, %u bytes: %u runs\n", alg->base.cra_driver_name,
			  src->name, i + 1, suite->count, vec->psize, runs);
		if (!ok) {
			be_printf("    input offset %u, output offset %u\n", misaligned,
				  3 * misaligned);
			print_failure(&f);
		}
	}
}

/* One random message of the split-update check, and where it was cut. */
struct split_case {
	unsigned int len, offset;
	unsigned int cuts[SPLIT_MAX_PIECES], npieces;	/* where each piece ends */
	unsigned int export_after;			/* the piece after which it moves */
	u8 got[HASH_MAX_DIGESTSIZE], want[HASH_MAX_DIGESTSIZE];
};

static void split_case_make(struct split_case *c, unsigned int max_len, unsigned int blocksize)
{
	unsigned int pos = 0, i;

	c->len = rnd_below(max_len + 1);
	c->offset = rnd_below(8);
	for (i = 0; i < c->len; i++)
		in_buf[c->offset + i] = (u8)rnd();

	/* mostly pieces below a block, so that partial blocks are common; some empty */
	c->npieces = 0;
	while (pos < c->len && c->npieces < SPLIT_MAX_PIECES - 1) {
		unsigned int piece = rnd_below(4) ? rnd_below(blocksize + 9) :
						    rnd_below(c->len - pos + 1);

		pos += min(piece, c->len - pos);
		c->cuts[c->npieces++] = pos;
	}
	if (pos < c->len || !c->npieces)
		c->cuts[c->npieces++] = c->len;
	c->export_after = rnd_below(c->npieces);
}

/*
 * Feeds the message piece by piece, exports after piece export_after, poisons that descriptor
 * and imports into a fresh one that carries on; the digest must be the one-shot digest.
 */
static bool split_case_run(struct crypto_shash *tfm, struct split_case *c, struct failure *f)
{
	struct shash_alg *alg = crypto_shash_alg(tfm);
	const u8 *msg = in_buf + c->offset;
	SHASH_DESC_ON_STACK(desc, tfm);
	SHASH_DESC_ON_STACK(desc2, tfm);
	struct shash_desc *d = desc;
	unsigned int i, pos = 0;
	int err;

	err = hash_oneshot(tfm, HASH_UPDATE_FINAL, msg, c->len, c->want);
	if (err)
		return fail_err(f, "one-shot init/update/final", err);

	desc->tfm = tfm;
	desc2->tfm = tfm;
	err = alg->init(d);
	if (err)
		return fail_err(f, "init", err);
	for (i = 0; i < c->npieces; pos = c->cuts[i++]) {
		err = alg->update(d, msg + pos, c->cuts[i] - pos);
		if (err)
			return fail_err(f, "update", err);
		if (i != c->export_after)
			continue;
		memset(state_buf, 0, sizeof(state_buf));
		err = hash_export(d, state_buf);
		if (err)
			return fail_err(f, "export", err);
		memset(shash_desc_ctx(d), POISON, alg->descsize);
		d = desc2;
		err = hash_import(d, state_buf);
		if (err)
			return fail_err(f, "import", err);
	}
	err = alg->final(d, c->got);
	if (err)
		return fail_err(f, "final", err);
	if (memcmp(c->got, c->want, alg->digestsize))
		return fail_bytes(f, "digest", c->got, c->want, alg->digestsize);
	return true;
}

void check_hash_splits(struct shash_alg *alg)
{
	/* three blocks and some; for CRC-T10DIF's one-byte blocks, three of SHA-512's */
	unsigned int max_len = 3 * max(alg->base.cra_blocksize, 128u) + 9;
	struct crypto_shash tfm;
	struct split_case c;
	struct failure f;
	unsigned int i;
	bool ok = true;

	hash_tfm(&tfm, alg);
	for (i = 0; i < SPLIT_MESSAGES && ok; i++) {
		split_case_make(&c, max_len, alg->base.cra_blocksize);
		ok = split_case_run(&tfm, &c, &f);
	}
	result(ok);
	be_printf("%-18s %u random messages of 0..%u bytes in random pieces, export/import part-way: the one-shot digest\n",
		  alg->base.cra_driver_name, SPLIT_MESSAGES, max_len);
	if (ok)
		return;
	be_printf("    message %u: %u bytes at offset %u, export/import after piece %u, pieces ending at",
		  i, c.len, c.offset, c.export_after + 1);
	for (i = 0; i < c.npieces; i++)
		be_printf(" %u", c.cuts[i]);
	be_printf("; KCSHIM_TEST_SEED=%llu replays it\n", seed);
	print_failure(&f);
}

void check_every_hash_met_vectors(void)
{
	unsigned int i, missing = 0;

	for (i = 0; i < be_registry.nshash; i++)
		missing += !vectors_met[i];
	result(!missing);
	be_printf("every hash driver met its own vectors\n");
	for (i = 0; i < be_registry.nshash; i++) {
		if (!vectors_met[i])
			be_printf("    none for %s\n", be_registry.shash[i]->base.cra_driver_name);
	}
}
