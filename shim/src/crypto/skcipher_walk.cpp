// SPDX-License-Identifier: GPL-2.0
// The skcipher walk (crypto/skcipher.c): hands a driver runs of data contiguous in both src and
// dst, never crossing a page, bouncing through an aligned buffer when a block straddles
// scatterlist entries (the "slow" path) or the data is misaligned for the driver (the "copy"
// path). A request whose length leaves a partial block where a whole one is needed fails with
// -EINVAL, as in the kernel. An AEAD request is walked the same way over its data after the
// associated data (skcipher_walk_aead_*).
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>

#include "shim/src/crypto/alignment.h"
#include "shim/src/crypto/lskcipher.h"

namespace {

enum : int {
	WALK_SLOW = 1 << 0,
	WALK_COPY = 1 << 1,
};

void sw_start(struct scatter_walk *w, struct scatterlist *sg)
{
	w->sg = sg;
	w->offset = sg ? sg->offset : 0;
}

// Bytes available at the walk's position without crossing an entry or a page.
unsigned int sw_avail(struct scatter_walk *w)
{
	if (!w->sg)
		return 0;
	while (w->offset >= w->sg->offset + w->sg->length) {
		struct scatterlist *next = sg_next(w->sg);
		if (!next)
			return 0;
		sw_start(w, next);
	}
	unsigned int len = w->sg->offset + w->sg->length - w->offset;
	unsigned int page_left = PAGE_SIZE - (w->offset & (PAGE_SIZE - 1));
	return std::min(len, page_left);
}

u8 *sw_addr(struct scatter_walk *w)
{
	return static_cast<u8 *>(page_address(sg_page(w->sg))) + w->offset;
}

// Copies n bytes between buf and the walk position (to the scatterlist when out), advancing it.
void sw_copy(struct scatter_walk *w, u8 *buf, unsigned int n, bool out)
{
	while (n) {
		unsigned int avail = sw_avail(w);
		if (!avail)
			return;
		unsigned int step = std::min(avail, n);
		if (out)
			memcpy(sw_addr(w), buf, step);
		else
			memcpy(buf, sw_addr(w), step);
		w->offset += step;
		buf += step;
		n -= step;
	}
}

void sw_advance(struct scatter_walk *w, unsigned int n)
{
	while (n) {
		unsigned int avail = sw_avail(w);
		if (!avail)
			return;
		unsigned int step = std::min(avail, n);
		w->offset += step;
		n -= step;
	}
}

using kcshim::misaligned;

u8 *walk_buffer(struct skcipher_walk *walk)
{
	if (!walk->page)
		walk->page = static_cast<u8 *>(aligned_alloc(PAGE_SIZE, PAGE_SIZE));
	return walk->page;
}

int walk_finish(struct skcipher_walk *walk, int err)
{
	if (walk->iv != walk->oiv) {
		memcpy(walk->oiv, walk->iv, walk->ivsize);
		memzero_explicit(walk->buffer, walk->ivsize);
		free(walk->buffer);
		walk->buffer = nullptr;
		walk->iv = walk->oiv;
	}
	if (walk->page) {
		memzero_explicit(walk->page, PAGE_SIZE);
		free(walk->page);
		walk->page = nullptr;
	}
	walk->nbytes = 0;
	return err;
}

int walk_next(struct skcipher_walk *walk)
{
	unsigned int n = walk->total;
	unsigned int bsize = std::min(walk->stride, std::max(n, walk->blocksize));

	walk->flags &= ~(WALK_SLOW | WALK_COPY);
	n = std::min({n, sw_avail(&walk->in), sw_avail(&walk->out)});
	if (n < bsize) {
		if (walk->total < walk->blocksize)
			return skcipher_walk_done(walk, -EINVAL);
		u8 *buf = walk_buffer(walk);
		if (!buf)
			return skcipher_walk_done(walk, -ENOMEM);
		struct scatter_walk peek = walk->in;
		sw_copy(&peek, buf, bsize, false);
		walk->src.virt.addr = walk->dst.virt.addr = buf;
		walk->flags |= WALK_SLOW;
		n = bsize;
	} else if (misaligned(sw_addr(&walk->in), walk->alignmask) ||
		   misaligned(sw_addr(&walk->out), walk->alignmask)) {
		u8 *buf = walk_buffer(walk);
		if (!buf)
			return skcipher_walk_done(walk, -ENOMEM);
		struct scatter_walk peek = walk->in;
		sw_copy(&peek, buf, n, false);
		walk->src.virt.addr = walk->dst.virt.addr = buf;
		walk->flags |= WALK_COPY;
	} else {
		walk->src.virt.addr = sw_addr(&walk->in);
		walk->dst.virt.addr = sw_addr(&walk->out);
	}
	walk->src.virt.page = virt_to_page(walk->src.virt.addr);
	walk->dst.virt.page = virt_to_page(walk->dst.virt.addr);
	walk->nbytes = n;
	return 0;
}

// The start shared by every walk: the IV (copied when misaligned), src and dst skip bytes in.
int walk_first(struct skcipher_walk *walk, u8 *iv, struct scatterlist *src,
	       struct scatterlist *dst, unsigned int skip)
{
	walk->iv = iv;
	walk->oiv = iv;
	if (!walk->total)
		return 0;

