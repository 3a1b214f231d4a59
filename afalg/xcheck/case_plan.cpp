// SPDX-License-Identifier: GPL-2.0
/*
 * xcheck: the cases of one driver pair (CasePlan, xcheck_detail.h).  The
 * fixed plan sweeps every length (and for skciphers every key size) around
 * the block size; the random cases follow testmgr's generators, with a
 * pull towards block boundaries.  Everything comes from one Rng, so a seed
 * replays the same cases.
 */
#include "afalg/xcheck/xcheck_detail.h"

#include <algorithm>
#include <utility>

namespace kcshim::afalg::xcheck::detail {

namespace {

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

} /* namespace */

CasePlan::CasePlan(bool hash, const HashShape &h, const CipherShape &c, const Options &opt, Rng r)
	: hash_(hash), h_(h), c_(c), opt_(opt), r_(std::move(r))
{
	fixed_ = hash ? hash_plan(h, opt, r_) : cipher_plan(c, opt, r_);
}

std::vector<XCase> CasePlan::next(std::uint64_t at, size_t n)
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

} /* namespace kcshim::afalg::xcheck::detail */
