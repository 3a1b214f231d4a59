/* SPDX-License-Identifier: GPL-2.0 */
/* <crypto/scatterwalk.h>'s walking API from 6.15 on: included by it, not by drivers. */
#ifndef _KCSHIM_GENERATION_SCATTERWALK_6_15_H
#define _KCSHIM_GENERATION_SCATTERWALK_6_15_H

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
