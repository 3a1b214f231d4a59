// SPDX-License-Identifier: GPL-2.0
/*
 * xcheck: how kcshim's side runs a case (xcheck_detail.h): hashes through
 * crypto_shash (digest, update+final, update+finup, export+import
 * mid-stream, the accept() clone case), skciphers through crypto_skcipher
 * (in-place or out-of-place, misaligned buffers, split scatterlists, the
 * output IV).  Errors are -errno, as the kernel API returns them.
 */
#include "afalg/xcheck/xcheck_detail.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <linux/scatterlist.h>

namespace kcshim::afalg::xcheck::detail {

namespace {

/* ---- our side: shash ---- */

class Desc {
public:
	explicit Desc(struct crypto_shash *tfm)
		: size_((sizeof(struct shash_desc) + crypto_shash_descsize(tfm) + 63) & ~size_t(63)),
		  mem_(static_cast<struct shash_desc *>(std::aligned_alloc(64, size_)))
	{
		std::memset(mem_, 0, size_);
		mem_->tfm = tfm;
	}
	~Desc() { std::free(mem_); }
	Desc(const Desc &) = delete;
	Desc &operator=(const Desc &) = delete;
	struct shash_desc *get() { return mem_; }

private:
	size_t size_;
	struct shash_desc *mem_;
};

/* @msg copied to offset @off of a fresh buffer: misaligned input for the driver. */
class Buffer {
public:
	Buffer(ByteView msg, unsigned int off) : mem_(msg.size() + off + 16), off_(off)
	{
		std::copy(msg.begin(), msg.end(), mem_.begin() + off);
	}
	explicit Buffer(size_t n, unsigned int off) : mem_(n + off + 16), off_(off) {}
	std::uint8_t *data() { return mem_.data() + off_; }

private:
	Bytes mem_;
	unsigned int off_;
};

/* Feed @pieces into @d, re-importing after piece @reimport; -errno on failure. */
int feed(Desc &d, Desc &spare, std::vector<ByteView> pieces, int reimport, Bytes &state,
	 bool finup_last, std::uint8_t *out, std::string &path)
{
	struct shash_desc *cur = d.get();
	int err = crypto_shash_init(cur);
	path = "init";
	for (size_t i = 0; !err && i < pieces.size(); i++) {
		bool last = i + 1 == pieces.size();
		if (last && finup_last) {
			path += "+finup";
			return crypto_shash_finup(cur, pieces[i].data(),
						  static_cast<unsigned int>(pieces[i].size()), out);
		}
		path += "+update";
		err = crypto_shash_update(cur, pieces[i].data(), static_cast<unsigned int>(pieces[i].size()));
		if (!err && static_cast<int>(i) == reimport) {
			path += "+export+import";
			err = crypto_shash_export(cur, state.data());
			if (!err) {
				cur = spare.get();
				err = crypto_shash_import(cur, state.data());
			}
		}
	}
	if (err)
		return err;
	path += "+final";
	return crypto_shash_final(cur, out);
}

} /* namespace */

Result<Shash> alloc_shash(const std::string &name)
{
	struct crypto_shash *t = crypto_alloc_shash(name.c_str(), 0, 0);
	if (IS_ERR(t))
		return fail(static_cast<int>(PTR_ERR(t)), Stage::setup, "crypto_alloc_shash " + name);
	return Shash(t);
}

Result<Skcipher> alloc_skcipher(const std::string &name)
{
	struct crypto_skcipher *t = crypto_alloc_skcipher(name.c_str(), 0, 0);
	if (IS_ERR(t))
		return fail(static_cast<int>(PTR_ERR(t)), Stage::setup,
			    "crypto_alloc_skcipher " + name);
	return Skcipher(t);
}

Ours our_hash(const std::string &driver, const XCase &x)
{
	Ours o;
	auto tfm = alloc_shash(driver);
	if (!tfm) {
		o.err = tfm.err();
		o.path = "alloc";
		return o;
	}
	struct crypto_shash *t = tfm->get();
	const BatchCase &c = x.k;
	if (c.key) {
		o.path = "setkey";
		if (int e = crypto_shash_setkey(t, c.key->data(), static_cast<unsigned int>(c.key->size()))) {
			o.err = e;
			return o;
		}
	}
	Bytes msg = c.msg.bytes();
	Buffer in(msg, x.src_off);
	std::vector<ByteView> pieces;
	size_t off = 0;
	for (auto n : c.splits) {
		pieces.emplace_back(in.data() + off, n);
		off += n;
	}
	Desc d(t), spare(t), clone(t);
	Bytes state(crypto_shash_statesize(t));
	o.out.resize(crypto_shash_digestsize(t));

	if (c.op == BatchOp::hash_clone) {
		/* prefix, export, import into a second desc: a finishes the copy, b the original */
		struct shash_desc *cur = d.get();
		int err = crypto_shash_init(cur);
		for (size_t i = 0; !err && i < pieces.size(); i++)
			err = crypto_shash_update(cur, pieces[i].data(),
						  static_cast<unsigned int>(pieces[i].size()));
		if (!err)
			err = crypto_shash_export(cur, state.data());
		if (!err)
			err = crypto_shash_import(clone.get(), state.data());
		Bytes a = c.suffix_a.bytes(), b = c.suffix_b.bytes();
		if (!err)
			err = crypto_shash_finup(clone.get(), a.data(), static_cast<unsigned int>(a.size()),
						 o.out.data());
		o.out_b.resize(o.out.size());
		if (!err)
			err = crypto_shash_update(cur, b.data(), static_cast<unsigned int>(b.size()));
		if (!err)
			err = crypto_shash_final(cur, o.out_b.data());
		o.path = "init+update(prefix)+export; import+finup(suffix_a); update(suffix_b)+final";
		o.err = err;
		return o;
	}

	if (pieces.size() == 1 && x.path == HashPath::digest) {
		o.path = "digest";
		o.err = crypto_shash_digest(d.get(), pieces[0].data(),
					    static_cast<unsigned int>(pieces[0].size()), o.out.data());
		return o;
	}
	o.err = feed(d, spare, pieces, x.reimport_after, state, x.path == HashPath::finup && !pieces.empty(),
		     o.out.data(), o.path);
	return o;
}

/* ---- our side: skcipher ---- */

namespace {

/* A scatterlist over the non-empty pieces of @buf (at least one entry). */
std::vector<struct scatterlist> make_sg(std::uint8_t *buf, const std::vector<std::uint32_t> &splits)
{
	std::vector<std::uint32_t> lens;
	for (auto n : splits)
		if (n)
			lens.push_back(n);
	if (lens.empty())
		lens.push_back(0);
	std::vector<struct scatterlist> sg(lens.size());
	sg_init_table(sg.data(), static_cast<unsigned int>(sg.size()));
	size_t off = 0;
	for (size_t i = 0; i < lens.size(); i++) {
		sg_set_buf(&sg[i], buf + off, lens[i]);
		off += lens[i];
	}
	return sg;
}

int crypt(struct crypto_skcipher *t, bool enc, struct scatterlist *src, struct scatterlist *dst,
	  unsigned int len, std::uint8_t *iv)
{
	struct skcipher_request *req = skcipher_request_alloc(t, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	skcipher_request_set_callback(req, 0, nullptr, nullptr);
	skcipher_request_set_crypt(req, src, dst, len, iv);
	int err = enc ? crypto_skcipher_encrypt(req) : crypto_skcipher_decrypt(req);
	skcipher_request_free(req);
	return err;
}

} /* namespace */

Ours our_skcipher(const std::string &driver, const XCase &x)
{
	Ours o;
	auto tfm = alloc_skcipher(driver);
	if (!tfm) {
		o.err = tfm.err();
		o.path = "alloc";
		return o;
	}
	struct crypto_skcipher *t = tfm->get();
	const BatchCase &c = x.k;
	const Bytes &key = c.key ? *c.key : Bytes();
	o.path = "setkey";
	if (int e = crypto_skcipher_setkey(t, key.data(), static_cast<unsigned int>(key.size()))) {
		o.err = e;
		return o;
	}
	Bytes iv = c.iv;
	if (iv.size() != crypto_skcipher_ivsize(t)) {
		o.err = -EINVAL;	/* what ALG_SET_IV says to a wrong length */
		return o;
	}
	Bytes msg = c.msg.bytes();
	Buffer src(msg, x.src_off);
	Buffer dst(msg.size(), x.dst_off);
	auto src_sg = make_sg(src.data(), c.splits);
	std::vector<struct scatterlist> dst_sg;
	if (!x.inplace)
		dst_sg = make_sg(dst.data(), {c.msg.len});
	o.path = std::string(c.encrypt ? "encrypt" : "decrypt") +
		 (x.inplace ? " in-place" : " out-of-place") + ", " + std::to_string(src_sg.size()) +
		 " src sg entries, src offset " + std::to_string(x.src_off) +
		 (x.inplace ? "" : ", dst offset " + std::to_string(x.dst_off));
	o.err = crypt(t, c.encrypt, src_sg.data(), x.inplace ? src_sg.data() : dst_sg.data(),
		      c.msg.len, iv.data());
	if (o.err)
		return o;
	std::uint8_t *res = x.inplace ? src.data() : dst.data();
	o.out.assign(res, res + c.msg.len);

	if (!iv.empty()) {
		/* SkcipherResult::chained: one zero block more from the output IV */
		size_t n = std::max<size_t>(iv.size(), crypto_skcipher_blocksize(t));
		Bytes zero(n);
		struct scatterlist sg;
		sg_init_one(&sg, zero.data(), static_cast<unsigned int>(n));
		if (int e = crypt(t, c.encrypt, &sg, &sg, static_cast<unsigned int>(n), iv.data())) {
			o.err = e;
			o.path += "; chained block failed";
			return o;
		}
		o.out_b = std::move(zero);
	}
	return o;
}

} /* namespace kcshim::afalg::xcheck::detail */
