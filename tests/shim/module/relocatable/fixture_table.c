// SPDX-License-Identifier: GPL-2.0
/*
 * An ordinary shared-object module (ET_DYN, far above 2 GiB) exporting a constant table that
 * fixture_abs.ko's assembly indexes absolutely: the loader must give that module a low copy.
 */
#include <linux/module.h>

#include "fixture.h"

#define SBOX4(i)	FIXTURE_SBOX(i), FIXTURE_SBOX((i) + 1), FIXTURE_SBOX((i) + 2), \
			FIXTURE_SBOX((i) + 3)
#define SBOX16(i)	SBOX4(i), SBOX4((i) + 4), SBOX4((i) + 8), SBOX4((i) + 12)
#define SBOX64(i)	SBOX16(i), SBOX16((i) + 16), SBOX16((i) + 32), SBOX16((i) + 48)

const u8 fixture_sbox[256] = {
	SBOX64(0), SBOX64(64), SBOX64(128), SBOX64(192),
};
EXPORT_SYMBOL(fixture_sbox);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim relocatable-loader fixture: an outside constant table");
