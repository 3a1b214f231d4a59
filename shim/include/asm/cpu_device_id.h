/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_ASM_CPU_DEVICE_ID_H
#define _KCSHIM_ASM_CPU_DEVICE_ID_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/cpufeature.h>
#include <asm/intel-family.h>

typedef unsigned long kernel_ulong_t;

struct x86_cpu_id {
	u16 vendor;
	u16 family;
	u16 model;
	u16 steppings;
	u16 feature;
	u16 flags;
	kernel_ulong_t driver_data;
};

#define X86_VENDOR_ANY		0xffff
#define X86_FAMILY_ANY		0
#define X86_MODEL_ANY		0
#define X86_STEPPING_ANY	0
#define X86_FEATURE_ANY		0
#define X86_CPU_ID_FLAG_ENTRY_VALID 1

#define X86_MATCH_FEATURE(feature, data) \
	{ X86_VENDOR_ANY, X86_FAMILY_ANY, X86_MODEL_ANY, X86_STEPPING_ANY, feature, \
	  X86_CPU_ID_FLAG_ENTRY_VALID, (kernel_ulong_t)(data) }
#define X86_FEATURE_MATCH(x)	X86_MATCH_FEATURE(x, 0)

__KCSHIM_BEGIN_DECLS
/* The first entry whose feature the CPU has, or NULL (a table ends with an all-zero entry). */
const struct x86_cpu_id *x86_match_cpu(const struct x86_cpu_id *match);
__KCSHIM_END_DECLS

#endif
