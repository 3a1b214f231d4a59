/* SPDX-License-Identifier: GPL-2.0 */
/* objtool's annotations: kcshim runs no objtool, so they mark nothing (C and assembly). */
#ifndef _KCSHIM_LINUX_OBJTOOL_H
#define _KCSHIM_LINUX_OBJTOOL_H

#include <linux/linkage.h>

#ifndef ANNOTATE_NOENDBR
#define ANNOTATE_NOENDBR
#endif
#define ANNOTATE_INTRA_FUNCTION_CALL
#define ANNOTATE_UNRET_SAFE
#define ANNOTATE_RETPOLINE_SAFE
#define UNWIND_HINT_EMPTY
#define UNWIND_HINT_FUNC
#define UNWIND_HINT_UNDEFINED

#ifdef __ASSEMBLY__
.macro STACK_FRAME_NON_STANDARD func:req
.endm
#else
#define STACK_FRAME_NON_STANDARD(func)
#define STACK_FRAME_NON_STANDARD_FP(func)
#define instrumentation_begin()	do { } while (0)
#define instrumentation_end()	do { } while (0)
#endif

#endif
