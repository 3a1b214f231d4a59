/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <crypto/scatterwalk.h>'s walking API up to 6.14 (6.1, 6.12): included by it, not by drivers.
 * A step never crosses a page boundary, as in the kernel, which maps one page at a time: drivers
 * tested here take the same chunked paths they take there.
 */
#ifndef _KCSHIM_GENERATION_SCATTERWALK_6_1_H
#define _KCSHIM_GENERATION_SCATTERWALK_6_1_H

/* The bytes from the walk's position to the end of its page or of its entry, whichever is first. */
static inline unsigned int scatterwalk_pagelen(struct scatter_walk *walk)
{
	unsigned int to_page_end = PAGE_SIZE - offset_in_page(walk->offset);
	unsigned int to_entry_end = walk->sg->offset + walk->sg->length - walk->offset;

	return to_page_end < to_entry_end ? to_page_end : to_entry_end;
}

static inline unsigned int scatterwalk_clamp(struct scatter_walk *walk, unsigned int nbytes)
{
	unsigned int len = scatterwalk_pagelen(walk);

	return nbytes < len ? nbytes : len;
}

static inline void scatterwalk_advance(struct scatter_walk *walk, unsigned int nbytes)
{
	walk->offset += nbytes;
}

static inline bool scatterwalk_aligned(struct scatter_walk *walk, unsigned int alignmask)
{
	return !(walk->offset & alignmask);
}

static inline struct page *scatterwalk_page(struct scatter_walk *walk)
{
	return nth_page(sg_page(walk->sg), walk->offset >> PAGE_SHIFT);
}

/* Userspace memory is always mapped: the page's address plus the offset in it. */
static inline void *scatterwalk_map(struct scatter_walk *walk)
{
	return (u8 *)page_address(scatterwalk_page(walk)) + offset_in_page(walk->offset);
}

static inline void scatterwalk_unmap(void *vaddr)
{
	(void)vaddr;
}

/* After a step: on to the next entry when this one is used up and more is to come. */
static inline void scatterwalk_pagedone(struct scatter_walk *walk, int out, unsigned int more)
{
	(void)out;	/* the kernel flushes the data cache of a written page; a process need not */
	if (more && walk->offset >= walk->sg->offset + walk->sg->length)
		scatterwalk_start(walk, sg_next(walk->sg));
}

static inline void scatterwalk_done(struct scatter_walk *walk, int out, int more)
{
	if (!more || walk->offset >= walk->sg->offset + walk->sg->length ||
	    !offset_in_page(walk->offset))
		scatterwalk_pagedone(walk, out, more);
}

/* Copies nbytes between buf and the walk (out=1 writes to it), a page-bounded step at a time. */
static inline void scatterwalk_copychunks(void *buf, struct scatter_walk *walk, size_t nbytes,
					  int out)
{
	for (;;) {
		unsigned int n = scatterwalk_clamp(walk, nbytes);
		u8 *vaddr = (u8 *)scatterwalk_map(walk);

		if (out)
			memcpy(vaddr, buf, n);
		else
			memcpy(buf, vaddr, n);
		scatterwalk_unmap(vaddr);
		scatterwalk_advance(walk, n);
		buf = (u8 *)buf + n;
		nbytes -= n;
		scatterwalk_pagedone(walk, out & 1, nbytes);
		if (!nbytes)
			return;
	}
}

#endif
