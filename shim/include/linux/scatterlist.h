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
size_t sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen);
size_t sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			   size_t buflen);
size_t sg_pcopy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
			  off_t skip);
size_t sg_pcopy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			    size_t buflen, off_t skip);
__KCSHIM_END_DECLS

#endif
