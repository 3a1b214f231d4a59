/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pages: a "struct page *" is the address of the 4 KiB-aligned piece of memory it describes, so
 * scatterlists keep the kernel's page+offset form and testmgr-style page-crossing tests mean what
 * they mean in the kernel.
 */
#ifndef _KCSHIM_LINUX_MM_H
#define _KCSHIM_LINUX_MM_H

#include <linux/types.h>
#include <linux/slab.h>
#include <linux/gfp.h>

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)

/* Complete, so page + n is the n-th page after it, as kernel code computes. */
struct page {
	unsigned char __kcshim_memory[PAGE_SIZE];
};

static inline void *page_address(const struct page *page)
{
	return (void *)page;
}

static inline struct page *virt_to_page(const void *addr)
{
	return (struct page *)((unsigned long)addr & PAGE_MASK);
}

static inline struct page *nth_page(struct page *page, unsigned long n)
{
	return (struct page *)((char *)page + n * PAGE_SIZE);
}

__KCSHIM_BEGIN_DECLS
extern const struct page kcshim_zero_page;
__KCSHIM_END_DECLS
/* The kernel's shared page of zeros, read-only as there. */
#define ZERO_PAGE(vaddr)	((void)(vaddr), (struct page *)&kcshim_zero_page)

__KCSHIM_BEGIN_DECLS
unsigned long __get_free_pages(gfp_t gfp, unsigned int order);
void free_pages(unsigned long addr, unsigned int order);
struct page *alloc_pages(gfp_t gfp, unsigned int order);
void __free_pages(struct page *page, unsigned int order);
__KCSHIM_END_DECLS

#define __get_free_page(gfp)	__get_free_pages(gfp, 0)
#define get_zeroed_page(gfp)	__get_free_pages((gfp) | __GFP_ZERO, 0)
#define free_page(addr)		free_pages(addr, 0)
#define alloc_page(gfp)		alloc_pages(gfp, 0)
#define __free_page(page)	__free_pages(page, 0)

#endif
