// SPDX-License-Identifier: GPL-2.0
/*
 * The big-endian runner's checks of the drivers' exported core functions, called directly (the
 * Keccak-f[1600] permutation and SHA3-256 through a sponge of its own, one SHA-512 / SHA-384 block,
 * crc_t10dif_generic(), cast5_setkey() with __cast5_encrypt() / __cast5_decrypt()), and of the
 * descriptor layouts sha3.h and crct10dif.h document in host byte order.
 *
 * Built with -DKCSHIM_PLANT_ENDIAN_BUG, the sponge here loads message lanes in host byte order
 * (be_runner.c's file comment).
 */
#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include "../../../algs/cast5/cast5.h"
#include "../../../algs/crct10dif/crct10dif.h"
#include "../../../algs/sha3/sha3.h"
#include "../../../algs/sha512/sha512.h"

#include "be_runner.h"
#include "be_runtime.h"

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

void check_keccak(void)
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

void check_sha512_block(bool sha384, unsigned int offset)
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

void check_crc(void)
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

void check_cast5(void)
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

/* ---- descriptor layouts that the headers document in host byte order ---- */

void check_layouts(void)
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
