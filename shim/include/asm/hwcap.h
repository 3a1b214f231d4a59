/* SPDX-License-Identifier: GPL-2.0 */
/* The uapi HWCAP_* bits; elf_hwcap comes from asm/cpufeature.h (getauxval(AT_HWCAP)). */
#ifndef _KCSHIM_ASM_HWCAP_H
#define _KCSHIM_ASM_HWCAP_H
#if defined(__aarch64__) || defined(__arm__)
#include_next <asm/hwcap.h>
#endif
#endif
