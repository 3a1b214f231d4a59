// SPDX-License-Identifier: GPL-2.0
/*
 * Our drivers on a big-endian CPU: the generic drivers of algs/ and their own vector tables, built
 * for aarch64_be with no libc (be_runtime.c) and run under qemu-aarch64_be. The kernel runs on
 * big-endian arm64, s390, ppc64 and mips, so every generic driver must be endian-clean.
 *
 * One line per check, then a summary; the exit status is 1 if any check failed:
 *  - the CPU really is big-endian, and every driver registered through its init call;
 *  - the exported core functions, called directly: the Keccak-f[1600] permutation (the zero state,
 *    and SHA3-256 through a sponge written here, FIPS 202), one SHA-512 / SHA-384 block of "abc"
 *    (FIPS 180-4), crc_t10dif_generic() (check value 0xd0db), cast5_setkey() with
 *    __cast5_encrypt() / __cast5_decrypt() (RFC 2144 B.1);
 *  - the descriptor layouts sha3.h and crct10dif.h document in host byte order;
 *  - every vector of the "own" tables, through the drivers' callbacks with hand-made tfms:
 *    init/update/final, finup and digest for hashes, aligned and misaligned; ecb, cbc and ctr
 *    (written here over the single-block cipher) for cast5, out of place and in place;
 *  - per hash driver, random messages fed in random pieces, exported and imported into a fresh
 *    descriptor part-way, against the one-shot digest. KCSHIM_TEST_SEED=n replays a run.
 *
 * Built with -DKCSHIM_PLANT_ENDIAN_BUG, the runner's own sponge loads message lanes in host byte
 * order instead of little-endian: the same result on a little-endian CPU, a wrong one here. That
 * build must fail, which shows the runner catches a byte-order mistake.
 */
#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include <kcshim/testvec.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "../../../algs/cast5/cast5.h"
#include "../../../algs/crct10dif/crct10dif.h"
#include "../../../algs/sha3/sha3.h"
#include "../../../algs/sha512/sha512.h"

#include "be_runtime.h"

#define SPLIT_MESSAGES		256	/* random messages per hash driver */
#define SPLIT_MAX_PIECES	24
#define MAX_MSG			2048	/* longest vector or random message */
#define MAX_CIPHER_BLOCK	16
#define POISON			0x5a

static const char *const expected_drivers[] = {
	"sha3-224-generic", "sha3-256-generic", "sha3-384-generic", "sha3-512-generic",
	"shake128-generic", "shake256-generic", "sha384-generic", "sha512-generic",
	"crct10dif-generic", "cast5-generic",
};

static unsigned int checks, failures;
static u64 seed, rng_state;

/* Scratch buffers, 16-byte aligned so that an offset makes them misaligned on purpose. */
static u8 in_buf[MAX_MSG + 16] __aligned(16);
static u8 out_buf[MAX_MSG + 16] __aligned(16);
static u8 state_buf[HASH_MAX_STATESIZE] __aligned(16);

/* Counts a check and starts its line with "ok   " or "FAIL "; the caller prints the rest. */
static bool result(bool ok)
{
	checks++;
	if (!ok)
		failures++;
	be_printf(ok ? "ok   " : "FAIL ");
	return ok;
}

static void print_hex(const u8 *p, unsigned int len)
{
	while (len--)
		be_printf("%02x", *p++);
}

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

static bool fail_err(struct failure *f, const char *step, int err)
{
	*f = (struct failure){ .step = step, .err = err };
	return false;
}

static bool fail_bytes(struct failure *f, const char *step, const u8 *got, const void *want,
		       unsigned int len)
{
	*f = (struct failure){ .step = step, .got = got, .want = want, .len = len };
	return false;
}

