/* SPDX-License-Identifier: GPL-2.0 */
/* x86 feature numbers (word * 32 + bit, the kernel's numbering), answered from CPUID and XCR0. */
#ifndef _KCSHIM_ASM_CPUFEATURES_H
#define _KCSHIM_ASM_CPUFEATURES_H

#define X86_FEATURE_FPU		(0 * 32 + 0)
#define X86_FEATURE_FXSR	(0 * 32 + 24)
#define X86_FEATURE_XMM		(0 * 32 + 25)
#define X86_FEATURE_XMM2	(0 * 32 + 26)
#define X86_FEATURE_XMM3	(4 * 32 + 0)
#define X86_FEATURE_PCLMULQDQ	(4 * 32 + 1)
#define X86_FEATURE_SSSE3	(4 * 32 + 9)
#define X86_FEATURE_FMA		(4 * 32 + 12)
#define X86_FEATURE_XMM4_1	(4 * 32 + 19)
#define X86_FEATURE_XMM4_2	(4 * 32 + 20)
#define X86_FEATURE_MOVBE	(4 * 32 + 22)
#define X86_FEATURE_AES		(4 * 32 + 25)
#define X86_FEATURE_XSAVE	(4 * 32 + 26)
#define X86_FEATURE_OSXSAVE	(4 * 32 + 27)
#define X86_FEATURE_AVX		(4 * 32 + 28)
#define X86_FEATURE_BMI1	(9 * 32 + 3)
#define X86_FEATURE_AVX2	(9 * 32 + 5)
#define X86_FEATURE_BMI2	(9 * 32 + 8)
#define X86_FEATURE_AVX512F	(9 * 32 + 16)
#define X86_FEATURE_AVX512DQ	(9 * 32 + 17)
#define X86_FEATURE_ADX		(9 * 32 + 19)
#define X86_FEATURE_AVX512IFMA	(9 * 32 + 21)
#define X86_FEATURE_AVX512CD	(9 * 32 + 28)
#define X86_FEATURE_SHA_NI	(9 * 32 + 29)
#define X86_FEATURE_AVX512BW	(9 * 32 + 30)
#define X86_FEATURE_AVX512VL	(9 * 32 + 31)
#define X86_FEATURE_AVX512VBMI	(16 * 32 + 1)
#define X86_FEATURE_GFNI	(16 * 32 + 8)
#define X86_FEATURE_VAES	(16 * 32 + 9)
#define X86_FEATURE_VPCLMULQDQ	(16 * 32 + 10)
#define X86_FEATURE_AVX_VNNI	(12 * 32 + 4)
/* Zhaoxin PadLock hash engine enabled (CPUID 0xC0000001, which kcshim does not read: absent) */
#define X86_FEATURE_PHE_EN	(5 * 32 + 11)
/* Linux's own: use 256-bit vectors though 512-bit ones exist (set by cpufeatures.cpp) */
#define X86_FEATURE_PREFER_YMM	(19 * 32 + 0)
#define X86_FEATURE_MAX		(20 * 32)

#endif
