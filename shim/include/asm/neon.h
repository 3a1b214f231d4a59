/* SPDX-License-Identifier: GPL-2.0 */
/* arm64 NEON sections: a userspace thread owns its vector registers (see asm/fpu/api.h). */
#ifndef _KCSHIM_ASM_NEON_H
#define _KCSHIM_ASM_NEON_H

#include <linux/types.h>

#define cpu_has_neon()	true

static inline void kernel_neon_begin(void)
{
}

static inline void kernel_neon_end(void)
{
}

#endif
