/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_COMPILER_TYPES_H
#define _KCSHIM_LINUX_COMPILER_TYPES_H

/* C only: assembly (.S) includes this through linux/linkage.h but has no use for attributes. */
#ifndef __ASSEMBLY__

#include <linux/compiler_attributes.h>

/* sparse annotations: meaningless to gcc, as in a non-sparse kernel build */
#define __user
#define __kernel
#define __iomem
#define __force
#define __bitwise
#define __rcu
#define __percpu
#define __private
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define __cond_lock(x, c)	(c)
/* 7.x's clang context analysis (compiler-context-analysis.h): empty, as without clang's */
#define __guarded_by(...)
#define __pt_guarded_by(...)
#define notrace
#define __randomize_layout
#define __no_randomize_layout
#define __latent_entropy
#define __no_sanitize_address
#define __no_kmsan_checks
#define __no_sanitize_memory
#define __noinline_for_stack	noinline
#define noinline_for_stack	noinline
#define __nocfi
#define __ro_after_init
#define __read_mostly
#define __cacheline_aligned	__aligned(64)
#define ____cacheline_aligned	__aligned(64)
#define ____cacheline_aligned_in_smp __aligned(64)
#define asmlinkage
#ifdef __cplusplus
#define __KCSHIM_BEGIN_DECLS	extern "C" {
#define __KCSHIM_END_DECLS	}
#else
#define __KCSHIM_BEGIN_DECLS
#define __KCSHIM_END_DECLS
#endif
#define __PASTE_(a, b)		a##b
#define __PASTE(a, b)		__PASTE_(a, b)
#ifndef __cplusplus
#define typeof_member(T, m)	typeof(((T *)0)->m)
/* void f(u8 key[at_least 16]): C's "static" array bound, a minimum the compiler checks (6.18) */
#define at_least		static
#endif

#endif /* !__ASSEMBLY__ */

#endif