static void print_failure(const struct failure *f)
{
	unsigned int i = 0;

	if (!f->got) {
		be_printf("    %s returned %d\n", f->step, f->err);
		return;
	}
	while (i < f->len && f->got[i] == f->want[i])
		i++;
	be_printf("    %s: at byte %u of %u: got ", f->step, i, f->len);
	print_hex(f->got + i, min(16u, f->len - i));
	be_printf(", expected ");
	print_hex(f->want + i, min(16u, f->len - i));
	be_printf("\n");
}

/* splitmix64 */
static u64 rnd(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int rnd_below(unsigned int n)
{
	return n ? rnd() % n : 0;
}

static struct shash_alg *find_shash(const char *name)
{
	unsigned int i;

	for (i = 0; i < be_registry.nshash; i++) {
		struct crypto_alg *base = &be_registry.shash[i]->base;

		if (!strcmp(base->cra_name, name) || !strcmp(base->cra_driver_name, name))
			return be_registry.shash[i];
	}
	return NULL;
}

static struct crypto_alg *find_cipher(const char *name)
{
	unsigned int i;

	for (i = 0; i < be_registry.ncipher; i++) {
		struct crypto_alg *alg = be_registry.cipher[i];

		if (!strcmp(alg->cra_name, name) || !strcmp(alg->cra_driver_name, name))
			return alg;
	}
	return NULL;
}

/* ---- the platform and the registrations ---- */

static void check_byte_order(void)
{
	static const u8 bytes[4] = { 0x01, 0x02, 0x03, 0x04 };
	u32 native;

	memcpy(&native, bytes, sizeof(native));
	result(native == 0x01020304 && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ &&
	       get_unaligned_be32(bytes) == native && get_unaligned_le32(bytes) == 0x04030201);
	be_printf("CPU is big-endian: bytes 01 02 03 04 load as the u32 0x%08x\n", native);
}

static void check_registrations(void)
{
	int failed = be_run_initcalls();
	unsigned int i;

	result(!failed && !be_registry.full);
	be_printf("%u init calls, %d failed: %u hash and %u cipher drivers, %u vector tables\n",
		  be_registry.ninitcalls, failed, be_registry.nshash, be_registry.ncipher,
		  be_registry.nsources);

	for (i = 0; i < ARRAY_SIZE(expected_drivers); i++) {
		const char *name = expected_drivers[i];

		result(find_shash(name) || find_cipher(name));
		be_printf("%s registered\n", name);
	}
}

/* ---- the exported core functions, called directly ---- */

/*
 * Keccak-f[1600] of the all-zero state. The first row is the Keccak team's published value
 * (KeccakF-1600-IntermediateValues.txt); all 25 lanes are what the x86-64 build computes.
 */
static const u64 keccakf_of_zero[SHA3_STATE_WORDS] = {
	0xf1258f7940e1dde7ULL, 0x84d5ccf933c0478aULL, 0xd598261ea65aa9eeULL,
	0xbd1547306f80494dULL, 0x8b284e056253d057ULL, 0xff97a42d7f8e6fd4ULL,
	0x90fee5a0a44647c4ULL, 0x8c5bda0cd6192e76ULL, 0xad30a6f71b19059cULL,
	0x30935ab7d08ffc64ULL, 0xeb5aa93f2317d635ULL, 0xa9a6e6260d712103ULL,
	0x81a57c16dbcf555fULL, 0x43b831cd0347c826ULL, 0x01f22f1a11a5569fULL,
	0x05e5635a21d9ae61ULL, 0x64befef28cc970f2ULL, 0x613670957bc46611ULL,
	0xb87c5a554fd00ecbULL, 0x8c3ee88a1ccf32c8ULL, 0x940c7922ae3a2614ULL,
	0x1841f924a2c509e4ULL, 0x16f53526e70465c2ULL, 0x75f644e97f30a13bULL,
	0xeaf1ff7b5ceca249ULL,
};

/* FIPS 202 example values */
static const u8 sha3_256_empty[SHA3_256_DIGEST_SIZE] =
	"\xa7\xff\xc6\xf8\xbf\x1e\xd7\x66\x51\xc1\x47\x56\xa0\x61\xd6\x62"
	"\xf5\x80\xff\x4d\xe4\x3b\x49\xfa\x82\xd8\x0a\x4b\x80\xf8\x43\x4a";
static const u8 sha3_256_abc[SHA3_256_DIGEST_SIZE] =
	"\x3a\x98\x5d\xa7\x4f\xe2\x25\xb2\x04\x5c\x17\x2d\x6b\xd3\x90\xbd"
	"\x85\x5f\x08\x6e\x3e\x9d\x52\x5b\x46\xbf\xe2\x45\x11\x43\x15\x32";

/* FIPS 180-4 examples: the chaining value after the one block of "abc" */
static const u64 sha512_abc[8] = {
	0xddaf35a193617abaULL, 0xcc417349ae204131ULL, 0x12e6fa4e89a97ea2ULL,
	0x0a9eeee64b55d39aULL, 0x2192992a274fc1a8ULL, 0x36ba3c23a3feebbdULL,
	0x454d4423643ce80eULL, 0x2a9ac94fa54ca49fULL,
};
static const u64 sha384_abc[6] = {
	0xcb00753f45a35e8bULL, 0xb5a03d699ac65007ULL, 0x272c32ab0eded163ULL,
	0x1a8b605a43ff5bedULL, 0x8086072ba1e7cc23ULL, 0x58baeca134c825a7ULL,
};

/* The message lanes of the runner's own sponge: FIPS 202 reads bytes little-endian. */
static u64 load_lane(const u8 *p)
{
#ifdef KCSHIM_PLANT_ENDIAN_BUG
	u64 lane;

	memcpy(&lane, p, sizeof(lane));		/* planted: host byte order */
	return lane;
#else
	return get_unaligned_le64(p);
#endif
}

/* SHA3-256 of a message shorter than one block, using nothing of the driver but its permutation. */
static void sponge_sha3_256(const u8 *msg, unsigned int len, u8 *out)
{
	u8 block[SHA3_256_BLOCK_SIZE] = { 0 };
	u64 st[SHA3_STATE_WORDS] = { 0 };
	unsigned int i;

	memcpy(block, msg, len);
	block[len] ^= SHA3_PAD_BYTE;
	block[sizeof(block) - 1] ^= 0x80;
	for (i = 0; i < sizeof(block) / 8; i++)
		st[i] ^= load_lane(block + 8 * i);
	sha3_keccakf_generic(st);
	for (i = 0; i < SHA3_256_DIGEST_SIZE / 8; i++)
		put_unaligned_le64(st[i], out + 8 * i);
}

static void check_sponge(const char *msg, const u8 *want)
{
	u8 digest[SHA3_256_DIGEST_SIZE];
	struct failure f;
	bool ok;

	sponge_sha3_256((const u8 *)msg, strlen(msg), digest);
	ok = !memcmp(digest, want, sizeof(digest));
	result(ok);
	be_printf("SHA3-256(\"%s\") by this file's sponge over sha3_keccakf_generic()\n", msg);
	if (!ok) {
		fail_bytes(&f, "digest", digest, want, sizeof(digest));
		print_failure(&f);
	}
}

static void check_keccak(void)
{
	u64 st[SHA3_STATE_WORDS] = { 0 };
	unsigned int i;

	sha3_keccakf_generic(st);
	for (i = 0; i < SHA3_STATE_WORDS && st[i] == keccakf_of_zero[i]; i++)
		;
	result(i == SHA3_STATE_WORDS);
	be_printf("sha3_keccakf_generic() of the zero state, 25 lanes\n");
	if (i < SHA3_STATE_WORDS)
		be_printf("    lane %u: got %016llx, expected %016llx\n", i, st[i], keccakf_of_zero[i]);

	check_sponge("", sha3_256_empty);
	check_sponge("abc", sha3_256_abc);
}

static void check_sha512_block(bool sha384, unsigned int offset)
{
	const u64 *want = sha384 ? sha384_abc : sha512_abc;
	unsigned int words = sha384 ? 6 : 8, i;
	u8 *block = in_buf + offset;
	struct sha512_state sst;

	/* "abc", the 0x80 byte, zeroes, and the bit length 24 in the last byte */
	memset(block, 0, SHA512_BLOCK_SIZE);
	memcpy(block, "abc", 3);
	block[3] = 0x80;
	block[SHA512_BLOCK_SIZE - 1] = 24;

	if (sha384)
		sha384_base_init(&sst);
	else
		sha512_base_init(&sst);
	sha512_generic_block_fn(&sst, block, 1);

	for (i = 0; i < words && sst.state[i] == want[i]; i++)
		;
	result(i == words);
	be_printf("sha512_generic_block_fn() on the %s block of \"abc\" at offset %u\n",
		  sha384 ? "SHA-384" : "SHA-512", offset);
	if (i < words)
		be_printf("    word %u: got %016llx, expected %016llx\n", i, sst.state[i], want[i]);
}

static void check_crc(void)
{
	const u8 *msg = (const u8 *)"123456789";
	u16 crc;

	crc = crc_t10dif_generic(0, msg, 9);
	result(crc == 0xd0db);
	be_printf("crc_t10dif_generic(0, \"123456789\") = 0x%04x, check value 0xd0db\n", crc);

	crc = crc_t10dif_generic(crc_t10dif_generic(0, msg, 4), msg + 4, 5);
	result(crc == 0xd0db);
	be_printf("crc_t10dif_generic() continued from \"1234\" over \"56789\" = 0x%04x\n", crc);
}

/* A tfm for a single-block cipher: struct crypto_tfm, then cra_ctxsize bytes of context. */
static u8 cipher_tfm_buf[sizeof(struct crypto_tfm) + 512] __aligned(CRYPTO_MINALIGN);

static struct crypto_tfm *cipher_tfm(struct crypto_alg *alg)
{
	struct crypto_tfm *tfm = (struct crypto_tfm *)cipher_tfm_buf;

	if (alg->cra_ctxsize > sizeof(cipher_tfm_buf) - sizeof(*tfm) ||
	    alg->cra_blocksize > MAX_CIPHER_BLOCK)
		return NULL;
	memset(cipher_tfm_buf, 0, sizeof(cipher_tfm_buf));
	tfm->__crt_alg = alg;
	return tfm;
}

/* RFC 2144 B.1 */
static const struct {
	const char *key;
	unsigned int klen;
	const u8 *ctext;
} cast5_rfc2144[] = {
	{ "\x01\x23\x45\x67\x12\x34\x56\x78\x23\x45\x67\x89\x34\x56\x78\x9a", 16,
	  (const u8 *)"\x23\x8b\x4f\xe5\x84\x7e\x44\xb2" },
	{ "\x01\x23\x45\x67\x12\x34\x56\x78\x23\x45", 10,
	  (const u8 *)"\xeb\x6a\x71\x1a\x2c\x02\x27\x1b" },
	{ "\x01\x23\x45\x67\x12", 5,
	  (const u8 *)"\x7a\xc8\x16\xd1\x6e\x9b\x30\x2e" },
};

static bool cast5_rfc_vector(struct crypto_tfm *tfm, unsigned int i, struct failure *f)
{
	static const u8 ptext[CAST5_BLOCK_SIZE] = "\x01\x23\x45\x67\x89\xab\xcd\xef";
	static u8 ct[CAST5_BLOCK_SIZE], pt[CAST5_BLOCK_SIZE];
	int err;

	if (!tfm)
		return fail_err(f, "cast5-generic lookup", -ENOENT);
	err = cast5_setkey(tfm, (const u8 *)cast5_rfc2144[i].key, cast5_rfc2144[i].klen);
	if (err)
		return fail_err(f, "cast5_setkey()", err);

	__cast5_encrypt(crypto_tfm_ctx(tfm), ct, ptext);
	if (memcmp(ct, cast5_rfc2144[i].ctext, sizeof(ct)))
		return fail_bytes(f, "__cast5_encrypt()", ct, cast5_rfc2144[i].ctext, sizeof(ct));
	__cast5_decrypt(crypto_tfm_ctx(tfm), pt, ct);
	if (memcmp(pt, ptext, sizeof(pt)))
		return fail_bytes(f, "__cast5_decrypt()", pt, ptext, sizeof(pt));
	return true;
}

static void check_cast5(void)
{
	struct crypto_alg *alg = find_cipher("cast5-generic");
	struct crypto_tfm *tfm = alg ? cipher_tfm(alg) : NULL;
	struct failure f;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cast5_rfc2144); i++) {
		bool ok = cast5_rfc_vector(tfm, i, &f);

		result(ok);
		be_printf("cast5_setkey(), __cast5_encrypt(), __cast5_decrypt(): RFC 2144 B.1, %u-bit key\n",
			  cast5_rfc2144[i].klen * 8);
		if (!ok)
			print_failure(&f);
	}
}

