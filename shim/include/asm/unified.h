/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit arm's unified-syntax helpers, which Kbuild force-includes into every .S file: ARM(insn)
 * in ARM state, THUMB(insn) in Thumb-2 state, W(insn) forcing a 32-bit encoding. kcshim builds
 * arm modules in ARM state, as a kernel without CONFIG_THUMB2_KERNEL.
 */
#ifndef _KCSHIM_ASM_UNIFIED_H
#define _KCSHIM_ASM_UNIFIED_H

#define ARM(x...)	x
#define THUMB(x...)
#define W(instr)	instr

#endif
