/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kbuild generates this from arch/<arch>/kernel/asm-offsets.c: offsets into kernel structures for
 * assembly. `kcshim build` computes the crypto ones a module's configuration enables
 * (ARIA_CTX_rounds for aria-aesni-avx) into kcshim_asm_offsets.h, found here; the rest (task,
 * pt_regs) no crypto assembly uses, and one that did would stop the assembler, naming it.
 */
#ifndef _KCSHIM_ASM_ASM_OFFSETS_H
#define _KCSHIM_ASM_ASM_OFFSETS_H
#if __has_include(<kcshim_asm_offsets.h>)
#include <kcshim_asm_offsets.h>
#endif
#endif
