/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_STRING_H
#define _KCSHIM_LINUX_STRING_H

#include <string.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>

#ifndef __cplusplus
/*
 * The kernel's contract for the mem* functions: a null pointer with a length of 0 is fine
 * (crypto_shash_update(desc, NULL, 0) reaches a driver's memcpy(buf, data, 0), in our sha512.h
 * as in the kernel's sha512_base.h and sha3_generic.c). glibc declares them nonnull, which makes
 * the same call undefined in userspace, and UBSan stops on it. Kernel C code gets the kernel's
 * contract: nothing is touched for a length of 0. (C++ code, the shim's own, keeps libc's.)
 */
static __always_inline void *__kcshim_memcpy(void *dst, const void *src, size_t n)
{
	return n ? (memcpy)(dst, src, n) : dst;
}

static __always_inline void *__kcshim_memmove(void *dst, const void *src, size_t n)
{
	return n ? (memmove)(dst, src, n) : dst;
}

static __always_inline void *__kcshim_memset(void *s, int c, size_t n)
{
	return n ? (memset)(s, c, n) : s;
}

static __always_inline int __kcshim_memcmp(const void *a, const void *b, size_t n)
{
	return n ? (memcmp)(a, b, n) : 0;
}

#define memcpy(dst, src, n)	__kcshim_memcpy(dst, src, n)
#define memmove(dst, src, n)	__kcshim_memmove(dst, src, n)
#define memset(s, c, n)		__kcshim_memset(s, c, n)
#define memcmp(a, b, n)		__kcshim_memcmp(a, b, n)
#endif

/* memset that the compiler may not drop as a dead store: keys and hash states rely on it. */
static inline void memzero_explicit(void *s, size_t count)
{
	if (!count)	/* the kernel's contract: (NULL, 0) is fine, also for C++ callers */
		return;
	memset(s, 0, count);
	barrier_data(s);
}

/* strscpy(dst, src, count), or strscpy(dst, src) for an array dst (6.8+). */
/*
 * Byte by byte, reading no further than the NUL, as the kernel's does: a strnlen() + memcpy()
 * version has a memcpy(count - 1) branch that gcc -Os cannot prove dead for a short literal and
 * warns about (-Wstringop-overread).
 */
static inline ssize_t sized_strscpy(char *dst, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count; i++) {
		dst[i] = src[i];
		if (!src[i])
			return (ssize_t)i;
	}
	dst[count - 1] = '\0';
	return -E2BIG;
}

#define __kcshim_strscpy_pick(a, b, c, fn, ...) fn
#define __kcshim_strscpy_2(dst, src) sized_strscpy(dst, src, sizeof(dst))
#define strscpy(...) \
	__kcshim_strscpy_pick(__VA_ARGS__, sized_strscpy, __kcshim_strscpy_2, )(__VA_ARGS__)

static inline size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len >= size ? size - 1 : len;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

/* (not "__used": compiler_attributes.h makes that an attribute) */
#define strscpy_pad(dst, src, count) ({					\
	ssize_t __ret = strscpy(dst, src, count);			\
	size_t __filled = __ret < 0 ? (count) : (size_t)__ret + 1;	\
	memset((char *)(dst) + __filled, 0, (count) - __filled);	\
	__ret; })

/* Whether all size bytes at s are zero (6.12+). */
/* True when str begins with prefix. */
static inline bool strstarts(const char *str, const char *prefix)
{
	return strncmp(str, prefix, strlen(prefix)) == 0;
}

static inline bool mem_is_zero(const void *s, size_t size)
{
	const unsigned char *p = (const unsigned char *)s;

	while (size--)
		if (*p++)
			return false;
	return true;
}

static inline void *memchr_inv(const void *start, int c, size_t bytes)
{
	const u8 *p = (const u8 *)start;

	while (bytes--) {
		if (*p != (u8)c)
			return (void *)p;
		p++;
	}
	return NULL;
}


#define unsafe_memcpy(dst, src, bytes, justification) memcpy(dst, src, bytes)

#endif
