/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CRC-T10DIF: the 16-bit guard tag of the SCSI T10 Data Integrity Field.
 *
 * Parameters (the "CRC-16/T10-DIF" of the CRC catalogues): polynomial 0x8bb7, initial value 0,
 * MSB-first (no input or output reflection), no final XOR. Check value: 0xd0db for the nine
 * bytes "123456789".
 *
 * Driver contract, shared by crct10dif-generic and any arch variant (so that a descriptor
 * exported from one imports into the other):
 *
 *  - Descriptor state (descsize 2): a bare u16, the running CRC, placed directly after
 *    struct shash_desc. Nothing else: lib/crc-t10dif.c of kernels 4.x..6.13 builds
 *    struct { struct shash_desc shash; u16 crc; } on its stack, stores its running CRC there
 *    and calls crypto_shash_update() without crypto_shash_init(), so every driver must read
 *    its starting CRC from exactly that u16.
 *  - Export format (statesize 2): the same u16, in host byte order (the core's default
 *    export/import, a copy of the descriptor state).
 *  - Digest (digestsize 2): the final CRC as a u16 in host byte order, as the kernel writes it
 *    (*(u16 *)out = crc): bytes d0 db on big-endian hosts, db d0 on little-endian ones.
 *    Blocksize 1: any length may be fed to any call.
 */
#ifndef _KCSHIM_ALGS_CRCT10DIF_H
#define _KCSHIM_ALGS_CRCT10DIF_H

#include <linux/types.h>

#define CRC_T10DIF_DIGEST_SIZE	2
#define CRC_T10DIF_BLOCK_SIZE	1
#define CRC_T10DIF_STRING	"crct10dif"

/* The descriptor state; see above. */
struct crct10dif_desc_ctx {
	u16 crc;
};

/*
 * Continues a CRC-T10DIF over len bytes at p from crc (0 to start), one table lookup per
 * byte; returns the new CRC. Arch variants call it for short tails and as their fallback
 * when crypto_simd_usable() says no.
 */
u16 crc_t10dif_generic(u16 crc, const u8 *p, size_t len);

/*
 * The same CRC, eight bytes per step (crct10dif_slice8.c): about four times the table's speed on
 * short inputs, where an arch driver's SIMD section does not pay off. Its tables come from
 * crc_t10dif_slice8_init(), which the driver's init calls first (more calls are harmless).
 */
void crc_t10dif_slice8_init(void);
u16 crc_t10dif_slice8(u16 crc, const u8 *p, size_t len);

#endif /* _KCSHIM_ALGS_CRCT10DIF_H */
