/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The four round-function S-boxes S1..S4 that CAST-128 (RFC 2144) and CAST-256 (RFC 2612)
 * share. One copy, in cast_common.c, for the generic drivers and every arch variant.
 */
#ifndef _KCSHIM_ALGS_CAST_COMMON_H
#define _KCSHIM_ALGS_CAST_COMMON_H

#include <linux/types.h>

extern const u32 cast_s1[256];
extern const u32 cast_s2[256];
extern const u32 cast_s3[256];
extern const u32 cast_s4[256];

#endif /* _KCSHIM_ALGS_CAST_COMMON_H */
