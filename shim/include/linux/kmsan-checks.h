/* SPDX-License-Identifier: GPL-2.0 */
/* KMSAN's annotations: kcshim builds are checked by ASan/UBSan (or MSan) instead, so no-ops. */
#ifndef _KCSHIM_LINUX_KMSAN_CHECKS_H
#define _KCSHIM_LINUX_KMSAN_CHECKS_H

#include <linux/types.h>

static inline void kmsan_poison_memory(const void *address, size_t size, unsigned int flags)
{
}

static inline void kmsan_unpoison_memory(const void *address, size_t size)
{
}

static inline void kmsan_check_memory(const void *address, size_t size)
{
}

#endif
