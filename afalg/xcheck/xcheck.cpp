// SPDX-License-Identifier: GPL-2.0
/*
 * xcheck (xcheck.h).  Convention: kernel failures are Result errors from the
 * endpoint; kcshim's side returns -errno as the kernel API does; run()
 * turns both into an exit code and never throws.
 */
#include "afalg/xcheck/xcheck.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <kcshim/kcshim.h>
#include <linux/scatterlist.h>

#include "afalg/protocol/auth.h"
#include "afalg/endpoint/local_afalg.h"
#include "afalg/remote/remote_endpoint.h"

namespace kcshim::afalg::xcheck {

namespace {

using clock = std::chrono::steady_clock;

/* Outputs up to this size come back whole from the kernel; longer ones as SHA-256. */
constexpr std::uint32_t full_max = 64;
/* Cases handed to KernelEndpoint::batch() at once. */
constexpr size_t batch_chunk = 1024;
/* Messages up to this size are printed in hex; longer ones go to a file. */
constexpr size_t hex_max = 256;

class Rng {
public:
	explicit Rng(std::uint64_t seed) : s_(seed) {}
	std::uint64_t next() { return splitmix64(s_); }
	std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }
	bool one_in(unsigned int n) { return below(n) == 0; }
	Bytes bytes(size_t n) { return gen_bytes(next(), n); }

private:
	std::uint64_t s_;
};

std::uint64_t fnv1a(const std::string &s)
{
	std::uint64_t h = 0xcbf29ce484222325ull;
	for (unsigned char c : s)
		h = (h ^ c) * 0x100000001b3ull;
	return h;
}

std::string hex(ByteView b)
{
	static const char d[] = "0123456789abcdef";
	std::string s;
	s.reserve(2 * b.size());
	for (auto c : b) {
		s += d[c >> 4];
		s += d[c & 15];
	}
	return s;
}

std::string errname(int err)
{
	const char *n = err ? strerrorname_np(-err) : nullptr;
	return n ? std::string("-") + n : std::to_string(err);
}

/* testmgr's generate_random_length(), plus a pull towards block boundaries. */
std::uint32_t random_length(Rng &r, size_t max, unsigned int bs)
{
	size_t len = r.below(max + 1);
	switch (r.below(4)) {
	case 0: len %= 64; break;
	case 1: len %= 256; break;
	case 2: len %= 1024; break;
	default: break;
	}
	if (bs > 1 && r.one_in(4)) {
		len = len / bs * bs;
		if (r.one_in(3) && len)
			len--;
		else if (r.one_in(2))
			len++;
	}
	return static_cast<std::uint32_t>(std::min(len, max));
}

/* 1..6 pieces at random (often block-aligned) cut points, now and then an extra empty one. */
std::vector<std::uint32_t> random_splits(Rng &r, std::uint32_t len, unsigned int bs)
{
	unsigned int k = 1 + static_cast<unsigned int>(r.below(6));
	std::vector<std::uint32_t> cuts;
	for (unsigned int i = 1; i < k; i++) {
		auto c = static_cast<std::uint32_t>(r.below(std::uint64_t(len) + 1));
		if (bs > 1 && r.one_in(2))
			c = c / bs * bs;
		cuts.push_back(c);
	}
	std::sort(cuts.begin(), cuts.end());
	std::vector<std::uint32_t> s;
	std::uint32_t prev = 0;
	for (auto c : cuts) {
		s.push_back(c - prev);
		prev = c;
	}
	s.push_back(len - prev);
	if (r.one_in(8))
		s.insert(s.begin() + static_cast<long>(r.below(s.size() + 1)), 0);
	return s;
}

enum class HashPath : std::uint8_t { digest, final, finup };

/* One case: what the kernel runs (k) and how our side runs the same. */
struct XCase {
	BatchCase k;
	std::string origin;
	HashPath path = HashPath::final;
	int reimport_after = -1;	/* export+import after this piece (our side) */
	bool inplace = false;
	unsigned int src_off = 0;	/* misalignment of our buffers */
	unsigned int dst_off = 0;
};

struct Ours {
	int err = 0;
	Bytes out;
	Bytes out_b;
	std::string path;	/* how our side ran it, for reports */
};

/* ---- our side: shash ---- */

struct ShashFree {
	void operator()(struct crypto_shash *t) const { crypto_free_shash(t); }
};
using Shash = std::unique_ptr<struct crypto_shash, ShashFree>;

struct SkcipherFree {
	void operator()(struct crypto_skcipher *t) const { crypto_free_skcipher(t); }
};
using Skcipher = std::unique_ptr<struct crypto_skcipher, SkcipherFree>;

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

/* ---- case plans ---- */

struct Unit {
	bool hash = true;
	std::string ours;		/* driver to allocate on our side */
	std::string cra_name;		/* "sha3-256", "cbc(cast5)" */
	std::string cipher;		/* modes: the block cipher's cra_name */
	std::string mode;		/* modes: "ecb", "cbc", "ctr" */
	std::set<std::string> names;	/* what selects it on the command line */
};

struct HashShape {
	unsigned int bs, ds;
	bool keyed;
};

struct CipherShape {
	unsigned int bs, chunk, ivsize, min_key, max_key;
};

void add_hash_case(std::vector<XCase> &v, Rng &r, std::string origin, std::uint32_t len,
		   std::vector<std::uint32_t> splits, HashPath path, const HashShape &h)
{
	XCase x;
	x.k.op = BatchOp::hash;
	x.k.msg = {r.next(), len};
	x.k.splits = std::move(splits);
	x.origin = std::move(origin);
	x.path = path;
	if (x.k.splits.size() > 1 && r.one_in(4))
		x.reimport_after = static_cast<int>(r.below(x.k.splits.size() - 1));
	x.src_off = static_cast<unsigned int>(r.below(4) == 0 ? r.below(64) : 0);
	if (h.keyed)
		x.k.key = r.bytes(r.one_in(4) ? r.below(2 * h.bs + 2) : h.ds);
	v.push_back(std::move(x));
}

HashPath random_path(Rng &r)
{
	switch (r.below(4)) {
	case 0: return HashPath::finup;
	case 1: return HashPath::digest;
	default: return HashPath::final;
	}
}

std::vector<XCase> hash_plan(const HashShape &h, const Options &opt, Rng &r)
{
	std::vector<XCase> v;
	const std::uint32_t top = 4 * h.bs + 1;
	/* every length, one-shot and in random pieces */
	for (std::uint32_t len = 0; len <= top; len++) {
		add_hash_case(v, r, "exhaustive length, one-shot", len, {len}, HashPath::digest, h);
		add_hash_case(v, r, "exhaustive length, pieces", len, random_splits(r, len, h.bs),
			      random_path(r), h);
	}
	/* the empty message with no send() at all */
	add_hash_case(v, r, "empty message, no pieces", 0, {}, HashPath::final, h);
	/* export/import at every prefix length of the first block and a bit */
	for (std::uint32_t p = 0; p <= h.bs + 1; p++) {
		XCase x;
		x.k.op = BatchOp::hash_clone;
		x.k.msg = {r.next(), p};
		x.k.splits = random_splits(r, p, h.bs);
		x.k.suffix_a = {r.next(), random_length(r, std::min<size_t>(opt.max_len, 4 * h.bs), h.bs)};
		x.k.suffix_b = {r.next(), random_length(r, std::min<size_t>(opt.max_len, 4 * h.bs), h.bs)};
		if (h.keyed)
			x.k.key = r.bytes(h.ds);
		x.origin = "export/import at prefix length " + std::to_string(p);
		v.push_back(std::move(x));
	}
	/* a key on an unkeyed hash: -ENOSYS on both sides */
	if (!h.keyed) {
		XCase x;
		x.k.msg = {r.next(), 3};
		x.k.splits = {3};
		x.k.key = r.bytes(16);
		x.origin = "key on an unkeyed hash";
		x.path = HashPath::digest;
		v.push_back(std::move(x));
	}
	return v;
}

void add_random_hash_case(std::vector<XCase> &v, const HashShape &h, const Options &opt, Rng &r)
{
	std::uint32_t len = random_length(r, opt.max_len, h.bs);
	if (r.one_in(4)) {
		XCase x;
		x.k.op = BatchOp::hash_clone;
		x.k.msg = {r.next(), len};
		x.k.splits = random_splits(r, len, h.bs);
		x.k.suffix_a = {r.next(), random_length(r, opt.max_len, h.bs)};
		x.k.suffix_b = {r.next(), random_length(r, opt.max_len, h.bs)};
		if (h.keyed)
			x.k.key = r.bytes(h.ds);
		x.origin = "random export/import";
		v.push_back(std::move(x));
		return;
	}
	bool oneshot = r.one_in(4);
	add_hash_case(v, r, "random", len, oneshot ? std::vector<std::uint32_t>{len}
						    : random_splits(r, len, h.bs),
		      oneshot ? HashPath::digest : random_path(r), h);
}

void add_cipher_case(std::vector<XCase> &v, Rng &r, std::string origin, const CipherShape &s,
		     size_t keylen, bool enc, std::uint32_t len, bool split)
{
	XCase x;
	x.k.op = BatchOp::skcipher;
	x.k.encrypt = enc;
	x.k.key = r.bytes(keylen);
	x.k.iv = r.bytes(s.ivsize);
	x.k.msg = {r.next(), len};
	x.k.splits = split ? random_splits(r, len, s.bs) : std::vector<std::uint32_t>{len};
	x.inplace = r.one_in(2);
	x.src_off = static_cast<unsigned int>(r.one_in(2) ? r.below(64) : 0);
	x.dst_off = static_cast<unsigned int>(r.one_in(2) ? r.below(64) : 0);
	x.origin = std::move(origin);
	v.push_back(std::move(x));
}

std::vector<XCase> cipher_plan(const CipherShape &s, const Options &opt, Rng &r)
{
	std::vector<XCase> v;
	const std::uint32_t unit = std::max(s.bs, s.chunk);
	/* every key size, valid or not, and two far too long */
	std::vector<size_t> keys;
	for (size_t k = 0; k <= s.max_key + 1; k++)
		keys.push_back(k);
	keys.push_back(2 * s.max_key);
	keys.push_back(s.max_key + 64);
	for (size_t k : keys)
		add_cipher_case(v, r, "key size " + std::to_string(k), s, k, true, 4 * unit, r.one_in(2));
	/* every length, both ways, key sizes cycling through the valid ones */
	size_t nkeys = s.max_key - s.min_key + 1, ki = 0;
	for (std::uint32_t len = 0; len <= 4 * unit + 1; len++)
		for (bool enc : {true, false})
			add_cipher_case(v, r, "exhaustive length", s, s.min_key + ki++ % nkeys, enc, len,
					r.one_in(2));
	return v;
}

void add_random_cipher_case(std::vector<XCase> &v, const CipherShape &s, const Options &opt, Rng &r)
{
	const std::uint32_t unit = std::max(s.bs, s.chunk);
	size_t keylen = r.one_in(4) ? r.below(s.max_key + 2) : s.max_key;
	std::uint32_t len = random_length(r, opt.max_len, unit);
	if (!r.one_in(4))
		len = len / unit * unit;
	add_cipher_case(v, r, "random", s, keylen, r.one_in(2), len, !r.one_in(4));
}

/*
 * One driver pair's cases: the fixed ones, then --iterations random ones,
 * made a batch at a time from the same Rng (so a seed replays the same
 * sequence), because a long run cannot hold them all in memory.
 */
class CasePlan {
public:
	CasePlan(bool hash, const HashShape &h, const CipherShape &c, const Options &opt, Rng r)
		: hash_(hash), h_(h), c_(c), opt_(opt), r_(std::move(r))
	{
		fixed_ = hash ? hash_plan(h, opt, r_) : cipher_plan(c, opt, r_);
	}