/* ---- hashes through the drivers' callbacks ---- */

static void hash_tfm(struct crypto_shash *tfm, struct shash_alg *alg)
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

static void check_hash_suite(const struct kcshim_vector_source *src,
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

static void check_hash_splits(struct shash_alg *alg)
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

/* ---- descriptor layouts that the headers document in host byte order ---- */

static void check_layouts(void)
{
	static const u8 bytes[8] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08 };
	struct shash_alg *sha3 = find_shash("sha3-256-generic");
	struct shash_alg *crc = find_shash("crct10dif-generic");
	struct crypto_shash tfm;
	u8 digest[CRC_T10DIF_DIGEST_SIZE];

	if (sha3) {
		SHASH_DESC_ON_STACK(desc, &tfm);
		struct sha3_state *st = shash_desc_ctx(desc);

		hash_tfm(&tfm, sha3);
		desc->tfm = &tfm;
		sha3->init(desc);
		sha3->update(desc, bytes, sizeof(bytes));
		result(st->st[0] == 0x0807060504030201ULL && st->partial == 8 &&
		       st->rsiz == SHA3_256_BLOCK_SIZE);
		be_printf("sha3-256-generic state after 01..08: lane 0 = %016llx, partial %u, rsiz %u (sha3.h: host byte order)\n",
			  st->st[0], st->partial, st->rsiz);
	} else {
		result(false);
		be_printf("sha3-256-generic state: no driver\n");
	}

	if (crc) {
		SHASH_DESC_ON_STACK(desc, &tfm);
		struct crct10dif_desc_ctx *ctx = shash_desc_ctx(desc);

		hash_tfm(&tfm, crc);
		desc->tfm = &tfm;
		crc->init(desc);
		crc->update(desc, (const u8 *)"123456789", 9);
		crc->final(desc, digest);
		result(ctx->crc == 0xd0db && digest[0] == 0xd0 && digest[1] == 0xdb);
		be_printf("crct10dif-generic after \"123456789\": descriptor u16 0x%04x, digest bytes %02x %02x (crct10dif.h: d0 db on big-endian)\n",
			  ctx->crc, digest[0], digest[1]);
	} else {
		result(false);
		be_printf("crct10dif-generic state: no driver\n");
	}
}

