/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit arm's CPU identification (arch/arm/include/asm/cputype.h): the Main ID register's
 * implementer and part number, which drivers test to pick code per core (lib/crypto/arm/chacha.h
 * keeps the scalar ChaCha on Cortex-A5 and A7). A process cannot read MIDR (CP15 traps in user
 * mode); the core reads what the kernel reports in /proc/cpuinfo, and 0, a part no table names,
 * where nothing reports it (qemu-user before 8.2 shows the host's file).
 */
#ifndef _KCSHIM_ASM_CPUTYPE_H
#define _KCSHIM_ASM_CPUTYPE_H

#include <linux/compiler.h>
#include <linux/types.h>

#define ARM_CPU_IMP_ARM			0x41

#define ARM_CPU_PART_ARM1136		0x4100b360
#define ARM_CPU_PART_ARM1156		0x4100b560
#define ARM_CPU_PART_ARM1176		0x4100b760
#define ARM_CPU_PART_ARM11MPCORE	0x4100b020
#define ARM_CPU_PART_CORTEX_A8		0x4100c080
#define ARM_CPU_PART_CORTEX_A9		0x4100c090
#define ARM_CPU_PART_CORTEX_A5		0x4100c050
#define ARM_CPU_PART_CORTEX_A7		0x4100c070
#define ARM_CPU_PART_CORTEX_A12		0x4100c0d0
#define ARM_CPU_PART_CORTEX_A17		0x4100c0e0
#define ARM_CPU_PART_CORTEX_A15		0x4100c0f0
#define ARM_CPU_PART_CORTEX_A53		0x4100d030
#define ARM_CPU_PART_CORTEX_A57		0x4100d070
#define ARM_CPU_PART_CORTEX_A72		0x4100d080
#define ARM_CPU_PART_CORTEX_A73		0x4100d090
#define ARM_CPU_PART_CORTEX_A75		0x4100d0a0
#define ARM_CPU_PART_MASK		0xff00fff0

__KCSHIM_BEGIN_DECLS
/* MIDR as /proc/cpuinfo's "CPU implementer", "CPU variant", "CPU part", "CPU revision" give it */
unsigned int read_cpuid_id(void);
__KCSHIM_END_DECLS

static inline unsigned int read_cpuid_implementor(void)
{
	return (read_cpuid_id() & 0xff000000) >> 24;
}

static inline unsigned int read_cpuid_revision(void)
{
	return read_cpuid_id() & 0x0000000f;
}

static inline unsigned int read_cpuid_part(void)
{
	return read_cpuid_id() & ARM_CPU_PART_MASK;
}

#endif
