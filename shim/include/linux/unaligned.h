/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Unaligned access helpers. memcpy through a local is what the kernel's packed-struct accessors
 * compile to: one load or store where the CPU allows it, and correct everywhere.
 */
#ifndef _KCSHIM_LINUX_UNALIGNED_H
#define _KCSHIM_LINUX_UNALIGNED_H

#include <linux/types.h>
#include <asm/byteorder.h>

#define __get_unaligned_t(type, ptr) ({					\
	type __val;							\
	__builtin_memcpy(&__val, (ptr), sizeof(__val));			\
	__val; })

#define __put_unaligned_t(type, val, ptr) do {				\
	type __val = (val);						\
	__builtin_memcpy((ptr), &__val, sizeof(__val));			\
} while (0)

#ifndef __cplusplus
/*
 * The type of a scalar without its qualifiers, so get_unaligned() on a const pointer reads into a
 * writable local: _Generic's controlling expression drops them, as the kernel's
 * __unqual_scalar_typeof() relies on too.
 */
#define __kcshim_unqual_scalar_typeof(x) typeof(_Generic((x),			\
	char: (char)0, signed char: (signed char)0, unsigned char: (unsigned char)0,	\
	short: (short)0, unsigned short: (unsigned short)0,			\
	int: (int)0, unsigned int: (unsigned int)0,				\
	long: (long)0, unsigned long: (unsigned long)0,				\
	long long: (long long)0, unsigned long long: (unsigned long long)0,	\
	default: (x)))
#define get_unaligned(ptr)	__get_unaligned_t(__kcshim_unqual_scalar_typeof(*(ptr)), (ptr))
#define put_unaligned(val, ptr)	__put_unaligned_t(typeof(*(ptr)), (val), (ptr))
#endif

static inline u16 get_unaligned_le16(const void *p)
{
	return le16_to_cpu(__get_unaligned_t(__le16, p));
}

static inline u32 get_unaligned_le32(const void *p)
{
	return le32_to_cpu(__get_unaligned_t(__le32, p));
}

static inline u64 get_unaligned_le64(const void *p)
{
	return le64_to_cpu(__get_unaligned_t(__le64, p));
}

static inline void put_unaligned_le16(u16 val, void *p)
{
	__put_unaligned_t(__le16, cpu_to_le16(val), p);
}

static inline void put_unaligned_le32(u32 val, void *p)
{
	__put_unaligned_t(__le32, cpu_to_le32(val), p);
}

static inline void put_unaligned_le64(u64 val, void *p)
{
	__put_unaligned_t(__le64, cpu_to_le64(val), p);
}

static inline u16 get_unaligned_be16(const void *p)
{
	return be16_to_cpu(__get_unaligned_t(__be16, p));
}

static inline u32 get_unaligned_be32(const void *p)
{
	return be32_to_cpu(__get_unaligned_t(__be32, p));
}

static inline u64 get_unaligned_be64(const void *p)
{
	return be64_to_cpu(__get_unaligned_t(__be64, p));
}

static inline void put_unaligned_be16(u16 val, void *p)
{
	__put_unaligned_t(__be16, cpu_to_be16(val), p);
}

static inline void put_unaligned_be32(u32 val, void *p)
{
	__put_unaligned_t(__be32, cpu_to_be32(val), p);
}

static inline void put_unaligned_be64(u64 val, void *p)
{
	__put_unaligned_t(__be64, cpu_to_be64(val), p);
}

static inline u32 get_unaligned_be24(const void *p)
{
	const u8 *b = (const u8 *)p;

	return (u32)b[0] << 16 | (u32)b[1] << 8 | b[2];
}

static inline void put_unaligned_be24(u32 val, void *p)
{
	u8 *b = (u8 *)p;

	b[0] = (u8)(val >> 16);
	b[1] = (u8)(val >> 8);
	b[2] = (u8)val;
}

#endif
