/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_ASM_CPUFEATURE_H
#define _KCSHIM_ASM_CPUFEATURE_H

#include <linux/types.h>
#include <linux/compiler.h>

__KCSHIM_BEGIN_DECLS
/* x86: feature is an X86_FEATURE_* number. arm64: a KCSHIM_ARM64_FEATURE_* number. */
bool kcshim_cpu_has(unsigned int feature);
/* Makes kcshim_cpu_has() answer false for feature (tests and `--no-cpu FEATURE` use it). */
void kcshim_cpu_mask_feature(unsigned int feature);
__KCSHIM_END_DECLS

#if defined(__x86_64__) || defined(__i386__)
#include <asm/cpufeatures.h>
#define boot_cpu_has(bit)		kcshim_cpu_has(bit)
#define static_cpu_has(bit)		kcshim_cpu_has(bit)
#define cpu_feature_enabled(bit)	kcshim_cpu_has(bit)
#define this_cpu_has(bit)		kcshim_cpu_has(bit)
#define cpu_has(c, bit)			kcshim_cpu_has(bit)
#endif

#if defined(__aarch64__)
#include <asm/hwcap.h>
#define KCSHIM_ARM64_FEATURE_FP		0
#define KCSHIM_ARM64_FEATURE_ASIMD	1
#define KCSHIM_ARM64_FEATURE_AES	3
#define KCSHIM_ARM64_FEATURE_PMULL	4
#define KCSHIM_ARM64_FEATURE_SHA1	5
#define KCSHIM_ARM64_FEATURE_SHA2	6
#define KCSHIM_ARM64_FEATURE_CRC32	7
#define KCSHIM_ARM64_FEATURE_SHA3	17
#define KCSHIM_ARM64_FEATURE_SM3	18
#define KCSHIM_ARM64_FEATURE_SM4	19
#define KCSHIM_ARM64_FEATURE_ASIMDDP	20
#define KCSHIM_ARM64_FEATURE_SHA512	21
#define KCSHIM_ARM64_FEATURE_SVE	22
#define cpu_feature(x)			KCSHIM_ARM64_FEATURE_##x
#define cpu_have_feature(f)		kcshim_cpu_has(f)
#define cpu_have_named_feature(name)	kcshim_cpu_has(KCSHIM_ARM64_FEATURE_##name)
#define system_supports_fpsimd()	kcshim_cpu_has(KCSHIM_ARM64_FEATURE_ASIMD)
__KCSHIM_BEGIN_DECLS
unsigned long kcshim_elf_hwcap(void);
__KCSHIM_END_DECLS
#define elf_hwcap			kcshim_elf_hwcap()
#endif

#endif
