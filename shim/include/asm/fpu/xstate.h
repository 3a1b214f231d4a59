/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_ASM_FPU_XSTATE_H
#define _KCSHIM_ASM_FPU_XSTATE_H

#include <linux/types.h>
#include <linux/compiler.h>

#define XFEATURE_MASK_FP		(1ULL << 0)
#define XFEATURE_MASK_SSE		(1ULL << 1)
#define XFEATURE_MASK_YMM		(1ULL << 2)
#define XFEATURE_MASK_OPMASK		(1ULL << 5)
#define XFEATURE_MASK_ZMM_Hi256		(1ULL << 6)
#define XFEATURE_MASK_Hi16_ZMM		(1ULL << 7)
#define XFEATURE_MASK_AVX512 \
	(XFEATURE_MASK_OPMASK | XFEATURE_MASK_ZMM_Hi256 | XFEATURE_MASK_Hi16_ZMM)

__KCSHIM_BEGIN_DECLS
/* 1 when the OS enables every state in mask (XCR0); else 0 and *feature_name names the first missing. */
int cpu_has_xfeatures(u64 xfeatures_mask, const char **feature_name);
__KCSHIM_END_DECLS

#endif
