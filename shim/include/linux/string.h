/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_STRING_H
#define _KCSHIM_LINUX_STRING_H

#include <string.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>

/* memset that the compiler may not drop as a dead store: keys and hash states rely on it. */
static inline void memzero_explicit(void *s, size_t count)
{
	memset(s, 0, count);
	barrier_data(s);
}

static inline ssize_t strscpy(char *dst, const char *src, size_t count)
{
	size_t len;

	if (count == 0)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dst, src, count - 1);
		dst[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return (ssize_t)len;
}

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

#define strscpy_pad(dst, src, count) ({					\
	ssize_t __ret = strscpy(dst, src, count);			\
	size_t __used = __ret < 0 ? (count) : (size_t)__ret + 1;	\
	memset((char *)(dst) + __used, 0, (count) - __used);		\
	__ret; })

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
