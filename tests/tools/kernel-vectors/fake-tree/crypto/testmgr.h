/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A made-up testmgr.h for tools/kernel-vectors' tests, written for kcshim: the vector structs
 * carry the fields of the 5.1+ testmgr interface, and the tables are standard vectors (FIPS 180-2,
 * RFC 2144 B.1) plus deliberately wrong ones the tests expect to be caught or left out.
 */
#ifndef _FAKE_TESTMGR_H
#define _FAKE_TESTMGR_H

#include <linux/kcshim_fake_extra.h>

struct hash_testvec {
	const char *key;
	const char *plaintext;
	const char *digest;
	unsigned int psize;
	unsigned short ksize;
	int setkey_error;
	int digest_error;
	bool fips_skip;
};

struct cipher_testvec {
	const char *key;
	const char *iv;
	const char *iv_out;
	const char *ptext;
	const char *ctext;
	unsigned char wk; /* weak key */
	unsigned short klen;
	unsigned int len;
	bool fips_skip;
	bool generates_iv;
	int setkey_error;
	int crypt_error;
};

struct aead_testvec {
	const char *key;
	const char *iv;
	const char *ptext;
	const char *assoc;
	const char *ctext;
	unsigned char novrfy;
	unsigned char wk;
	unsigned char klen;
	unsigned int plen;
	unsigned int clen;
	unsigned int alen;
	int setkey_error;
	int setauthsize_error;
	int crypt_error;
};

/* FIPS 180-2 "abc"; the second vector is wrong and lies beyond the entry's .count = 1. */
static const struct hash_testvec fake_sha512_tv[] = {
	{
		.plaintext = "abc",
		.psize = 3,
		.digest = "\xdd\xaf\x35\xa1\x93\x61\x7a\xba\xcc\x41\x73\x49\xae\x20\x41\x31"
			  "\x12\xe6\xfa\x4e\x89\xa9\x7e\xa2\x0a\x9e\xee\xe6\x4b\x55\xd3\x9a"
			  "\x21\x92\x99\x2a\x27\x4f\xc1\xa8\x36\xba\x3c\x23\xa3\xfe\xeb\xbd"
			  "\x45\x4d\x44\x23\x64\x3c\xe8\x0e\x2a\x9a\xc9\x4f\xa5\x4c\xa4\x9f",
	}, {
		.plaintext = "not counted",
		.psize = 11,
		.digest = "\x00",
	}
};

/* Wrong on purpose: the self-tests must report sha384-generic as failed. */
static const struct hash_testvec fake_bad_sha384_tv[] = {
	{
		.plaintext = "abc",
		.psize = 3,
		.digest = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
			  "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
			  "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
	}
};

/* RFC 2144 B.1, 128-bit key; then a 4-byte key, below CAST5's minimum. */
static const struct cipher_testvec fake_cast5_tv[] = {
	{
		.key = "\x01\x23\x45\x67\x12\x34\x56\x78\x23\x45\x67\x89\x34\x56\x78\x9a",
		.klen = 16,
		.ptext = "\x01\x23\x45\x67\x89\xab\xcd\xef",
		.ctext = "\x23\x8b\x4f\xe5\x84\x7e\x44\xb2",
		.len = 8,
	}, {
		.key = "\x01\x23\x45\x67",
		.klen = 4,
		.setkey_error = -EINVAL,
		.ptext = "\x00\x00\x00\x00\x00\x00\x00\x00",
		.ctext = "\x00\x00\x00\x00\x00\x00\x00\x00",
		.len = 8,
	}
};

/* Made up: no driver has this name, so it is converted but never run. */
static const struct aead_testvec fake_aegis_tv[] = {
	{
		.key = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
		.klen = 16,
		.iv = "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.assoc = "\x01",
		.alen = 1,
		.ctext = "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.clen = 16,
		.novrfy = 1,
	}
};

#endif
