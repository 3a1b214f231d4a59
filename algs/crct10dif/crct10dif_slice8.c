// SPDX-License-Identifier: GPL-2.0
/*
 * CRC-T10DIF eight bytes at a time ("slice-by-8"): the arch drivers' path for inputs too short
 * for an FPU section to pay off, and for the tail their folding leaves.
 *
 * The CRC register, XORed into the first two bytes of an 8-byte block, leaves that block's
 * bytes b0..b7 (b0 first); the new CRC is the XOR of slice[7 - i][b_i], slice[k][v] being the
 * CRC of the byte v followed by k zero bytes. The tables are derived from crc_t10dif_generic()
 * at init, not tabulated: one more zero byte is one more table step.
 */
#include <linux/kernel.h>
#include <linux/unaligned.h>

#include "crct10dif.h"

static u16 slice[8][256];

void crc_t10dif_slice8_init(void)
{
	unsigned int v, k;

	for (v = 0; v < 256; v++) {
		u8 byte = v;

		slice[0][v] = crc_t10dif_generic(0, &byte, 1);
		for (k = 1; k < 8; k++) {
			u8 zero = 0;

			slice[k][v] = crc_t10dif_generic(slice[k - 1][v], &zero, 1);
		}
	}
}

u16 crc_t10dif_slice8(u16 crc, const u8 *p, size_t len)
{
	for (; len >= 8; p += 8, len -= 8) {
		u64 block = get_unaligned_be64(p) ^ ((u64)crc << 48);

		crc = slice[7][block >> 56] ^ slice[6][(block >> 48) & 0xff] ^
		      slice[5][(block >> 40) & 0xff] ^ slice[4][(block >> 32) & 0xff] ^
		      slice[3][(block >> 24) & 0xff] ^ slice[2][(block >> 16) & 0xff] ^
		      slice[1][(block >> 8) & 0xff] ^ slice[0][block & 0xff];
	}
	return crc_t10dif_generic(crc, p, len);
}
