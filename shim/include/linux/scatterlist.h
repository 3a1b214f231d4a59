/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scatterlists in the kernel's page+offset form (see linux/mm.h for what a page is here), with the
 * kernel's chain and end markers in the low bits of page_link.
 */
#ifndef _KCSHIM_LINUX_SCATTERLIST_H
#define _KCSHIM_LINUX_SCATTERLIST_H

#include <linux/types.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <linux/string.h>

struct scatterlist {
	unsigned long page_link;
	unsigned int offset;
	unsigned int length;
	dma_addr_t dma_address;
};

#define SG_CHAIN	0x01UL
#define SG_END		0x02UL
#define SG_PAGE_LINK_MASK (SG_CHAIN | SG_END)

static inline unsigned int __sg_flags(struct scatterlist *sg)
{
	return (unsigned int)(sg->page_link & SG_PAGE_LINK_MASK);
}

static inline bool sg_is_chain(struct scatterlist *sg)
{
	return sg->page_link & SG_CHAIN;
}

static inline bool sg_is_last(struct scatterlist *sg)
{
	return sg->page_link & SG_END;
}

static inline struct scatterlist *sg_chain_ptr(struct scatterlist *sg)
{
	return (struct scatterlist *)(sg->page_link & ~SG_PAGE_LINK_MASK);
}

static inline struct page *sg_page(struct scatterlist *sg)
{
	return (struct page *)(sg->page_link & ~SG_PAGE_LINK_MASK);
}

static inline void sg_assign_page(struct scatterlist *sg, struct page *page)
{
	sg->page_link = (sg->page_link & SG_PAGE_LINK_MASK) | (unsigned long)page;
}

static inline void sg_set_page(struct scatterlist *sg, struct page *page, unsigned int len,
			       unsigned int offset)
{
	sg_assign_page(sg, page);
	sg->offset = offset;
	sg->length = len;
}

static inline void *sg_virt(struct scatterlist *sg)
{
	return (char *)page_address(sg_page(sg)) + sg->offset;
}

static inline void sg_set_buf(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	sg_set_page(sg, virt_to_page(buf), buflen, (unsigned int)offset_in_page(buf));
}

static inline void sg_mark_end(struct scatterlist *sg)
{
	sg->page_link |= SG_END;
	sg->page_link &= ~SG_CHAIN;
}

static inline void sg_unmark_end(struct scatterlist *sg)
{
	sg->page_link &= ~SG_END;
}

static inline void sg_chain(struct scatterlist *prv, unsigned int prv_nents,
			    struct scatterlist *sgl)
{
	prv[prv_nents - 1].offset = 0;
	prv[prv_nents - 1].length = 0;
	prv[prv_nents - 1].page_link = ((unsigned long)sgl | SG_CHAIN) & ~SG_END;
}

/* Marks the end of a table of nents entries (the entries themselves are set up elsewhere). */
static inline void sg_init_marker(struct scatterlist *sgl, unsigned int nents)
{
	sg_mark_end(&sgl[nents - 1]);
}

static inline void sg_init_table(struct scatterlist *sgl, unsigned int nents)
{
	memset(sgl, 0, sizeof(*sgl) * nents);
	sg_init_marker(sgl, nents);
}

static inline void sg_init_one(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	sg_init_table(sg, 1);
	sg_set_buf(sg, buf, buflen);
}

static inline struct scatterlist *sg_next(struct scatterlist *sg)
{
	if (sg_is_last(sg))
		return NULL;
	sg++;
	if (sg_is_chain(sg))
		sg = sg_chain_ptr(sg);
	return sg;
}

#define for_each_sg(sglist, sg, nr, __i) \
	for (__i = 0, sg = (sglist); __i < (nr); __i++, sg = sg_next(sg))

__KCSHIM_BEGIN_DECLS
int sg_nents(struct scatterlist *sg);
int sg_nents_for_len(struct scatterlist *sg, u64 len);
/* Copies between buf and the list, skipping skip bytes of it; returns the bytes copied. */
size_t sg_copy_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
		      off_t skip, bool to_buffer);
size_t sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen);
size_t sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			   size_t buflen);
size_t sg_pcopy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
			  off_t skip);
size_t sg_pcopy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			    size_t buflen, off_t skip);
__KCSHIM_END_DECLS

/*
 * The mapping iterator: walks a scatterlist a page at a time, as the kernel's does (its pieces
 * never cross a page), so code that relies on that sees the same pieces. Nothing needs mapping
 * or flushing in a process, so the flags only say the direction.
 */
#define SG_MITER_ATOMIC		(1 << 0)
#define SG_MITER_TO_SG		(1 << 1)
#define SG_MITER_FROM_SG	(1 << 2)
#define SG_MITER_LOCAL		(1 << 3)

struct sg_mapping_iter {
	struct page *page;	/* the current piece's page, address and length */
	void *addr;
	size_t length;
	size_t consumed;	/* how much of the piece was used: the next piece starts after it */
	/* private */
	struct scatterlist *__sg;
	unsigned int __nents;
	size_t __offset;	/* in __sg */
	unsigned int __flags;
};

static inline void sg_miter_start(struct sg_mapping_iter *miter, struct scatterlist *sgl,
				  unsigned int nents, unsigned int flags)
{
	memset(miter, 0, sizeof(*miter));
	miter->__sg = nents ? sgl : NULL;
	miter->__nents = nents;
	miter->__flags = flags;
}

static inline void sg_miter_stop(struct sg_mapping_iter *miter)
{
	miter->__offset += miter->consumed;
	miter->page = NULL;
	miter->addr = NULL;
	miter->length = 0;
	miter->consumed = 0;
}

static inline bool sg_miter_next(struct sg_mapping_iter *miter)
{
	sg_miter_stop(miter);
	while (miter->__sg) {
		if (miter->__offset < miter->__sg->length) {
			char *piece = (char *)sg_virt(miter->__sg) + miter->__offset;
			size_t left = miter->__sg->length - miter->__offset;
			size_t in_page = PAGE_SIZE - offset_in_page(piece);

			miter->addr = piece;
			miter->page = virt_to_page(piece);
			miter->length = left < in_page ? left : in_page;
			miter->consumed = miter->length;
			return true;
		}
		miter->__offset -= miter->__sg->length;
		miter->__sg = --miter->__nents ? sg_next(miter->__sg) : NULL;
	}
	return false;
}

/* Skips offset bytes from where the iterator is; false when the list is shorter. */
static inline bool sg_miter_skip(struct sg_mapping_iter *miter, off_t offset)
{
	sg_miter_stop(miter);
	miter->__offset += offset;
	while (miter->__sg && miter->__offset >= miter->__sg->length) {
		miter->__offset -= miter->__sg->length;
		miter->__sg = --miter->__nents ? sg_next(miter->__sg) : NULL;
	}
	return miter->__sg != NULL || offset == 0;
}

#endif