/* ---- single-block ciphers through their callbacks, and the modes of the vector tables ---- */

enum cipher_mode { MODE_ECB, MODE_CBC, MODE_CTR };

/* The kernel's crypto_inc(): the IV as one big-endian counter. */
static void ctr_inc(u8 *ctr, unsigned int size)
{
	while (size-- && !++ctr[size])
		;
}

/*
 * ECB, CBC or CTR (which always encrypts) over the single-block cipher; dst may equal src.
 * Returns false for a length the mode cannot take.
 */
static bool cipher_crypt(struct crypto_tfm *tfm, enum cipher_mode mode, bool enc, u8 *dst,
			 const u8 *src, unsigned int len, u8 *iv)
{
	struct cipher_alg *ci = &tfm->__crt_alg->cra_cipher;
	unsigned int bs = tfm->__crt_alg->cra_blocksize, off, i;
	u8 tmp[MAX_CIPHER_BLOCK];

	if (mode != MODE_CTR && len % bs)
		return false;
	for (off = 0; off < len; off += bs) {
		unsigned int n = min(bs, len - off);

		switch (mode) {
		case MODE_ECB:
			(enc ? ci->cia_encrypt : ci->cia_decrypt)(tfm, dst + off, src + off);
			break;
		case MODE_CBC:
			if (enc) {
				for (i = 0; i < bs; i++)
					tmp[i] = src[off + i] ^ iv[i];
				ci->cia_encrypt(tfm, dst + off, tmp);
				memcpy(iv, dst + off, bs);
			} else {
				memcpy(tmp, src + off, bs);
				ci->cia_decrypt(tfm, dst + off, tmp);
				for (i = 0; i < bs; i++)
					dst[off + i] ^= iv[i];
				memcpy(iv, tmp, bs);
			}
			break;
		case MODE_CTR:
			ci->cia_encrypt(tfm, tmp, iv);
			for (i = 0; i < n; i++)
				dst[off + i] = src[off + i] ^ tmp[i];
			ctr_inc(iv, bs);
			break;
		}
	}
	return true;
}

