/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Spectre-v2 safe indirect branches. The kernel routes them through retpoline thunks it patches
 * at boot; a userspace process relies on the CPU's and the OS's mitigations instead, so the
 * macros are the plain indirect branch, as in a kernel built without CONFIG_RETPOLINE.
 */
#ifndef _KCSHIM_ASM_NOSPEC_BRANCH_H
#define _KCSHIM_ASM_NOSPEC_BRANCH_H

#ifdef __ASSEMBLY__
.macro JMP_NOSPEC reg:req
	jmp	*%\reg
.endm
.macro CALL_NOSPEC reg:req
	call	*%\reg
.endm
#define ANNOTATE_RETPOLINE_SAFE
#define ANNOTATE_UNRET_SAFE
#endif

#endif
