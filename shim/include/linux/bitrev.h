/* SPDX-License-Identifier: GPL-2.0 */
/* Bit reversal (include/linux/bitrev.h): bitrev8/16/32, as the CRC helpers use them. */
#ifndef _KCSHIM_LINUX_BITREV_H
#define _KCSHIM_LINUX_BITREV_H

#include <linux/types.h>

static inline u8 __bitrev8(u8 x)
{
	x = (u8)((x >> 4) | (x << 4));
	x = (u8)(((x & 0xcc) >> 2) | ((x & 0x33) << 2));
	return (u8)(((x & 0xaa) >> 1) | ((x & 0x55) << 1));
}

static inline u16 __bitrev16(u16 x)
{
	return (u16)((__bitrev8(x & 0xff) << 8) | __bitrev8(x >> 8));
}

static inline u32 __bitrev32(u32 x)
{
	return ((u32)__bitrev16(x & 0xffff) << 16) | __bitrev16(x >> 16);
}

#define bitrev8(x)	__bitrev8(x)
#define bitrev16(x)	__bitrev16(x)
#define bitrev32(x)	__bitrev32(x)
#define bitrev8x4(x)	((u32)__bitrev8((x) >> 24) << 24 | (u32)__bitrev8((x) >> 16) << 16 | \
			 (u32)__bitrev8((x) >> 8) << 8 | __bitrev8(x))

#endif
