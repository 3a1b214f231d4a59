/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_CACHE_H
#define _KCSHIM_LINUX_CACHE_H

#include <asm/cache.h>

#define SMP_CACHE_BYTES		64
#define ARCH_DMA_MINALIGN	16
#define ARCH_KMALLOC_MINALIGN	16
#define ARCH_SLAB_MINALIGN	16

#endif
