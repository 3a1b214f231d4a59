/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiler's NEON intrinsics for kernel C (lib/crc/crc64-neon.c, arm and arm64). The kernel
 * makes <arm_neon.h>'s uint64_t its own u64 (unsigned long long) by redefining __UINT64_TYPE__
 * before gcc's freestanding <stdint.h>; here glibc's <stdint.h>, already included by
 * <linux/types.h>, has made uint64_t unsigned long on arm64. The two are the same width and
 * representation, so passing a u64 * where an intrinsic takes a uint64_t * is what the kernel's
 * build does: the warning for it is off, as the kernel turns it off for clang.
 */
#ifndef _KCSHIM_ASM_NEON_INTRINSICS_H
#define _KCSHIM_ASM_NEON_INTRINSICS_H

#include <linux/types.h>
#include <arm_neon.h>

#pragma GCC diagnostic ignored "-Wincompatible-pointer-types"

#endif
