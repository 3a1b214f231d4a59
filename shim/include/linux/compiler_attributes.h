/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_COMPILER_ATTRIBUTES_H
#define _KCSHIM_LINUX_COMPILER_ATTRIBUTES_H

#define __aligned(x)		__attribute__((__aligned__(x)))
#define __packed		__attribute__((__packed__))
#undef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define __noreturn		__attribute__((__noreturn__))
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __used			__attribute__((__used__))
#define __weak			__attribute__((__weak__))
#define __cold			__attribute__((__cold__))
#define __pure			__attribute__((__pure__))
#define __section(s)		__attribute__((__section__(s)))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __must_check		__attribute__((__warn_unused_result__))
#define __cleanup(func)		__attribute__((__cleanup__(func)))
#if __has_attribute(__externally_visible__)
#define __visible		__attribute__((__externally_visible__))
#else
#define __visible
#endif
#define __malloc		__attribute__((__malloc__))
#define __alias(sym)		__attribute__((__alias__(#sym)))
#define __counted_by(m)
#define __nonstring
#define __assume_aligned(a, ...) __attribute__((__assume_aligned__(a, ##__VA_ARGS__)))
#define __copy(sym)
#if defined(__clang__)
#define __optimize(level)
#else
#define __optimize(level)	__attribute__((__optimize__(level)))
#endif
/* C only: "fallthrough" is an ordinary identifier in C++ libraries (CLI11 has a method so named). */
#ifndef __cplusplus
#define fallthrough		__attribute__((__fallthrough__))
#endif

#endif
