/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Frame-pointer set-up for assembly functions. The kernel emits it only for its frame-pointer
 * unwinder (CONFIG_FRAME_POINTER); userspace unwinders use DWARF CFI, so the markers are empty,
 * as in a kernel built without frame pointers.
 */
#ifndef _KCSHIM_ASM_FRAME_H
#define _KCSHIM_ASM_FRAME_H

#ifdef __ASSEMBLY__
.macro FRAME_BEGIN
.endm
.macro FRAME_END
.endm
#else
#define FRAME_BEGIN
#define FRAME_END
#endif

#define FRAME_OFFSET 0

#endif
