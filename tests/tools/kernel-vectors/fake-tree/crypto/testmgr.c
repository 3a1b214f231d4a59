// SPDX-License-Identifier: GPL-2.0
/*
 * A made-up testmgr.c for tools/kernel-vectors' tests, written for kcshim: an alg_test_descs[]
 * table in each initialiser form kvgen.py must read, and entries it must leave out.
 */
#include <linux/err.h>
#include <crypto/hash.h>
#include <crypto/not_in_the_shim.h>

#include "testmgr.h"

#define ____VECS(tv)	.vecs = tv, .count = ARRAY_SIZE(tv)
#define __VECS(tv)	{ ____VECS(tv) }

static const struct alg_test_desc alg_test_descs[] = {
	{
		.alg = "aegis-fake",
		.test = alg_test_aead,
		.suite = {
			.aead = {	/* the brace form, with a flag */
				____VECS(fake_aegis_tv),
				.einval_allowed = 1,
			}
		}
	}, {
#if IS_ENABLED(CONFIG_CRYPTO_FAKE_S390)
		.alg = "cbc-fake-s390",
		.test = alg_test_skcipher,
		.suite = {
			.cipher = __VECS(no_such_table)	/* config off: must drop out */
		}
	}, {
#endif
		.alg = "ecb(cast5)",
		.test = alg_test_skcipher,
		.suite = {
			.cipher = __VECS(fake_cast5_tv)
		},
	}, {
		.alg = "fancy-hash",
		.test = alg_test_fancy,		/* unknown test function: skipped */
		.suite.hash = __VECS(no_such_table),
	}, {
		.alg = "null-fake",
		.test = alg_test_null,
		.fips_allowed = 1,
	}, {
		.alg = "sha" "384",		/* adjacent literals */
		.test = alg_test_hash,
		.suite.hash = __VECS(fake_bad_sha384_tv),
	}, {
		.alg = "sha512",
		.generic_driver = "sha512-"
				  "generic",
		.test = alg_test_hash,
		.fips_allowed = 1,
		.suite = {
			.hash = {
				.vecs = fake_sha512_tv,
				.count = 1
			}
		}
	}
};
