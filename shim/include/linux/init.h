/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Init calls. Each *_initcall() queues its function (with its level and module) from an ELF
 * constructor; kcshim runs the queue in level order -- when the library starts for built-in drivers,
 * and when kcshim_load_module() has dlopen()ed a module -- as the kernel runs its initcall sections.
 */
#ifndef _KCSHIM_LINUX_INIT_H
#define _KCSHIM_LINUX_INIT_H

#include <linux/compiler.h>
#include <linux/types.h>

/* Section markers, for kernel C only: libstdc++ uses some of these names as identifiers. */
#ifndef __cplusplus
#define __init
#define __exit
#define __initdata
#define __initconst
#define __exitdata
#define __ref
#define __refdata
#define __initrodata
#define __meminit
#define __init_or_module
#endif

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

struct module;

__KCSHIM_BEGIN_DECLS
/* Queues an init call: level 1 (core) .. 7 (late), as in the kernel's initcall levels. */
void kcshim_initcall_add(int level, initcall_t fn, const char *name, struct module *owner);
/* Queues an exit call, run when the owning module unloads. */
void kcshim_exitcall_add(exitcall_t fn, const char *name, struct module *owner);
__KCSHIM_END_DECLS

#define KCSHIM_INITCALL_CORE		1
#define KCSHIM_INITCALL_POSTCORE	2
#define KCSHIM_INITCALL_ARCH		3
#define KCSHIM_INITCALL_SUBSYS		4
#define KCSHIM_INITCALL_FS		5
#define KCSHIM_INITCALL_DEVICE		6
#define KCSHIM_INITCALL_LATE		7

#define __kcshim_define_initcall(fn, level)					\
	static void __attribute__((constructor, used))				\
	__PASTE(__kcshim_initcall_, __PASTE(fn, __LINE__))(void)		\
	{									\
		kcshim_initcall_add(level, fn, #fn, THIS_MODULE);		\
	}

#define __kcshim_define_exitcall(fn)						\
	static void __attribute__((constructor, used))				\
	__PASTE(__kcshim_exitcall_, __PASTE(fn, __LINE__))(void)		\
	{									\
		kcshim_exitcall_add(fn, #fn, THIS_MODULE);			\
	}

#define pure_initcall(fn)		__kcshim_define_initcall(fn, 0)
#define core_initcall(fn)		__kcshim_define_initcall(fn, KCSHIM_INITCALL_CORE)
#define postcore_initcall(fn)		__kcshim_define_initcall(fn, KCSHIM_INITCALL_POSTCORE)
#define arch_initcall(fn)		__kcshim_define_initcall(fn, KCSHIM_INITCALL_ARCH)
#define subsys_initcall(fn)		__kcshim_define_initcall(fn, KCSHIM_INITCALL_SUBSYS)
#define fs_initcall(fn)			__kcshim_define_initcall(fn, KCSHIM_INITCALL_FS)
#define device_initcall(fn)		__kcshim_define_initcall(fn, KCSHIM_INITCALL_DEVICE)
#define late_initcall(fn)		__kcshim_define_initcall(fn, KCSHIM_INITCALL_LATE)
#define arch_initcall_sync		arch_initcall
#define subsys_initcall_sync		subsys_initcall
#define device_initcall_sync		device_initcall
#define late_initcall_sync		late_initcall
#define __initcall(fn)			device_initcall(fn)
#define __exitcall(fn)			__kcshim_define_exitcall(fn)

#ifndef THIS_MODULE
#include <linux/module.h>
#endif

#endif
