/* SPDX-License-Identifier: GPL-2.0 */
/* Cache geometry, for C and assembly (chacha-neon aligns its tables with L1_CACHE_SHIFT). */
#ifndef _KCSHIM_ASM_CACHE_H
#define _KCSHIM_ASM_CACHE_H

/* 64-byte lines: x86-64, and what arm64 and arm kernels assume (L1_CACHE_SHIFT 6) */
#define L1_CACHE_SHIFT		6
#define L1_CACHE_BYTES		(1 << L1_CACHE_SHIFT)

#endif
