/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmalloc: page-granular allocations in their own mapping, as the kernel's are. The buffer
 * starts on a page boundary, is round_up(size, PAGE_SIZE) long and is followed by an unmapped
 * guard page, so an access one byte past a page-multiple buffer faults (the crypto library's
 * KUnit tests rely on it to catch buffer overruns).
 */
#ifndef _KCSHIM_LINUX_VMALLOC_H
#define _KCSHIM_LINUX_VMALLOC_H

#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/mm.h>		/* PAGE_SIZE, as the kernel's reaches it */
#include <linux/overflow.h>
#include <linux/types.h>

__KCSHIM_BEGIN_DECLS
/* A fresh mapping of at least size bytes (zeroed); NULL for size 0 or when out of memory. */
void *vmalloc(unsigned long size);
void *vzalloc(unsigned long size);
/* n elements of size bytes; NULL when n * size overflows. */
void *vmalloc_array(size_t n, size_t size);
void *vcalloc(size_t n, size_t size);
/* Unmaps what vmalloc() returned; NULL is fine. */
void vfree(const void *addr);
/* Whether addr lies in a live vmalloc() buffer. */
bool is_vmalloc_addr(const void *addr);
__KCSHIM_END_DECLS

#define vmalloc_node(size, node)	vmalloc(size)
#define vzalloc_node(size, node)	vzalloc(size)
#define vmalloc_noprof(size)		vmalloc(size)

#endif
