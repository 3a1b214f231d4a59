/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <asm/assembler.h>: the assembler macros an architecture's kernel .S files use. Only arm64 and
 * 32-bit arm have this header in the kernel; each gets its own file.
 */
#ifndef _KCSHIM_ASM_ASSEMBLER_H
#define _KCSHIM_ASM_ASSEMBLER_H

#if defined(__aarch64__)
#include <asm/assembler-arm64.h>
#elif defined(__arm__)
#include <asm/assembler-arm.h>
#else
#error "<asm/assembler.h> is an arm64 and arm header"
#endif

#endif
