// SPDX-License-Identifier: GPL-2.0
/*
 * A freestanding runtime for the big-endian runner: program entry, raw system calls, the string
 * functions the compiler and the drivers call, formatted output, and the registration entry points
 * of the shim that the drivers' constructors and init calls reach. See be_runtime.h.
 *
 * There is no big-endian libc on the build machine, so the runner is linked with -nostdlib and
 * this file is all of its runtime. It talks to Linux (or qemu-aarch64_be) only through svc #0.
 */
#include <asm/unistd.h>
#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include <kcshim/testvec.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <stdarg.h>

#include "be_runtime.h"

/*
 * The compiler may turn a byte loop into a call to memset() or memcpy(): not inside the functions
 * that implement them.
 */
#define __be_no_libcall	__attribute__((__optimize__("no-tree-loop-distribute-patterns")))

struct be_registry be_registry;

static char **be_envp;

/* Entry from the kernel: sp points at argc, then argv[], NULL, envp[], NULL, auxv. */
__asm__(".text\n"
	".global _start\n"
	".type _start, %function\n"
	"_start:\n"
	"	mov	x29, #0\n"
	"	mov	x30, #0\n"
	"	mov	x0, sp\n"
	"	bl	be_start\n"
	"	brk	#0\n"
	".size _start, . - _start\n");

/* ---- system calls ---- */

static long be_syscall3(long nr, long a0, long a1, long a2)
{
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a0;
	register long x1 __asm__("x1") = a1;
	register long x2 __asm__("x2") = a2;

	__asm__ __volatile__("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
}

static void be_write_all(const char *p, size_t len)
{
	while (len) {
		long n = be_syscall3(__NR_write, 1, (long)p, (long)len);

		if (n == -EINTR)
			continue;
		if (n <= 0)
			return;
		p += n;
		len -= n;
	}
}

static void __noreturn be_exit(int status)
{
	be_flush();
	for (;;)
		be_syscall3(__NR_exit_group, status, 0, 0);
}

u64 be_random_u64(void)
{
	u64 v = 0;
	long n;

	do {
		n = be_syscall3(__NR_getrandom, (long)&v, sizeof(v), 0);
	} while (n == -EINTR);
	return n == sizeof(v) ? v : 0;
}

/* ---- string functions: the compiler emits calls to the first four even when freestanding ---- */
/* (names in parentheses: linux/string.h's memcpy() etc. macros must not rename the definitions) */

__be_no_libcall void *(memcpy)(void *restrict dst, const void *restrict src, size_t n)
{
	u8 *d = dst;
	const u8 *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

__be_no_libcall void *(memmove)(void *dst, const void *src, size_t n)
{
	u8 *d = dst;
	const u8 *s = src;

	if (d <= s) {
		while (n--)
			*d++ = *s++;
	} else {
		while (n--)
			d[n] = s[n];
	}
	return dst;
}

__be_no_libcall void *(memset)(void *dst, int c, size_t n)
{
	u8 *d = dst;

	while (n--)
		*d++ = (u8)c;
	return dst;
}

__be_no_libcall int (memcmp)(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;

	for (; n; n--, x++, y++) {
		if (*x != *y)
			return *x - *y;
	}
	return 0;
}

__be_no_libcall size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

__be_no_libcall int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (u8)*a - (u8)*b;
}

const char *be_getenv(const char *name)
{
	size_t len = strlen(name);
	char **e;

	for (e = be_envp; e && *e; e++) {
		if (!memcmp(*e, name, len) && (*e)[len] == '=')
			return *e + len + 1;
	}
	return NULL;
}

bool be_parse_u64(const char *s, u64 *val)
{
	unsigned int base = 10, digit;
	u64 v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s >= '0' && *s <= '9')
			digit = *s - '0';
		else if (base == 16 && (*s | 0x20) >= 'a' && (*s | 0x20) <= 'f')
			digit = (*s | 0x20) - 'a' + 10;
		else
			return false;
		v = v * base + digit;
	}
	*val = v;
	return true;
}

/* ---- formatted output ---- */

static char be_out[4096];
static size_t be_out_len;

void be_flush(void)
{
	be_write_all(be_out, be_out_len);
	be_out_len = 0;
}

static void be_putc(char c)
{
	if (be_out_len == sizeof(be_out))
		be_flush();
	be_out[be_out_len++] = c;
}

static void be_pad(char c, int n)
{
	while (n-- > 0)
		be_putc(c);
}

static void be_field(const char *s, size_t len, int width, bool left, char pad)
{
	int fill = width - (int)len;

	if (!left)
		be_pad(pad, fill);
	while (len--)
		be_putc(*s++);
	if (left)
		be_pad(' ', fill);
}

