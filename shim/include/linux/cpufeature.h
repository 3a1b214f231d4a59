/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_CPUFEATURE_H
#define _KCSHIM_LINUX_CPUFEATURE_H

#include <linux/init.h>
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/mod_devicetable.h>
#include <asm/cpufeature.h>

#if defined(__aarch64__) || defined(__arm__)
/* The module loads only where the CPU has the feature, as with the kernel's modalias matching. */
#define module_cpu_feature_match(x, __initfunc)				\
static int __init cpu_feature_match_##x##_init(void)			\
{									\
	if (!cpu_have_feature(cpu_feature(x)))				\
		return -ENODEV;						\
	return __initfunc();						\
}									\
module_init(cpu_feature_match_##x##_init)
#endif

#endif
