// SPDX-License-Identifier: GPL-2.0
/*
 * Our drivers on a big-endian CPU: the generic drivers of algs/ and their own vector tables, built
 * for aarch64_be with no libc (be_runtime.c) and run under qemu-aarch64_be. The kernel runs on
 * big-endian arm64, s390, ppc64 and mips, so every generic driver must be endian-clean.
 *
 * One line per check, then a summary; the exit status is 1 if any check failed:
 *  - the CPU really is big-endian, and every driver registered through its init call (here);
 *  - the exported core functions, called directly: the Keccak-f[1600] permutation (the zero state,
 *    and SHA3-256 through a sponge of its own, FIPS 202), one SHA-512 / SHA-384 block of "abc"
 *    (FIPS 180-4), crc_t10dif_generic() (check value 0xd0db), cast5_setkey() with
 *    __cast5_encrypt() / __cast5_decrypt() (RFC 2144 B.1) (be_core_checks.c);
 *  - the descriptor layouts sha3.h and crct10dif.h document in host byte order (be_core_checks.c);
 *  - every vector of the "own" tables, through the drivers' callbacks with hand-made tfms:
 *    init/update/final, finup and digest for hashes, aligned and misaligned (be_hash_checks.c);
 *    ecb, cbc and ctr (over the single-block cipher) for cast5, out of place and in place
 *    (be_cipher_checks.c);
 *  - per hash driver, random messages fed in random pieces, exported and imported into a fresh
 *    descriptor part-way, against the one-shot digest (be_hash_checks.c). KCSHIM_TEST_SEED=n
 *    replays a run.
 * This file holds what they share (be_runner.h), the platform checks and be_main(), which runs
 * them all in order.
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

#include "be_runner.h"
#include "be_runtime.h"

static const char *const expected_drivers[] = {
	"sha3-224-generic", "sha3-256-generic", "sha3-384-generic", "sha3-512-generic",
	"shake128-generic", "shake256-generic", "sha384-generic", "sha512-generic",
	"crct10dif-generic", "cast5-generic",
};

static unsigned int checks, failures;
u64 seed;
static u64 rng_state;

u8 in_buf[MAX_MSG + 16] __aligned(16);
u8 out_buf[MAX_MSG + 16] __aligned(16);
u8 state_buf[HASH_MAX_STATESIZE] __aligned(16);

/* Counts a check and starts its line with "ok   " or "FAIL "; the caller prints the rest. */
bool result(bool ok)
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

bool fail_err(struct failure *f, const char *step, int err)
{
	*f = (struct failure){ .step = step, .err = err };
	return false;
}

bool fail_bytes(struct failure *f, const char *step, const u8 *got, const void *want,
		unsigned int len)
{
	*f = (struct failure){ .step = step, .got = got, .want = want, .len = len };
	return false;
}

void print_failure(const struct failure *f)
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
u64 rnd(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

unsigned int rnd_below(unsigned int n)
{
	return n ? rnd() % n : 0;
}

struct shash_alg *find_shash(const char *name)
{
	unsigned int i;

	for (i = 0; i < be_registry.nshash; i++) {
		struct crypto_alg *base = &be_registry.shash[i]->base;

		if (!strcmp(base->cra_name, name) || !strcmp(base->cra_driver_name, name))
			return be_registry.shash[i];
	}
	return NULL;
}

struct crypto_alg *find_cipher(const char *name)
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
