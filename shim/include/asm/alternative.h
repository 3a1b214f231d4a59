/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 alternatives: the kernel patches these tests into branches once the CPU's capabilities
 * (ARM64_HAS_*) are known; here they ask the same question of the CPU at run time. The
 * capabilities are the ones kernel crypto code tests, named as the kernel's cpucaps.
 */
#ifndef _KCSHIM_ASM_ALTERNATIVE_H
#define _KCSHIM_ASM_ALTERNATIVE_H

#include <asm/cpufeature.h>

#if defined(__aarch64__)
/* 7.3 lib/crc/arm64/crc32.h: the CRC32 instructions */
#define ARM64_HAS_CRC32			KCSHIM_ARM64_FEATURE_CRC32

#define alternative_has_cap_likely(cap)		kcshim_cpu_has(cap)
#define alternative_has_cap_unlikely(cap)	kcshim_cpu_has(cap)
#define cpus_have_final_cap(cap)		kcshim_cpu_has(cap)
#define cpus_have_cap(cap)			kcshim_cpu_has(cap)
#endif

#endif
