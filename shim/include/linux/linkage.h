/* SPDX-License-Identifier: GPL-2.0 */
/* Symbol-definition macros for kernel assembly (.S) and asmlinkage for C. */
#ifndef _KCSHIM_LINUX_LINKAGE_H
#define _KCSHIM_LINUX_LINKAGE_H

#include <linux/compiler_types.h>

#ifdef __ASSEMBLER__
#if defined(__x86_64__)
#define __ALIGN		.p2align 4, 0x90
#else
#define __ALIGN		.balign 4
#endif
#define ALIGN		__ALIGN
#define ASM_NL		;
/* '@' starts a comment in 32-bit arm assembly: gas takes '%' there instead */
#if defined(__arm__)
#define SYM_T_FUNC	%function
#define SYM_T_OBJECT	%object
#define SYM_T_NONE	%notype
#else
#define SYM_T_FUNC	@function
#define SYM_T_OBJECT	@object
#define SYM_T_NONE	@notype
#endif
#define SYM_L_GLOBAL(name)	.globl name
#define SYM_L_WEAK(name)	.weak name
#define SYM_L_LOCAL(name)
#define SYM_ENTRY(name, linkage, align...) linkage(name) ASM_NL align ASM_NL name:
#define SYM_START(name, linkage, align...) SYM_ENTRY(name, linkage, align)
#define SYM_END(name, sym_type)	.type name sym_type ASM_NL .size name, .-name
#define SYM_FUNC_START(name)		SYM_START(name, SYM_L_GLOBAL, SYM_A_ALIGN)
#define SYM_FUNC_START_NOALIGN(name)	SYM_START(name, SYM_L_GLOBAL, SYM_A_NONE)
#define SYM_FUNC_START_LOCAL(name)	SYM_START(name, SYM_L_LOCAL, SYM_A_ALIGN)
#define SYM_FUNC_START_LOCAL_NOALIGN(name) SYM_START(name, SYM_L_LOCAL, SYM_A_NONE)
#define SYM_FUNC_START_WEAK(name)	SYM_START(name, SYM_L_WEAK, SYM_A_ALIGN)
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#define SYM_FUNC_END(name)		SYM_END(name, SYM_T_FUNC)
/* a label inside a function that is a symbol of its own (a second entry point) */
#define SYM_INNER_LABEL(name, linkage)	.type name SYM_T_NONE ASM_NL linkage(name) ASM_NL name:
#define SYM_INNER_LABEL_ALIGN(name, linkage) \
	.type name SYM_T_NONE ASM_NL linkage(name) ASM_NL SYM_A_ALIGN ASM_NL name:
#define SYM_FUNC_ALIAS(alias, name)	.globl alias ; .set alias, name
#define SYM_FUNC_ALIAS_LOCAL(alias, name)	.set alias, name
#define SYM_FUNC_ALIAS_WEAK(alias, name)	.weak alias ; .set alias, name
#define SYM_DATA_START(name)		SYM_START(name, SYM_L_GLOBAL, SYM_A_NONE)
#define SYM_DATA_START_LOCAL(name)	SYM_START(name, SYM_L_LOCAL, SYM_A_NONE)
#define SYM_DATA_END(name)		SYM_END(name, SYM_T_OBJECT)
#define SYM_DATA(name, x...)		.globl name ; name: x ; .size name, .-name
#define SYM_DATA_LOCAL(name, x...)	name: x ; .size name, .-name
#define SYM_A_ALIGN		ALIGN
#define SYM_A_NONE		/* nothing */
#define ENTRY(name)		.globl name ; ALIGN ; name:
#define ENDPROC(name)		.type name, SYM_T_FUNC ; .size name, .-name
#define END(name)		.size name, .-name
#if defined(__arm__)
#define RET			bx lr
#else
#define RET			ret
#endif
/* Indirect-branch tracking landing pads: empty, as in a kernel without CONFIG_X86_KERNEL_IBT. */
#define ENDBR
#define ANNOTATE_NOENDBR
#endif

#endif
