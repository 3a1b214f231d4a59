/* SPDX-License-Identifier: GPL-2.0 */
/* Parts of words (6.9 moved them out of linux/kernel.h, which still includes this). */
#ifndef _KCSHIM_LINUX_WORDPART_H
#define _KCSHIM_LINUX_WORDPART_H

/* shifting twice keeps a 32-bit n well defined */
#define upper_32_bits(n)	((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n)	((u32)((n) & 0xffffffff))
#define upper_16_bits(n)	((u16)((n) >> 16))
#define lower_16_bits(n)	((u16)((n) & 0xffff))
/* x in every byte of an unsigned long */
#define REPEAT_BYTE(x)		((~0ul / 0xff) * (x))
#define REPEAT_BYTE_U32(x)	lower_32_bits(REPEAT_BYTE(x))
/* the n lowest-addressed bytes of a word (little-endian: the low bytes) */
#ifdef __BIG_ENDIAN
#define aligned_byte_mask(n)	(~0xffUL << (BITS_PER_LONG - 8 - 8 * (n)))
#else
#define aligned_byte_mask(n)	((1UL << 8 * (n)) - 1)
#endif

#endif
