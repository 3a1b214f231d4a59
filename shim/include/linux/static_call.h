/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static calls as function pointers: static_call(name)(args) loads the current target and calls
 * it; static_call_update() changes it and tells kcshim, which keeps the names of both ends for
 * `kcshim list --libs` ("sha512_blocks_x86 -> sha512_blocks_avx2").
 */
#ifndef _KCSHIM_LINUX_STATIC_CALL_H
#define _KCSHIM_LINUX_STATIC_CALL_H

#include <linux/compiler.h>
#include <linux/types.h>
/* the kernel's static_call.h reaches the static keys too (linux/jump_label.h) */
#include <linux/static_key.h>
#include <kcshim/patch_sites.h>

#define STATIC_CALL_KEY(name)	__SCK__##name
#define STATIC_CALL_TRAMP(name)	__SCT__##name

/* The trampoline is declared for its type only: nothing calls or defines it. */
#define DECLARE_STATIC_CALL(name, func)					\
	extern struct static_call_key STATIC_CALL_KEY(name);		\
	extern typeof(func) STATIC_CALL_TRAMP(name)

#define __KCSHIM_DEFINE_CALL(_site, _func, _func_name)				\
	DECLARE_STATIC_CALL(_site, _func);					\
	struct static_call_key STATIC_CALL_KEY(_site) = {			\
		.func = (void *)(_func), .name = #_site, .func_name = _func_name,	\
	};									\
	__attribute__((constructor)) static void __kcshim_call_##_site(void)	\
	{									\
		kcshim_static_call_register(&STATIC_CALL_KEY(_site));		\
	}									\
	struct __kcshim_call_##_site##_semicolon

#define DEFINE_STATIC_CALL(name, _func)		__KCSHIM_DEFINE_CALL(name, _func, #_func)
#define DEFINE_STATIC_CALL_NULL(name, _func)	__KCSHIM_DEFINE_CALL(name, (typeof(&_func))NULL, "NULL")
#define DEFINE_STATIC_CALL_RET0(name, _func)	DEFINE_STATIC_CALL_NULL(name, _func)
#define EXPORT_STATIC_CALL(name)
#define EXPORT_STATIC_CALL_GPL(name)
#define EXPORT_STATIC_CALL_TRAMP(name)
#define EXPORT_STATIC_CALL_TRAMP_GPL(name)

#define static_call(name)							\
	((typeof(&STATIC_CALL_TRAMP(name)))__atomic_load_n(&STATIC_CALL_KEY(name).func,	\
							   __ATOMIC_RELAXED))
#define static_call_query(name)		static_call(name)
/* A NULL target makes the call a no-op, as the kernel's static_call_cond() does. */
#define static_call_cond(name)							\
	(static_call(name) ?: (typeof(&STATIC_CALL_TRAMP(name)))__kcshim_static_call_nop)

#define static_call_update(name, func)						\
	({									\
		typeof(&STATIC_CALL_TRAMP(name)) __kcshim_f = (func);		\
		kcshim_static_call_update(&STATIC_CALL_KEY(name), (void *)__kcshim_f, #func); \
	})

#endif
