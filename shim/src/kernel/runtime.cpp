// SPDX-License-Identifier: GPL-2.0
// The kernel library calls drivers use: memory, bit helpers, time, randomness, BUG().
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <unistd.h>

#include <crypto/algapi.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/timex.h>

extern "C" {

struct task_struct *kcshim_current(void)
{
	thread_local struct task_struct task;
	prctl(PR_GET_NAME, task.comm);
	task.pid = gettid();
	return &task;
}

// Exactly size bytes (posix_memalign, unlike aligned_alloc, needs no rounding), so that ASan, as
// KASAN does, reports a driver reading or writing past what it asked for.
void *kmalloc(size_t size, gfp_t flags)
{
	void *p;
	if (posix_memalign(&p, ARCH_KMALLOC_MINALIGN, size ? size : 1))
		return nullptr;
	if (flags & __GFP_ZERO)
		memset(p, 0, size);
	return p;
}

void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

size_t ksize(const void *p)
{
	return p ? malloc_usable_size(const_cast<void *>(p)) : 0;
}

void *krealloc(const void *p, size_t new_size, gfp_t flags)
{
	void *q = kmalloc(new_size, flags);
	if (q && p) {
		size_t old = ksize(p);
		memcpy(q, p, old < new_size ? old : new_size);
		kfree(p);
	}
	return q;
}

void kfree(const void *p)
{
	if (!p || IS_ERR(p))
		return;
	free(const_cast<void *>(p));
}

void kfree_sensitive(const void *p)
{
	if (!p || IS_ERR(p))
		return;
	memzero_explicit(const_cast<void *>(p), ksize(p));
	free(const_cast<void *>(p));
}

void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc(len, gfp);
	if (p)
		memcpy(p, src, len);
	return p;
}

char *kstrdup(const char *s, gfp_t gfp)
{
	return s ? static_cast<char *>(kmemdup(s, strlen(s) + 1, gfp)) : nullptr;
}

char *kcshim_kasprintf(const char *fmt, ...)
{
	va_list ap;
	char *out = nullptr;
	va_start(ap, fmt);
	if (vasprintf(&out, fmt, ap) < 0)
		out = nullptr;
	va_end(ap);
	return out;
}

/* ZERO_PAGE(): one page of zeros, never written */
alignas(PAGE_SIZE) const struct page kcshim_zero_page = {};

unsigned long __get_free_pages(gfp_t gfp, unsigned int order)
{
	size_t size = PAGE_SIZE << order;
	void *p = aligned_alloc(PAGE_SIZE, size);
	if (p && (gfp & __GFP_ZERO))
		memset(p, 0, size);
	return reinterpret_cast<unsigned long>(p);
}

void free_pages(unsigned long addr, unsigned int order)
{
	free(reinterpret_cast<void *>(addr));
}

struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	return reinterpret_cast<struct page *>(__get_free_pages(gfp, order));
}

void __free_pages(struct page *page, unsigned int order)
{
	free(page);
}

void crypto_xor(u8 *dst, const u8 *src, unsigned int size)
{
	while (size--)
		*dst++ ^= *src++;
}

void crypto_xor_cpy(u8 *dst, const u8 *src1, const u8 *src2, unsigned int size)
{
	while (size--)
		*dst++ = *src1++ ^ *src2++;
}

void crypto_inc(u8 *a, unsigned int size)
{
	while (size--)
		if (++a[size])
			break;
}

unsigned long crypto_memneq(const void *a, const void *b, size_t size)
{
	const volatile u8 *x = static_cast<const u8 *>(a);
	const volatile u8 *y = static_cast<const u8 *>(b);
	unsigned long neq = 0;
	while (size--)
		neq |= *x++ ^ *y++;
	return neq;
}

void get_random_bytes(void *buf, size_t len)
{
	u8 *p = static_cast<u8 *>(buf);
	while (len) {
		ssize_t n = getrandom(p, len, 0);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			abort();	// the kernel's RNG cannot fail either
		}
		p += n;
		len -= static_cast<size_t>(n);
	}
}

u32 get_random_u32(void)
{
	u32 v;
	get_random_bytes(&v, sizeof(v));
	return v;
}

u64 ktime_get_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return static_cast<u64>(ts.tv_sec) * 1000000000ull + static_cast<u64>(ts.tv_nsec);
}

unsigned long kcshim_jiffies(void)
{
	return static_cast<unsigned long>(ktime_get_ns() / (1000000000ull / HZ));
}

cycles_t get_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int lo, hi;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return (static_cast<cycles_t>(hi) << 32) | lo;
#elif defined(__aarch64__)
	cycles_t v;
	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
	return ktime_get_ns();
#endif
}

void kcshim_bug(const char *file, int line, const char *cond)
{
	fprintf(stderr, "kernel BUG at %s:%d: %s\n", file, line, cond);
	abort();
}

static int kstrto(const char *s, unsigned int base, unsigned long long *res, bool sign,
		  long long *sres)
{
	char *end;
	errno = 0;
	if (sign)
		*sres = strtoll(s, &end, static_cast<int>(base));
	else
		*res = strtoull(s, &end, static_cast<int>(base));
	if (end == s)
		return -EINVAL;
	if (*end == '\n')
		end++;
	if (*end)
		return -EINVAL;
	return errno ? -ERANGE : 0;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int err = kstrto(s, base, &v, false, nullptr);
	if (!err)
		*res = v;
	return err;
}

int kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long v;
	int err = kstrto(s, base, &v, false, nullptr);
	if (!err && v > UINT_MAX)
		err = -ERANGE;
	if (!err)
		*res = static_cast<unsigned int>(v);
	return err;
}

int kstrtoint(const char *s, unsigned int base, int *res)
{
	long long v;
	int err = kstrto(s, base, nullptr, true, &v);
	if (!err && (v > INT_MAX || v < INT_MIN))
		err = -ERANGE;
	if (!err)
		*res = static_cast<int>(v);
	return err;
}

}  // extern "C"
