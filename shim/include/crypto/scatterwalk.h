/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_CRYPTO_SCATTERWALK_H
#define _KCSHIM_CRYPTO_SCATTERWALK_H

#include <linux/scatterlist.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/string.h>

/*
 * A position in a scatterlist. offset counts from the start of the entry's page, as sg->offset
 * does; addr is the mapped address after scatterwalk_map()/scatterwalk_next() (6.15).
 */
struct scatter_walk {
	void *addr;
	struct scatterlist *sg;
	unsigned int offset;
};

__KCSHIM_BEGIN_DECLS
/* Copies nbytes between buf and the scatterlist sg starting start bytes in; out=1 writes to sg. */
void scatterwalk_map_and_copy(void *buf, struct scatterlist *sg, unsigned int start,
			      unsigned int nbytes, int out);
/* 6.15: the two directions of scatterwalk_map_and_copy(), and a copy between scatterlists
 * (dst may be src, as for an in-place request). */
void memcpy_from_sglist(void *buf, struct scatterlist *sg, unsigned int start, unsigned int nbytes);
void memcpy_to_sglist(struct scatterlist *sg, unsigned int start, const void *buf,
		      unsigned int nbytes);
void memcpy_sglist(struct scatterlist *dst, struct scatterlist *src, unsigned int nbytes);
/*
 * The list src with its first len bytes skipped: src itself when len ends on an entry boundary
 * (or is 0), else dst, a two-entry table whose first entry is the rest of the entry len ends in,
 * chained to the entries after it. len must not be past the list's end.
 */
struct scatterlist *scatterwalk_ffwd(struct scatterlist dst[2], struct scatterlist *src,
				     unsigned int len);
__KCSHIM_END_DECLS

/* Ends the table head of num entries with sg chained after it, or there when sg is NULL. */
static inline void scatterwalk_crypto_chain(struct scatterlist *head, struct scatterlist *sg,
					    int num)
{
	if (sg)
		sg_chain(head, num, sg);
	else
		sg_mark_end(head);
}

static inline void scatterwalk_start(struct scatter_walk *walk, struct scatterlist *sg)
{
	walk->sg = sg;
	walk->offset = sg->offset;
}

/* The walk starts pos bytes into the list. */
static inline void scatterwalk_start_at_pos(struct scatter_walk *walk, struct scatterlist *sg,
					    unsigned int pos)
{
	while (pos > sg->length) {
		pos -= sg->length;
		sg = sg_next(sg);
	}
	walk->sg = sg;
	walk->offset = sg->offset + pos;
}

/* How many of nbytes the current entry holds from here (moving on when it is used up). */
static inline unsigned int scatterwalk_clamp(struct scatter_walk *walk, unsigned int nbytes)
{
	unsigned int left;

	if (!nbytes)
		return 0;
	while (walk->offset >= walk->sg->offset + walk->sg->length)
		scatterwalk_start(walk, sg_next(walk->sg));
	left = walk->sg->offset + walk->sg->length - walk->offset;
	return nbytes < left ? nbytes : left;
}

/* Userspace memory is always mapped: the address is the page's plus the offset. */
static inline void scatterwalk_map(struct scatter_walk *walk)
{
	walk->addr = (u8 *)page_address(sg_page(walk->sg)) + walk->offset;
}

static inline void scatterwalk_unmap(struct scatter_walk *walk)
{
}

static inline unsigned int scatterwalk_next(struct scatter_walk *walk, unsigned int total)
{
	unsigned int n = scatterwalk_clamp(walk, total);

	scatterwalk_map(walk);
	return n;
}

static inline void scatterwalk_advance(struct scatter_walk *walk, unsigned int nbytes)
{
	walk->offset += nbytes;
}

static inline void scatterwalk_done_src(struct scatter_walk *walk, unsigned int nbytes)
{
	scatterwalk_unmap(walk);
	scatterwalk_advance(walk, nbytes);
}

static inline void scatterwalk_done_dst(struct scatter_walk *walk, unsigned int nbytes)
{
	scatterwalk_unmap(walk);
	scatterwalk_advance(walk, nbytes);
}

/* Moves nbytes on, across entries. */
static inline void scatterwalk_skip(struct scatter_walk *walk, unsigned int nbytes)
{
	while (nbytes) {
		unsigned int n = scatterwalk_clamp(walk, nbytes);

		scatterwalk_advance(walk, n);
		nbytes -= n;
	}
}

static inline void memcpy_from_scatterwalk(void *buf, struct scatter_walk *walk,
					   unsigned int nbytes)
{
	while (nbytes) {
		unsigned int n = scatterwalk_next(walk, nbytes);

		memcpy(buf, walk->addr, n);
		scatterwalk_done_src(walk, n);
		buf = (u8 *)buf + n;
		nbytes -= n;
	}
}

static inline void memcpy_to_scatterwalk(struct scatter_walk *walk, const void *buf,
					 unsigned int nbytes)
{
	while (nbytes) {
		unsigned int n = scatterwalk_next(walk, nbytes);

		memcpy(walk->addr, buf, n);
		scatterwalk_done_dst(walk, n);
		buf = (const u8 *)buf + n;
		nbytes -= n;
	}
}

#endif