/* Encrypts out of place into a misaligned buffer, then decrypts in place. */
static bool cipher_vector(struct crypto_tfm *tfm, enum cipher_mode mode,
			  const struct kcshim_cipher_vec *vec, struct failure *f)
{
	struct crypto_alg *alg = tfm->__crt_alg;
	unsigned int bs = alg->cra_blocksize;
	u8 *enc = out_buf + 1, *dec = in_buf + 3;
	static u8 iv[MAX_CIPHER_BLOCK];
	int err;

	if (vec->len > MAX_MSG)
		return fail_err(f, "a vector longer than MAX_MSG", -EINVAL);
	err = alg->cra_cipher.cia_setkey(tfm, (const u8 *)vec->key, vec->klen);
	if (err != vec->setkey_error)
		return fail_err(f, "setkey", err);
	if (err)
		return true;

	memcpy(in_buf, vec->ptext, vec->len);
	memset(iv, 0, sizeof(iv));
	if (vec->iv)
		memcpy(iv, vec->iv, bs);
	if (!cipher_crypt(tfm, mode, true, enc, in_buf, vec->len, iv))
		return fail_err(f, "a mode given a partial block", -EINVAL);
	if (memcmp(enc, vec->ctext, vec->len))
		return fail_bytes(f, "encrypt", enc, vec->ctext, vec->len);
	if (vec->iv_out && memcmp(iv, vec->iv_out, bs))
		return fail_bytes(f, "IV after encrypt", iv, vec->iv_out, bs);

	memcpy(dec, vec->ctext, vec->len);
	memset(iv, 0, sizeof(iv));
	if (vec->iv)
		memcpy(iv, vec->iv, bs);
	cipher_crypt(tfm, mode, false, dec, dec, vec->len, iv);
	if (memcmp(dec, vec->ptext, vec->len))
		return fail_bytes(f, "decrypt in place", dec, vec->ptext, vec->len);
	if (vec->iv_out && memcmp(iv, vec->iv_out, bs))
		return fail_bytes(f, "IV after decrypt", iv, vec->iv_out, bs);
	return true;
}

