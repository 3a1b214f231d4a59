// SPDX-License-Identifier: GPL-2.0
// Scatterlist library calls (lib/scatterlist.c).
#include <crypto/scatterwalk.h>
#include <linux/scatterlist.h>

#include <vector>

extern "C" {

int sg_nents(struct scatterlist *sg)
{
	int nents = 0;
	for (; sg; sg = sg_next(sg))
		nents++;
	return nents;
}

int sg_nents_for_len(struct scatterlist *sg, u64 len)
{
	int nents = 0;
	u64 total = 0;

	if (!len)
		return 0;
	for (; sg; sg = sg_next(sg)) {
		nents++;
		total += sg->length;
		if (total >= len)
			return nents;
	}
	return -EINVAL;
}

size_t sg_copy_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
		      off_t skip, bool to_buffer)
{
	size_t total = 0;
	for (struct scatterlist *sg = sgl; sg && nents; sg = sg_next(sg), nents--)
		total += sg->length;
	if (static_cast<size_t>(skip) >= total)
		return 0;
	size_t n = total - static_cast<size_t>(skip) < buflen ? total - static_cast<size_t>(skip) : buflen;
	scatterwalk_map_and_copy(buf, sgl, static_cast<unsigned int>(skip), static_cast<unsigned int>(n),
				 to_buffer ? 0 : 1);
	return n;
}

size_t sg_pcopy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
			  off_t skip)
{
	return sg_copy_buffer(sgl, nents, buf, buflen, skip, true);
}

size_t sg_pcopy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			    size_t buflen, off_t skip)
{
	return sg_copy_buffer(sgl, nents, const_cast<void *>(buf), buflen, skip, false);
}

size_t sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen)
{
	return sg_pcopy_to_buffer(sgl, nents, buf, buflen, 0);
}

size_t sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
			   size_t buflen)
{
	return sg_pcopy_from_buffer(sgl, nents, buf, buflen, 0);
}

void memcpy_from_sglist(void *buf, struct scatterlist *sg, unsigned int start, unsigned int nbytes)
{
	scatterwalk_map_and_copy(buf, sg, start, nbytes, 0);
}

void memcpy_to_sglist(struct scatterlist *sg, unsigned int start, const void *buf,
		      unsigned int nbytes)
{
	scatterwalk_map_and_copy(const_cast<void *>(buf), sg, start, nbytes, 1);
}

void memcpy_sglist(struct scatterlist *dst, struct scatterlist *src, unsigned int nbytes)
{
	// through a bounce buffer, so overlapping lists (in place) copy as the kernel's does
	std::vector<u8> buf(nbytes);
	scatterwalk_map_and_copy(buf.data(), src, 0, nbytes, 0);
	scatterwalk_map_and_copy(buf.data(), dst, 0, nbytes, 1);
}

}  // extern "C"