	std::uint64_t total() const { return fixed_.size() + std::uint64_t(opt_.iterations); }

	/*
	 * The next cases (at most @n) from index @at on, which is the first
	 * case not handed out yet; empty when done.
	 */
	std::vector<XCase> next(std::uint64_t at, size_t n)
	{
		std::vector<XCase> v;
		for (; at < fixed_.size() && v.size() < n; at++)
			v.push_back(fixed_[at]);
		for (; at < total() && v.size() < n; at++) {
			if (hash_)
				add_random_hash_case(v, h_, opt_, r_);
			else
				add_random_cipher_case(v, c_, opt_, r_);
		}
		return v;
	}

private:
	bool hash_;
	HashShape h_;
	CipherShape c_;
	const Options &opt_;
	Rng r_;
	std::vector<XCase> fixed_;
};

/* ---- comparing and reporting ---- */

bool same(const Ours &o, const BatchResult &k)
{
	if (o.err || k.err)
		return o.err == k.err;
	Bytes mine = o.out;
	if (k.out_hashed)
		mine = sha256(mine);
	return mine == k.out && o.out_b == k.out_b;
}

std::string show(int err, Stage stage, const Bytes &out, const Bytes &out_b, const BatchCase &c)
{
	if (err)
		return "error " + errname(err) + (stage != Stage::none ? std::string(" at ") + stage_name(stage) : "");
	std::string s = hex(out);
	if (c.op == BatchOp::hash_clone)
		return "digest_a " + s + "\n             digest_b " + hex(out_b);
	if (c.op == BatchOp::skcipher && !out_b.empty())
		return s + "\n             chained  " + hex(out_b);
	return s;
}

std::string splits_text(const std::vector<std::uint32_t> &s)
{
	std::string t = "[";
	for (size_t i = 0; i < s.size(); i++)
		t += (i ? " " : "") + std::to_string(s[i]);
	return t + "]";
}

std::string message_text(const Bytes &m, const Options &opt, const std::string &tag)
{
	if (m.size() <= hex_max)
		return std::to_string(m.size()) + " bytes " + (m.empty() ? "(empty)" : hex(m));
	std::string dir = opt.repro_dir;
	if (dir.empty()) {
		const char *t = std::getenv("TMPDIR");
		dir = t && *t ? t : "/tmp";
	}
	std::string path = dir + "/kcshim-xcheck-" + tag + ".bin";
	std::ofstream f(path, std::ios::binary);
	f.write(reinterpret_cast<const char *>(m.data()), static_cast<std::streamsize>(m.size()));
	if (!f)
		return std::to_string(m.size()) + " bytes (could not write " + path + ")";
	return std::to_string(m.size()) + " bytes in " + path + " (sha256 " + hex(sha256(m)) + ")";
}

std::string file_tag(const std::string &s)
{
	std::string t;
	for (char c : s)
		t += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
	return t;
}

void reproducer(std::ostream &out, KernelEndpoint &ep, const Unit &u, const std::string &theirs,
		const std::string &kver, const Options &opt, std::uint64_t seed, size_t index,
		size_t total, const XCase &x, const Ours &o, const BatchResult &batched)
{
	const BatchCase &c = x.k;
	/* The batch may have only the SHA-256 of the kernel's output: ask for all of it. */
	BatchResult k = run_case(ep, theirs, c, UINT32_MAX);
	if (k.err != batched.err)
		k = batched;
	std::string tag = file_tag(u.ours) + "-vs-" + file_tag(theirs) + "-" + std::to_string(index);
	const char *op = c.op == BatchOp::hash ? "hash" : c.op == BatchOp::hash_clone ? "hash export/import"
			 : c.encrypt ? "encrypt" : "decrypt";

	out << "\nMISMATCH " << u.ours << " (kcshim) vs " << theirs << " (kernel " << kver;
	if (!opt.kernel_label.empty())
		out << ", " << opt.kernel_label;
	out << ")\n";
	out << "  case:      " << op << ", " << x.origin << " (case " << index + 1 << " of " << total
	    << "; replay: --seed 0x" << std::hex << seed << std::dec << " " << u.ours << ")\n";
	out << "  key:       " << (c.key ? std::to_string(c.key->size()) + " bytes " + hex(*c.key) : "none")
	    << "\n";
	if (c.op == BatchOp::skcipher)
		out << "  iv:        " << (c.iv.empty() ? "none" : hex(c.iv)) << "\n";
	out << "  message:   " << message_text(c.msg.bytes(), opt, tag) << "\n";
	out << "  splits:    " << splits_text(c.splits) << (c.op == BatchOp::hash_clone ? " (prefix)" : "")
	    << "\n";
	if (c.op == BatchOp::hash_clone) {
		out << "  suffix_a:  " << message_text(c.suffix_a.bytes(), opt, tag + "-a") << "\n";
		out << "  suffix_b:  " << message_text(c.suffix_b.bytes(), opt, tag + "-b") << "\n";
	}
	out << "  kcshim:    " << show(o.err, Stage::none, o.out, o.out_b, c) << "\n";
	out << "  kernel:    " << show(k.err, k.stage, k.out, k.out_b, c) << "\n";
	out << "  our path:  " << o.path << "\n\n";
}

struct AlgInfo {
	std::string name, driver;
	kcshim_alg_kind kind;
	bool internal, instance, keyed, failed;
};

int collect(const struct kcshim_alg_info *i, void *arg)
{
	static_cast<std::vector<AlgInfo> *>(arg)->push_back(
		{i->name, i->driver, i->kind, i->internal, i->instance, i->keyed,
		 i->selftest == KCSHIM_SELFTEST_FAILED});
	return 0;
}

std::vector<Unit> our_units()
{
	std::vector<AlgInfo> algs;
	kcshim_for_each_alg(collect, &algs);
	std::vector<Unit> units;
	std::set<std::string> seen;
	for (const auto &a : algs) {
		if (a.internal || a.failed || a.instance || !seen.insert(a.driver).second)
			continue;
		if (a.kind == KCSHIM_KIND_SHASH) {
			units.push_back({true, a.driver, a.name, {}, {}, {a.name, a.driver}});
		} else if (a.kind == KCSHIM_KIND_CIPHER) {
			for (const char *m : {"ecb", "cbc", "ctr"}) {
				std::string mode = m;
				units.push_back({false, mode + "(" + a.driver + ")", mode + "(" + a.name + ")",
						 a.name, mode,
						 {a.name, a.driver, mode + "(" + a.name + ")",
						  mode + "(" + a.driver + ")"}});
			}
		} else {
			units.push_back({false, a.driver, a.name, {}, {}, {a.name, a.driver}});
		}
	}
	std::sort(units.begin(), units.end(),
		  [](const Unit &a, const Unit &b) { return std::tie(a.cra_name, a.ours) < std::tie(b.cra_name, b.ours); });
	return units;
}

/* The kernel's drivers to compare @u with. */
std::vector<std::string> kernel_drivers(const Unit &u, const std::vector<DriverInfo> &usable)
{
	std::vector<std::string> v;
	auto add = [&v](const std::string &d) {
		if (std::find(v.begin(), v.end(), d) == v.end())
			v.push_back(d);
	};
	for (const auto &d : usable) {
		if (u.hash && d.name == u.cra_name && (d.type == "shash" || d.type == "ahash"))
			add(d.driver);
		if (!u.hash && !u.mode.empty() && d.name == u.cipher && d.type == "cipher")
			add(u.mode + "(" + d.driver + ")");
		if (!u.hash && d.name == u.cra_name && d.is_skcipher())
			add(d.driver);
	}
	return v;
}

/* Bind each name once so the kernel loads its modules before we read /proc/crypto. */
void load_in_kernel(KernelEndpoint &ep, const std::vector<Unit> &units)
{
	std::set<std::string> done;
	for (const auto &u : units) {
		if (!done.insert(u.cra_name).second)
			continue;
		if (u.hash) {
			(void)hash_oneshot(ep, u.cra_name, {});
		} else {
			Bytes key(16);
			(void)skcipher_oneshot(ep, u.cra_name, true, key, {}, {});
		}
	}
}

std::vector<Unit> selected_units(const Options &opt)
{
	std::vector<Unit> units;
	for (auto &u : our_units()) {
		bool want = opt.algs.empty();
		for (const auto &a : opt.algs)
			want = want || u.names.count(a);
		if (want)
			units.push_back(std::move(u));
	}
	return units;
}

} /* namespace */