static void be_number(u64 v, bool neg, unsigned int base, int width, bool left, char pad)
{
	char digits[24];
	size_t n = 0;

	do {
		digits[sizeof(digits) - ++n] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (neg && pad == '0') {
		be_putc('-');
		width--;
	} else if (neg) {
		digits[sizeof(digits) - ++n] = '-';
	}
	be_field(digits + sizeof(digits) - n, n, width, left, pad);
}

void be_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	for (; *fmt; fmt++) {
		bool left = false;
		char pad = ' ';
		int width = 0, lng = 0;

		if (*fmt != '%') {
			be_putc(*fmt);
			continue;
		}
		for (fmt++; *fmt == '-' || *fmt == '0'; fmt++) {
			if (*fmt == '-')
				left = true;
			else
				pad = '0';
		}
		for (; *fmt >= '0' && *fmt <= '9'; fmt++)
			width = width * 10 + *fmt - '0';
		for (; *fmt == 'l'; fmt++)
			lng++;

		switch (*fmt) {
		case 's': {
			const char *s = va_arg(ap, const char *);

			if (!s)
				s = "(null)";
			be_field(s, strlen(s), width, left, ' ');
			break;
		}
		case 'c': {
			char c = (char)va_arg(ap, int);

			be_field(&c, 1, width, left, ' ');
			break;
		}
		case 'd': {
			s64 v = lng > 1 ? va_arg(ap, long long) : lng ? va_arg(ap, long) : va_arg(ap, int);

			be_number(v < 0 ? -(u64)v : (u64)v, v < 0, 10, width, left, pad);
			break;
		}
		case 'u':
		case 'x': {
			u64 v = lng > 1 ? va_arg(ap, unsigned long long) :
				lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);

			be_number(v, false, *fmt == 'x' ? 16 : 10, width, left, pad);
			break;
		}
		case '\0':
			fmt--;
			break;
		default:
			be_putc(*fmt);
			break;
		}
	}
	va_end(ap);
}

/* ---- the shim's registration entry points ---- */

struct be_initcall {
	int level;
	initcall_t fn;
	const char *name;
};

static struct be_initcall be_initcalls[BE_MAX_ALGS];

void kcshim_initcall_add(int level, initcall_t fn, const char *name, struct module *owner)
{
	if (be_registry.ninitcalls == ARRAY_SIZE(be_initcalls)) {
		be_registry.full = true;
		return;
	}
	be_initcalls[be_registry.ninitcalls++] = (struct be_initcall){ level, fn, name };
}

/* Nothing is unloaded here: exit calls are never run. */
void kcshim_exitcall_add(exitcall_t fn, const char *name, struct module *owner)
{
}

int be_run_initcalls(void)
{
	int level, failed = 0;
	unsigned int i;

	for (level = 0; level <= KCSHIM_INITCALL_LATE; level++) {
		for (i = 0; i < be_registry.ninitcalls; i++) {
			const struct be_initcall *ic = &be_initcalls[i];
			int err;

			if (ic->level != level)
				continue;
			err = ic->fn();
			if (err) {
				be_printf("init call %s returned %d\n", ic->name, err);
				failed++;
			}
		}
	}
	return failed;
}

int crypto_register_shash(struct shash_alg *alg)
{
	if (be_registry.nshash == BE_MAX_ALGS) {
		be_registry.full = true;
		return -ENOMEM;
	}
	be_registry.shash[be_registry.nshash++] = alg;
	return 0;
}

int crypto_register_shashes(struct shash_alg *algs, int count)
{
	int i, err;

	for (i = 0; i < count; i++) {
		err = crypto_register_shash(&algs[i]);
		if (err)
			return err;
	}
	return 0;
}

void crypto_unregister_shash(struct shash_alg *alg)
{
}

void crypto_unregister_shashes(struct shash_alg *algs, int count)
{
}

int crypto_register_alg(struct crypto_alg *alg)
{
	if (be_registry.ncipher == BE_MAX_ALGS) {
		be_registry.full = true;
		return -ENOMEM;
	}
	be_registry.cipher[be_registry.ncipher++] = alg;
	return 0;
}

void crypto_unregister_alg(struct crypto_alg *alg)
{
}

int kcshim_register_vector_source(const struct kcshim_vector_source *src)
{
	if (be_registry.nsources == BE_MAX_SOURCES) {
		be_registry.full = true;
		return -ENOMEM;
	}
	be_registry.sources[be_registry.nsources++] = src;
	return 0;
}

/* KCSHIM_OWN_VECTORS' destructor; the runner never runs destructors, but links against it. */
void kcshim_unregister_vector_source(const struct kcshim_vector_source *src)
{
	for (unsigned int i = 0; i < be_registry.nsources; i++) {
		if (be_registry.sources[i] != src)
			continue;
		be_registry.sources[i] = be_registry.sources[--be_registry.nsources];
		return;
	}
}

/* ---- start-up ---- */

/* Provided by the linker's default script for a static executable. */
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);

void __noreturn be_start(unsigned long *sp);

void __noreturn be_start(unsigned long *sp)
{
	unsigned long argc = sp[0];
	void (**ctor)(void);

	be_envp = (char **)(sp + 1 + argc + 1);
	for (ctor = __init_array_start; ctor < __init_array_end; ctor++)
		(*ctor)();
	be_exit(be_main());
}
