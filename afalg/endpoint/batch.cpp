// SPDX-License-Identifier: GPL-2.0
#include "afalg/endpoint/batch.h"

#include <cerrno>

#include <openssl/evp.h>

#include "afalg/endpoint/kernel_endpoint.h"

namespace kcshim::afalg {

std::uint64_t splitmix64(std::uint64_t &s)
{
	s += 0x9e3779b97f4a7c15ull;
	std::uint64_t z = s;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void mutate(Bytes &b, std::uint64_t &s)
{
	const size_t len = b.size();
	if (splitmix64(s) % 4 == 0) {
		size_t n = std::min<size_t>(size_t(1) << (splitmix64(s) % 8), 8 * len);
		for (size_t i = 0; i < n; i++) {
			size_t bit = splitmix64(s) % (8 * len);
			b[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
		}
	}
	if (splitmix64(s) % 4 == 0) {
		size_t n = std::min<size_t>(size_t(1) << (splitmix64(s) % 8), len);
		for (size_t i = 0; i < n; i++)
			b[splitmix64(s) % len] ^= 0xff;
	}
}

Bytes gen_bytes(std::uint64_t seed, std::size_t len)
{
	Bytes b(len);
	std::uint64_t s = seed;
	std::uint64_t kind = splitmix64(s) % 8;

	if (kind == 0) {
		std::uint64_t which = splitmix64(s) % 3;
		std::uint8_t v = which == 0 ? 0x00 : which == 1 ? 0xff
					       : static_cast<std::uint8_t>(splitmix64(s) & 0xff);
		std::fill(b.begin(), b.end(), v);
	} else if (kind == 1) {
		std::uint8_t start = static_cast<std::uint8_t>(splitmix64(s) & 0xff);
		std::uint8_t step = static_cast<std::uint8_t>(splitmix64(s) & 0xff);
		for (size_t i = 0; i < len; i++)
			b[i] = static_cast<std::uint8_t>(start + i * step);
	} else {
		for (size_t i = 0; i < len; i += 8) {
			std::uint64_t v = splitmix64(s);
			for (size_t j = 0; j < 8 && i + j < len; j++)
				b[i + j] = static_cast<std::uint8_t>(v >> (8 * j));
		}
		return b;
	}
	if (len)
		mutate(b, s);
	return b;
}

std::vector<ByteView> cut(const Bytes &msg, const std::vector<std::uint32_t> &splits)
{
	std::vector<ByteView> v;
	v.reserve(splits.size());
	size_t off = 0;
	for (std::uint32_t n : splits) {
		/* Validated by the decoder / the generator; clamp defensively. */
		size_t take = std::min<size_t>(n, msg.size() - off);
		v.emplace_back(msg.data() + off, take);
		off += take;
	}
	return v;
}

Bytes sha256(ByteView b)
{
	Bytes d(32);
	unsigned int n = 0;
	if (!EVP_Digest(b.data(), b.size(), d.data(), &n, EVP_sha256(), nullptr) || n != 32)
		d.clear();
	return d;
}

bool shorten(Bytes &out, std::uint32_t full_max)
{
	if (out.size() <= full_max)
		return false;
	out = sha256(out);
	return true;
}

BatchResult run_case(KernelEndpoint &ep, const std::string &alg, const BatchCase &c,
		     std::uint32_t full_max, BatchAllow allow)
{
	BatchResult res;
	auto failed = [&res](const Error &e) {
		res.err = e.err;
		res.stage = e.stage;
		return res;
	};
	std::optional<ByteView> key;
	if (c.key)
		key = ByteView(*c.key);
	Bytes msg = c.msg.bytes();
	auto pieces = cut(msg, c.splits);

	switch (c.op) {
	case BatchOp::hash: {
		if (!allow.hash)
			return failed(fail(-EOPNOTSUPP, Stage::transport));
		auto r = ep.hash(alg, key, pieces);
		if (!r)
			return failed(r.error());
		res.out = std::move(*r);
		break;
	}
	case BatchOp::hash_clone: {
		if (!allow.hash)
			return failed(fail(-EOPNOTSUPP, Stage::transport));
		Bytes a = c.suffix_a.bytes(), b = c.suffix_b.bytes();
		auto r = ep.hash_clone(alg, key, pieces, a, b);
		if (!r)
			return failed(r.error());
		res.out = std::move(r->digest_a);
		res.out_b = std::move(r->digest_b);
		break;
	}
	case BatchOp::skcipher: {
		if (!allow.skcipher)
			return failed(fail(-EOPNOTSUPP, Stage::transport));
		auto r = ep.skcipher(alg, c.encrypt, key ? *key : ByteView(), c.iv, pieces);
		if (!r)
			return failed(r.error());
		res.out = std::move(r->out);
		res.out_b = std::move(r->chained);
		break;
	}
	}
	res.out_hashed = shorten(res.out, full_max);
	return res;
}

std::vector<BatchResult> run_batch(KernelEndpoint &ep, const BatchRequest &req,
				   std::chrono::steady_clock::time_point until, BatchAllow allow)
{
	std::vector<BatchResult> out;
	out.reserve(req.cases.size());
	for (const auto &c : req.cases) {
		out.push_back(run_case(ep, req.alg, c, req.full_max, allow));
		if (std::chrono::steady_clock::now() >= until)
			break;
	}
	return out;
}

} /* namespace kcshim::afalg */
