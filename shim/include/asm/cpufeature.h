/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_ASM_CPUFEATURE_H
#define _KCSHIM_ASM_CPUFEATURE_H

#include <linux/types.h>
#include <linux/compiler.h>

__KCSHIM_BEGIN_DECLS
/*
 * x86: feature is an X86_FEATURE_* number. arm64: a KCSHIM_ARM64_FEATURE_* number. arm: a
 * KCSHIM_ARM_FEATURE_* number.
 */
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
/* as the kernel's: lib/crypto/arm64's static keys come along (have_neon, have_sha3, ...) */
#include <linux/jump_label.h>
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

#if defined(__arm__)
#include <asm/hwcap.h>
/*
 * As the kernel's arch/arm/include/asm/cpufeature.h numbers them: the bit of the HWCAP_* flag, or
 * 32 + the bit of the HWCAP2_* flag.
 */
#define KCSHIM_ARM_FEATURE_VFP		6
#define KCSHIM_ARM_FEATURE_NEON		12
#define KCSHIM_ARM_FEATURE_VFPv3	13
#define KCSHIM_ARM_FEATURE_VFPv4	16
#define KCSHIM_ARM_FEATURE_IDIVA	17
#define KCSHIM_ARM_FEATURE_VFPD32	19
#define KCSHIM_ARM_FEATURE_AES		(32 + 0)
#define KCSHIM_ARM_FEATURE_PMULL	(32 + 1)
#define KCSHIM_ARM_FEATURE_SHA1		(32 + 2)
#define KCSHIM_ARM_FEATURE_SHA2		(32 + 3)
#define KCSHIM_ARM_FEATURE_CRC32	(32 + 4)
/* as the kernel's, for module_cpu_feature_match(AES, ...) and friends */
#define cpu_feature(x)			KCSHIM_ARM_FEATURE_##x
#define cpu_have_feature(f)		kcshim_cpu_has(f)
__KCSHIM_BEGIN_DECLS
/* getauxval(AT_HWCAP) and AT_HWCAP2, less the masked features (kcshim_cpu_mask_feature()). */
unsigned long kcshim_elf_hwcap(void);
unsigned long kcshim_elf_hwcap2(void);
__KCSHIM_END_DECLS
#define elf_hwcap			kcshim_elf_hwcap()
#define elf_hwcap2			kcshim_elf_hwcap2()
#endif

#endif