	if (walk->ivsize && misaligned(walk->iv, walk->alignmask)) {
		u8 *copy = static_cast<u8 *>(aligned_alloc(128, (walk->ivsize + 127) & ~127u));
		if (!copy)
			return -ENOMEM;
		memcpy(copy, iv, walk->ivsize);
		walk->buffer = copy;
		walk->iv = copy;
	}
	sw_start(&walk->in, src);
	sw_start(&walk->out, dst);
	sw_advance(&walk->in, skip);
	sw_advance(&walk->out, skip);
	return walk_next(walk);
}

// skcipher_walk_aead_common(): the steps are of the AEAD's chunksize.
int walk_aead(struct skcipher_walk *walk, struct aead_request *req, unsigned int total)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);

	memset(walk, 0, sizeof(*walk));
	INIT_LIST_HEAD(&walk->buffers);
	walk->total = total;
	walk->ivsize = crypto_aead_ivsize(tfm);
	walk->blocksize = crypto_aead_blocksize(tfm);
	walk->stride = crypto_aead_chunksize(tfm);
	if (!walk->stride)
		walk->stride = walk->blocksize;
	walk->alignmask = crypto_aead_alignmask(tfm);
	return walk_first(walk, req->iv, req->src, req->dst, req->assoclen);
}

}  // namespace

extern "C" {

int skcipher_walk_virt(struct skcipher_walk *walk, struct skcipher_request *req, bool atomic)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	// an lskcipher driver has no walksize: its steps are of its chunksize, as in the kernel
	unsigned int stride = kcshim::is_lskcipher(tfm->base.__crt_alg)
				      ? crypto_skcipher_chunksize(tfm)
				      : crypto_skcipher_alg(tfm)->walksize;

	memset(walk, 0, sizeof(*walk));
	INIT_LIST_HEAD(&walk->buffers);
	walk->total = req->cryptlen;
	walk->ivsize = crypto_skcipher_ivsize(tfm);
	walk->blocksize = crypto_skcipher_blocksize(tfm);
	walk->stride = stride ? stride : walk->blocksize;
	walk->alignmask = crypto_skcipher_alignmask(tfm);
	return walk_first(walk, req->iv, req->src, req->dst, 0);
}

int skcipher_walk_aead_encrypt(struct skcipher_walk *walk, struct aead_request *req, bool atomic)
{
	return walk_aead(walk, req, req->cryptlen);
}

int skcipher_walk_aead_decrypt(struct skcipher_walk *walk, struct aead_request *req, bool atomic)
{
	return walk_aead(walk, req, req->cryptlen - crypto_aead_authsize(crypto_aead_reqtfm(req)));
}

int skcipher_walk_async(struct skcipher_walk *walk, struct skcipher_request *req)
{
	return skcipher_walk_virt(walk, req, false);
}

void skcipher_walk_complete(struct skcipher_walk *walk, int err)
{
}

int skcipher_walk_done(struct skcipher_walk *walk, int res)
{
	unsigned int n = walk->nbytes;

	if (res < 0)
		return walk_finish(walk, res);
	if (static_cast<unsigned int>(res) > n ||
	    ((walk->flags & WALK_SLOW) && res) || (n && static_cast<unsigned int>(res) == n))
		return walk_finish(walk, -EINVAL);	// a driver bug: it must consume a block
	unsigned int done = n - res;
	if (walk->flags & (WALK_SLOW | WALK_COPY)) {
		sw_copy(&walk->out, static_cast<u8 *>(walk->dst.virt.addr), done, true);
		sw_advance(&walk->in, done);
	} else {
		sw_advance(&walk->in, done);
		sw_advance(&walk->out, done);
	}
	walk->total -= done;
	walk->nbytes = 0;
	if (walk->total)
		return walk_next(walk);
	return walk_finish(walk, 0);
}

void scatterwalk_map_and_copy(void *buf, struct scatterlist *sg, unsigned int start,
			      unsigned int nbytes, int out)
{
	struct scatter_walk w;

	if (!nbytes)
		return;
	sw_start(&w, sg);
	sw_advance(&w, start);
	sw_copy(&w, static_cast<u8 *>(buf), nbytes, out);
}

struct scatterlist *scatterwalk_ffwd(struct scatterlist dst[2], struct scatterlist *src,
				     unsigned int len)
{
	while (len && len >= src->length) {
		len -= src->length;
		src = sg_next(src);
	}
	if (!len)
		return src;
	sg_init_table(dst, 2);
	sg_set_page(dst, sg_page(src), src->length - len, src->offset + len);
	scatterwalk_crypto_chain(dst, sg_next(src), 2);
	return dst;
}

}  // extern "C"
