/* SPDX-License-Identifier: GPL-2.0 */
/* x86 inline-assembly helpers. */
#ifndef _KCSHIM_ASM_ASM_H
#define _KCSHIM_ASM_ASM_H

/* An input in a register or memory; clang picks memory badly for "rm", so it gets "r". */
#ifdef __clang__
#define ASM_INPUT_RM	"r"
#else
#define ASM_INPUT_RM	"rm"
#endif
#define ASM_CALL_CONSTRAINT
#define _ASM_PTR	" .quad "

#endif
