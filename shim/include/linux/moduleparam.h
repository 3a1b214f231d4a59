/* SPDX-License-Identifier: GPL-2.0 */
/* Module parameters keep their compiled-in defaults. */
#ifndef _KCSHIM_LINUX_MODULEPARAM_H
#define _KCSHIM_LINUX_MODULEPARAM_H

#include <linux/export.h>

struct kernel_param;
struct kernel_param_ops {
	int (*set)(const char *val, const struct kernel_param *kp);
	int (*get)(char *buffer, const struct kernel_param *kp);
};

#define module_param(name, type, perm)			__kcshim_nothing
#define module_param_named(name, value, type, perm)	__kcshim_nothing
#define module_param_array(name, type, nump, perm)	__kcshim_nothing
#define module_param_string(name, string, len, perm)	__kcshim_nothing
#define module_param_call(name, set, get, arg, perm)	__kcshim_nothing
#define module_param_cb(name, ops, arg, perm)		__kcshim_nothing
#define MODULE_PARM_DESC(name, desc)			__kcshim_nothing
#define core_param(name, var, type, perm)		__kcshim_nothing

#endif