/* "ecb(cast5)" -> MODE_ECB and "cast5"; false for anything else. */
static bool parse_cipher_suite(const char *name, enum cipher_mode *mode, char *cipher,
			       size_t size)
{
	static const char *const modes[] = { [MODE_ECB] = "ecb(", [MODE_CBC] = "cbc(",
					     [MODE_CTR] = "ctr(" };
	size_t len = strlen(name);
	unsigned int m;

	for (m = 0; m < ARRAY_SIZE(modes); m++) {
		if (len > 5 && len - 5 < size && !memcmp(name, modes[m], 4) && name[len - 1] == ')') {
			memcpy(cipher, name + 4, len - 5);
			cipher[len - 5] = '\0';
			*mode = m;
			return true;
		}
	}
	return false;
}

static void check_cipher_suite(const struct kcshim_vector_source *src,
			       const struct kcshim_vector_suite *suite)
{
	const struct kcshim_cipher_vec *vecs = suite->vecs;
	struct crypto_alg *alg = NULL;
	struct crypto_tfm *tfm = NULL;
	enum cipher_mode mode;
	char name[CRYPTO_MAX_ALG_NAME];
	unsigned int i;

	if (parse_cipher_suite(suite->alg, &mode, name, sizeof(name)))
		alg = find_cipher(name);
	if (alg)
		tfm = cipher_tfm(alg);
	if (!tfm) {
		result(false);
		be_printf("%s: no single-block cipher to run these %u %s vectors on\n", suite->alg,
			  suite->count, src->name);
		return;
	}

	for (i = 0; i < suite->count; i++) {
		const struct kcshim_cipher_vec *vec = &vecs[i];
		struct failure f;
		bool ok = cipher_vector(tfm, mode, vec, &f);

		result(ok);
		be_printf("%-18s %s %s vector %u of %u, %u bytes, %u-byte key: encrypt, decrypt in place\n",
			  alg->cra_driver_name, src->name, suite->alg, i + 1, suite->count, vec->len,
			  vec->klen);
		if (!ok)
			print_failure(&f);
	}
}

