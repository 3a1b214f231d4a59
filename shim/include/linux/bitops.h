/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_BITOPS_H
#define _KCSHIM_LINUX_BITOPS_H

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/swab.h>

static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

static inline u16 rol16(u16 word, unsigned int shift)
{
	return (u16)((word << (shift & 15)) | (word >> ((-shift) & 15)));
}

static inline u16 ror16(u16 word, unsigned int shift)
{
	return (u16)((word >> (shift & 15)) | (word << ((-shift) & 15)));
}

static inline u8 rol8(u8 word, unsigned int shift)
{
	return (u8)((word << (shift & 7)) | (word >> ((-shift) & 7)));
}

static inline u8 ror8(u8 word, unsigned int shift)
{
	return (u8)((word >> (shift & 7)) | (word << ((-shift) & 7)));
}

static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

static inline unsigned int hweight32(u32 w)
{
	return (unsigned int)__builtin_popcount(w);
}

static inline unsigned int hweight64(u64 w)
{
	return (unsigned int)__builtin_popcountll(w);
}

static inline int get_count_order(unsigned int count)
{
	return count == 0 ? -1 : fls(count - 1);
}

#endif
