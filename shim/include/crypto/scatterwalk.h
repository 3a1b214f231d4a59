/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_CRYPTO_SCATTERWALK_H
#define _KCSHIM_CRYPTO_SCATTERWALK_H

#include <linux/scatterlist.h>
#include <linux/kernel.h>

struct scatter_walk {
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
__KCSHIM_END_DECLS

static inline void scatterwalk_start(struct scatter_walk *walk, struct scatterlist *sg)
{
	walk->sg = sg;
	walk->offset = sg->offset;
}

#endif
