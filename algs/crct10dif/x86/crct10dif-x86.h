/* SPDX-License-Identifier: GPL-2.0 */
/* CRC-T10DIF folding cores for x86-64 (crct10dif-x86-fold.c), called by the glue. */
#ifndef _KCSHIM_ALGS_CRCT10DIF_X86_H
#define _KCSHIM_ALGS_CRCT10DIF_X86_H

#include <linux/types.h>

/* Computes the folding and Barrett constants from the polynomial; before any fold. */
void crct10dif_x86_init_consts(void);

/*
 * The CRC from crc over the whole 16-byte blocks of p[0..len), len >= 16, inside an FPU section:
 * PCLMULQDQ on xmm (8 blocks in flight), or VPCLMULQDQ on zmm (16 in flight, AVX-512BW).
 */
u16 crct10dif_pclmul_fold(u16 crc, const u8 *p, size_t len);
u16 crct10dif_vpclmul_fold(u16 crc, const u8 *p, size_t len);

#endif
