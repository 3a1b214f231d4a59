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
/* and linux/kconfig.h: IS_ENABLED() in any header's #if */
#include <linux/kconfig.h>

/* A 64-bit build's CONFIG_64BIT=y (crc32defs.h picks slice-by-8 from it, ...) */
#if defined(__LP64__) && !defined(CONFIG_64BIT)
#define CONFIG_64BIT 1
#endif

/*
 * arch/x86/Kconfig.assembler: what Kbuild's as-instr probes find in the assembler. Every binutils
 * since 2.30 (2018) assembles all of them, and kcshim needs a newer toolchain than that anyway.
 */
#if defined(__x86_64__)
#define CONFIG_X86_64 1
#define CONFIG_AS_AVX512 1
#define CONFIG_AS_SHA1_NI 1
#define CONFIG_AS_SHA256_NI 1
#define CONFIG_AS_TPAUSE 1
#define CONFIG_AS_GFNI 1
#define CONFIG_AS_VAES 1
#define CONFIG_AS_VPCLMULQDQ 1
#endif

/* lib/crypto/Kconfig: CRYPTO_LIB_POLY1305_RSIZE, the generic (non-arch) default */
#ifndef CONFIG_CRYPTO_LIB_POLY1305_RSIZE
#define CONFIG_CRYPTO_LIB_POLY1305_RSIZE 1
#endif

#endif
