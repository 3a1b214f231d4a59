/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_MODULE_H
#define _KCSHIM_LINUX_MODULE_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/jump_label.h>	/* as the kernel's: static keys come with it */
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <linux/version.h>
/* reached from the kernel's linux/module.h through its includes (workqueue.h, timer.h, ktime.h) */
#include <linux/ktime.h>
/* the kernel's module.h reaches the CPU identity too (through linux/stat.h, ... asm/processor.h) */
#include <asm/processor.h>

#define MODULE_NAME_LEN	56

/* One per loaded module .so; kcshim fills in the private part when it loads the module. */
struct module {
	char name[MODULE_NAME_LEN];
	/* the generation the module was compiled for: the core applies that generation's rules */
	unsigned int linux_version;
	void *kcshim_private;
};

#ifndef KBUILD_MODNAME
#define KBUILD_MODNAME "kcshim_module"
#endif

#ifdef MODULE
/* Weak, so every object of a multi-file module can define it and the link keeps one. */
__attribute__((weak)) struct module __this_module = {
	.name = KBUILD_MODNAME,
	.linux_version = LINUX_VERSION_CODE,
};
#define THIS_MODULE (&__this_module)
#else
#define THIS_MODULE ((struct module *)0)
#endif

#define module_init(fn)			device_initcall(fn)
#define module_exit(fn)			__exitcall(fn)

#define MODULE_INFO(tag, info)		__kcshim_nothing
#define MODULE_LICENSE(x)		__kcshim_nothing
#define MODULE_DESCRIPTION(x)		__kcshim_nothing
#define MODULE_AUTHOR(x)		__kcshim_nothing
#define MODULE_ALIAS(x)			__kcshim_nothing
#define MODULE_VERSION(x)		__kcshim_nothing
#define MODULE_SOFTDEP(x)		__kcshim_nothing
#define MODULE_FIRMWARE(x)		__kcshim_nothing
#define MODULE_IMPORT_NS(ns)		__kcshim_nothing
#define MODULE_DEVICE_TABLE(type, name)	__kcshim_nothing

/* Modules stay loaded while their drivers are in use: kcshim counts users per driver instead. */
#define try_module_get(module)	((void)(module), true)
#define module_put(module)	((void)(module))
#define __module_get(module)	((void)(module))

#define module_name(mod)	((mod) ? (mod)->name : "kernel")
#define request_module(...)	(-ENOENT)

#endif
