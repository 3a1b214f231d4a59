/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Clang kCFI type annotations for assembly entry points. A userspace module is built without
 * kCFI, so a typed entry is a plain one (as in a kernel built without CONFIG_CFI_CLANG).
 */
#ifndef _KCSHIM_LINUX_CFI_TYPES_H
#define _KCSHIM_LINUX_CFI_TYPES_H

#ifdef __ASSEMBLY__
#include <linux/linkage.h>

#define SYM_TYPED_START(name, linkage, align...)	SYM_START(name, linkage, align)
#endif

#endif
