/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every file `kcshim build` compiles, as Kbuild force-includes the tree's
 * generated autoconf.h: the Kconfig values that kernel sources use as plain numbers (the booleans
 * come from the shim's IS_ENABLED() and the user's --arch-defines).
 */
#ifndef _KCSHIM_DROPIN_CONFIG_H
#define _KCSHIM_DROPIN_CONFIG_H

#define __KCSHIM_DROPIN__ 1

/* Kbuild force-includes linux/compiler_types.h too: __pure, __aligned, ... without an include */
#ifndef __ASSEMBLY__
#include <linux/compiler_types.h>
#endif

/* A 64-bit build's CONFIG_64BIT=y (crc32defs.h picks slice-by-8 from it, ...) */
#if defined(__LP64__) && !defined(CONFIG_64BIT)
#define CONFIG_64BIT 1
#endif

/* lib/crypto/Kconfig: CRYPTO_LIB_POLY1305_RSIZE, the generic (non-arch) default */
#ifndef CONFIG_CRYPTO_LIB_POLY1305_RSIZE
#define CONFIG_CRYPTO_LIB_POLY1305_RSIZE 1
#endif

#endif