std::vector<std::string> kernel_algorithms(const Options &opt)
{
	std::set<std::string> names;
	for (const Unit &u : selected_units(opt)) {
		names.insert(u.cra_name);
		if (!u.cipher.empty())
			names.insert(u.cipher);
	}
	return {names.begin(), names.end()};
}

int run(KernelEndpoint &ep, const Options &opt, std::ostream &out, Report *report)
{
	Report local;
	Report &rep = report ? *report : local;
	auto t0 = clock::now();

	std::uint64_t seed = opt.seed;
	if (!seed) {
		std::random_device rd;
		seed = (std::uint64_t(rd()) << 32) | rd();
	}
	rep.seed = seed;
	if (opt.max_len > proto::Limits{}.max_gen_len) {
		out << "xcheck: --max-len is at most " << proto::Limits{}.max_gen_len << "\n";
		return exit_setup;
	}

	std::vector<Unit> units = selected_units(opt);
	for (const auto &a : opt.algs) {
		bool found = false;
		for (const auto &u : units)
			found = found || u.names.count(a);
		if (!found) {
			out << "xcheck: no kcshim driver matches " << a << " (see kcshim list)\n";
			return exit_setup;
		}
	}

	auto kver = ep.kernel_version();
	std::string version = kver ? *kver : "?";
	load_in_kernel(ep, units);
	auto listing = ep.list();
	if (!listing) {
		out << "xcheck: cannot list the kernel's drivers: " << describe(listing.error()) << "\n";
		return exit_setup;
	}
	auto usable = usable_drivers(*listing);

	out << "xcheck: kernel " << version << (opt.kernel_label.empty() ? "" : " (" + opt.kernel_label + ")")
	    << ", seed 0x" << std::hex << seed << std::dec << ", " << opt.iterations
	    << " random cases per pair, max length " << opt.max_len << "\n";

	int rc = exit_equal;
	for (const auto &u : units) {
		auto theirs = kernel_drivers(u, usable);
		if (theirs.empty()) {
			rep.skipped.push_back(u.ours + ": the kernel has no " + u.cra_name);
			out << "  " << std::left << std::setw(28) << u.ours << " skipped: the kernel has no "
			    << u.cra_name << "\n";
			continue;
		}
		/* Our side's shape drives the plan; a kernel that disagrees shows up as mismatches. */
		HashShape hs{};
		CipherShape cs{};
		if (u.hash) {
			auto t = alloc_shash(u.ours);
			if (!t) {
				out << "xcheck: " << describe(t.error()) << "\n";
				return exit_setup;
			}
			hs = {crypto_shash_blocksize(t->get()), crypto_shash_digestsize(t->get()), false};
			/* keyed: the shim marks such tfms as needing a key */
			hs.keyed = crypto_shash_get_flags(t->get()) & CRYPTO_TFM_NEED_KEY;
		} else {
			auto t = alloc_skcipher(u.ours);
			if (!t) {
				out << "xcheck: " << describe(t.error()) << "\n";
				return exit_setup;
			}
			struct crypto_skcipher *s = t->get();
			cs = {crypto_skcipher_blocksize(s), crypto_skcipher_chunksize(s),
			      crypto_skcipher_ivsize(s), crypto_skcipher_min_keysize(s),
			      crypto_skcipher_max_keysize(s)};
		}

		for (const auto &k : theirs) {
			auto p0 = clock::now();
			CasePlan plan(u.hash, hs, cs, opt, Rng(seed ^ fnv1a(u.ours + "|" + k)));
			PairSummary sum{u.ours, k, 0, 0, 0};
			bool reported = false;

			/* what the kernel has not answered yet: cases at, at + 1, ... */
			std::vector<XCase> chunk;
			for (std::uint64_t at = 0; at < plan.total();) {
				BatchRequest req{k, full_max, {}};
				for (XCase &x : plan.next(at + chunk.size(), batch_chunk - chunk.size()))
					chunk.push_back(std::move(x));
				for (const XCase &x : chunk)
					req.cases.push_back(x.k);
				auto res = ep.batch(req, clock::now() + std::chrono::seconds(20));
				if (!res || res->empty() || res->size() > chunk.size()) {
					out << "xcheck: kernel " << k << ": "
					    << (res ? std::string("bad batch reply") : describe(res.error())) << "\n";
					return exit_setup;
				}
				for (size_t j = 0; j < res->size(); j++) {
					const XCase &x = chunk[j];
					Ours o = u.hash ? our_hash(u.ours, x) : our_skcipher(u.ours, x);
					sum.cases++;
					if (same(o, (*res)[j]))
						continue;
					sum.mismatches++;
					if (!reported) {
						reported = true;
						reproducer(out, ep, u, k, version, opt, seed, at + j, plan.total(), x, o,
							   (*res)[j]);
					}
				}
				chunk.erase(chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(res->size()));
				at += res->size();
			}
			sum.seconds = std::chrono::duration<double>(clock::now() - p0).count();
			if (sum.mismatches)
				rc = exit_mismatch;
			out << "  " << std::left << std::setw(28) << u.ours << " vs kernel " << std::setw(28) << k
			    << std::right << std::setw(7) << sum.cases << " cases " << std::setw(6)
			    << sum.mismatches << " mismatches " << std::fixed << std::setprecision(1)
			    << std::setw(7) << sum.seconds << " s\n";
			out.unsetf(std::ios::fixed);
			out.flush();
			rep.pairs.push_back(sum);
		}
	}
	rep.seconds = std::chrono::duration<double>(clock::now() - t0).count();
	unsigned long cases = 0, bad = 0;
	for (const auto &p : rep.pairs) {
		cases += p.cases;
		bad += p.mismatches;
	}
	out << "xcheck: " << rep.pairs.size() << " driver pairs, " << cases << " cases, " << bad
	    << " mismatches, " << rep.skipped.size() << " skipped, " << std::fixed << std::setprecision(1)
	    << rep.seconds << " s\n";
	out.unsetf(std::ios::fixed);
	if (rep.pairs.empty()) {
		out << "xcheck: nothing to compare: the kernel has none of these algorithms\n";
		return exit_nothing;
	}
	return rc;
}

int run_with_kernel(const KernelChoice &k, const Options &opt_in, std::ostream &out, Report *report)
{
	auto t0 = clock::now();
	KernelChoice with_algs = k;
	with_algs.algorithms = kernel_algorithms(opt_in);
	auto kernel = open_kernel(with_algs);
	if (!kernel) {
		out << "xcheck: " << kernel.error().what << "\n";
		return kernel_unreachable(kernel.error()) ? exit_nothing : exit_setup;
	}
	if ((*kernel)->boot_time().count())
		out << "xcheck: booted " << (*kernel)->label() << " in "
		    << std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - t0).count()
		    << " ms\n";
	Options opt = opt_in;
	opt.kernel_label = (*kernel)->label();
	return run((*kernel)->endpoint(), opt, out, report);
}

} /* namespace kcshim::afalg::xcheck */
