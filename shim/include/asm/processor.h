/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boot CPU's identity (boot_cpu_data), read from CPUID at start-up. Drivers use it, as in the
 * kernel, to skip an implementation on CPUs where it is known to be slow (twofish-3way on Atom).
 */
#ifndef _KCSHIM_ASM_PROCESSOR_H
#define _KCSHIM_ASM_PROCESSOR_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/cpufeature.h>

#if defined(__x86_64__) || defined(__i386__)
#define X86_VENDOR_INTEL	0
#define X86_VENDOR_CYRIX	1
#define X86_VENDOR_AMD		2
#define X86_VENDOR_UMC		3
#define X86_VENDOR_CENTAUR	5
#define X86_VENDOR_TRANSMETA	7
#define X86_VENDOR_NSC		8
#define X86_VENDOR_HYGON	9
#define X86_VENDOR_ZHAOXIN	10
#define X86_VENDOR_VORTEX	11
#define X86_VENDOR_UNKNOWN	0xff

struct cpuinfo_x86 {
	u8 x86;			/* family, extended family included */
	u8 x86_vendor;		/* X86_VENDOR_* */
	u8 x86_model;		/* model, extended model included */
	u8 x86_stepping;
	u32 x86_vfm;		/* vendor << 16 | family << 8 | model (6.10+) */
	int cpuid_level;
	char x86_vendor_id[16];
};

__KCSHIM_BEGIN_DECLS
extern struct cpuinfo_x86 boot_cpu_data;
__KCSHIM_END_DECLS
#endif

#endif