/* ---- the run ---- */

static void check_vector_tables(void)
{
	unsigned int s, k;

	for (s = 0; s < be_registry.nsources; s++) {
		const struct kcshim_vector_source *src = be_registry.sources[s];

		for (k = 0; k < src->nsuites; k++) {
			const struct kcshim_vector_suite *suite = &src->suites[k];

			if (suite->kind == KCSHIM_SUITE_HASH)
				check_hash_suite(src, suite);
			else if (suite->kind == KCSHIM_SUITE_CIPHER)
				check_cipher_suite(src, suite);
		}
	}
}

static void check_every_hash_met_vectors(void)
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

int be_main(void)
{
	const char *env = be_getenv("KCSHIM_TEST_SEED");
	unsigned int i;

	if (!env || !be_parse_u64(env, &seed))
		seed = be_random_u64();
	rng_state = seed;
	be_printf("kcshim drivers on aarch64_be%s; KCSHIM_TEST_SEED=%llu\n",
#ifdef KCSHIM_PLANT_ENDIAN_BUG
		  ", with the planted byte-order bug (this run must fail)",
#else
		  "",
#endif
		  seed);

	be_printf("== platform and registration\n");
	check_byte_order();
	check_registrations();

	be_printf("== exported core functions\n");
	check_keccak();
	check_sha512_block(false, 0);
	check_sha512_block(false, 5);
	check_sha512_block(true, 0);
	check_crc();
	check_cast5();

	be_printf("== descriptor layouts\n");
	check_layouts();

	be_printf("== own vectors through the drivers' callbacks\n");
	check_vector_tables();
	check_every_hash_met_vectors();

	be_printf("== split updates\n");
	for (i = 0; i < be_registry.nshash; i++)
		check_hash_splits(be_registry.shash[i]);

	be_printf("%u checks, %u passed, %u failed; KCSHIM_TEST_SEED=%llu\n", checks,
		  checks - failures, failures, seed);
	return failures ? 1 : 0;
}
