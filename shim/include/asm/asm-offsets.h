/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kbuild generates this from arch/x86/kernel/asm-offsets.c: offsets into kernel structures (task,
 * thread info, pt_regs) for entry code. The crypto assembly that includes it uses none of them,
 * so kcshim provides it empty; a driver that did use one stops with an undefined-symbol error
 * from the assembler, naming it.
 */
#ifndef _KCSHIM_ASM_ASM_OFFSETS_H
#define _KCSHIM_ASM_ASM_OFFSETS_H
#endif
