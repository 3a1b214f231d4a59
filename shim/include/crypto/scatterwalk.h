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

/*
 * Walking: 6.15 reworked it (scatterwalk_map() stores the address in the walk, scatterwalk_next()
 * and done_src/done_dst); up to 6.14 scatterwalk_map() returns it, a step stays within a page and
 * scatterwalk_done() moves on. Each generation's API is its own file.
 */
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
#include <kcshim/generation/scatterwalk-6.15.h>
#else
#include <kcshim/generation/scatterwalk-6.1.h>
#endif

#endif
