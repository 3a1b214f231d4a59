// SPDX-License-Identifier: GPL-2.0
/*
 * Preloaded into Debian's user-mode Linux (6.1; 6.12's UML has the same
 * code) by UmlKernel, to work around a bug of that UML on hosts whose XSAVE
 * area is larger than AVX's 832 bytes (AVX-512, AMX: 2696 to 11008 bytes).
 *
 * UML saves and restores its guest threads' FPU state with
 * ptrace(PTRACE_{GET,SET}REGSET, NT_X86_XSTATE) on a fixed 832-byte
 * buffer.  The host kernel truncates a short GETREGSET, but refuses a
 * SETREGSET that is not the whole area with EFAULT, so UML panics at its
 * first guest process: "userspace - ptrace set fp regs failed, errno = 14".
 *
 * Here a short GETREGSET reads the whole area, hands UML its 832 bytes and
 * keeps the rest, keyed by UML's buffer (each guest thread has its own);
 * a short SETREGSET writes UML's bytes followed by the rest kept for that
 * buffer (or the thread's current rest, for a buffer never read), so every
 * guest thread keeps its whole register state.  Where the host area is no
 * larger than UML's buffer, every call passes straight through.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>

#define MAX_XSTATE	(64 * 1024)	/* far above any x86 XSAVE area */
#define MAX_SHADOWS	4096		/* guest threads remembered */

typedef long (*ptrace_fn)(int request, pid_t pid, void *addr, void *data);

struct shadow {
	const void *owner;	/* UML's buffer */
	unsigned char *rest;	/* bytes past UML's length */
	size_t len;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static ptrace_fn real_ptrace;
static size_t host_size;	/* 0: not known yet */
static struct shadow *shadows;
static size_t nr_shadows;
static unsigned char full[MAX_XSTATE];

static long full_get(pid_t pid)
{
	struct iovec iov = { full, sizeof(full) };
	long ret = real_ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov);

	if (!ret && !host_size)
		host_size = iov.iov_len;
	return ret;
}

static struct shadow *find_shadow(const void *owner, int create)
{
	size_t i;

	for (i = 0; i < nr_shadows; i++)
		if (shadows[i].owner == owner)
			return &shadows[i];
	if (!create || nr_shadows == MAX_SHADOWS)
		return NULL;
	if (!shadows) {
		shadows = calloc(MAX_SHADOWS, sizeof(*shadows));
		if (!shadows)
			return NULL;
	}
	shadows[nr_shadows].owner = owner;
	return &shadows[nr_shadows++];
}

static void keep_rest(const void *owner, size_t uml_len)
{
	struct shadow *s = find_shadow(owner, 1);
	size_t len = host_size - uml_len;

	if (!s)
		return;
	if (s->len != len) {
		free(s->rest);
		s->rest = malloc(len);
		s->len = s->rest ? len : 0;
	}
	if (s->rest)
		memcpy(s->rest, full + uml_len, len);
}

static long short_get(pid_t pid, struct iovec *iov)
{
	long ret = full_get(pid);

	if (ret)
		return ret;
	memcpy(iov->iov_base, full, iov->iov_len);
	keep_rest(iov->iov_base, iov->iov_len);
	return 0;
}

static long short_set(pid_t pid, struct iovec *iov)
{
	struct shadow *s = find_shadow(iov->iov_base, 0);
	struct iovec whole = { full, host_size };

	if (s && s->len == host_size - iov->iov_len)
		memcpy(full + iov->iov_len, s->rest, s->len);
	else if (full_get(pid))
		return -1;
	memcpy(full, iov->iov_base, iov->iov_len);
	return real_ptrace(PTRACE_SETREGSET, pid, (void *)NT_X86_XSTATE, &whole);
}

/* Unloaded (a test's dlclose; UML never unloads it): nothing may stay allocated. */
static void __attribute__((destructor)) free_shadows(void)
{
	size_t i;

	for (i = 0; i < nr_shadows; i++)
		free(shadows[i].rest);
	free(shadows);
	shadows = NULL;
	nr_shadows = 0;
}

long ptrace(enum __ptrace_request request, ...)
{
	va_list ap;
	pid_t pid;
	void *addr, *data;
	struct iovec *iov;
	long ret;

	va_start(ap, request);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);

	pthread_mutex_lock(&lock);
	if (!real_ptrace)
		real_ptrace = (ptrace_fn)dlsym(RTLD_NEXT, "ptrace");
	iov = data;
	if ((request != PTRACE_GETREGSET && request != PTRACE_SETREGSET) ||
	    (unsigned long)addr != NT_X86_XSTATE || !iov) {
		pthread_mutex_unlock(&lock);
		return real_ptrace(request, pid, addr, data);
	}
	if (!host_size && full_get(pid)) {
		/* No XSAVE here, or a bad pid: let the kernel answer. */
		pthread_mutex_unlock(&lock);
		return real_ptrace(request, pid, addr, data);
	}
	if (iov->iov_len >= host_size)
		ret = real_ptrace(request, pid, addr, data);
	else if (request == PTRACE_GETREGSET)
		ret = short_get(pid, iov);
	else
		ret = short_set(pid, iov);
	pthread_mutex_unlock(&lock);
	return ret;
}
