/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scope-based cleanup (6.5+): a variable declared __free(name) is released by the DEFINE_FREE()
 * of that name when it goes out of scope, unless no_free_ptr() took it. The compiler's cleanup
 * attribute does the work, as in the kernel.
 */
#ifndef _KCSHIM_LINUX_CLEANUP_H
#define _KCSHIM_LINUX_CLEANUP_H

#include <linux/compiler.h>
#include <linux/err.h>

#define DEFINE_FREE(_name, _type, _free)					\
	static inline void __free_##_name(void *p)				\
	{									\
		_type _T = *(_type *)p;						\
		_free;								\
	}

#define __free(_name)	__cleanup(__free_##_name)

#define __get_and_null(p, nullvalue)						\
	({									\
		__auto_type __ptr = &(p);					\
		__auto_type __val = *__ptr;					\
		*__ptr = nullvalue;						\
		__val;								\
	})

#define no_free_ptr(p)		__get_and_null(p, NULL)
#define retain_and_null_ptr(p)	((void)__get_and_null(p, NULL))
#define return_ptr(p)		return no_free_ptr(p)

#endif
