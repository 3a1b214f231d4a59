// SPDX-License-Identifier: GPL-2.0
#include "protocol.h"

#include <cerrno>
#include <cstring>

namespace kcshim::afalg::proto {

namespace {

class Writer {
public:
	void u8(std::uint8_t v) { b_.push_back(v); }
	void u16(std::uint16_t v) { u8(v >> 8); u8(v & 0xff); }
	void u32(std::uint32_t v) { u16(v >> 16); u16(v & 0xffff); }
	void u64(std::uint64_t v) { u32(static_cast<std::uint32_t>(v >> 32)); u32(v & 0xffffffff); }
	void raw(ByteView v) { b_.insert(b_.end(), v.begin(), v.end()); }
	void str(std::string_view s)
	{
		/* Callers keep strings short; clamp rather than emit a lie. */
		size_t n = std::min<size_t>(s.size(), 0xffff);
		u16(static_cast<std::uint16_t>(n));
		raw({reinterpret_cast<const std::uint8_t *>(s.data()), n});
	}
	void blob(ByteView v) { u32(static_cast<std::uint32_t>(v.size())); raw(v); }
	void blobs(const std::vector<Bytes> &v)
	{
		u32(static_cast<std::uint32_t>(v.size()));
		for (const auto &b : v)
			blob(b);
	}
	Bytes take() { return std::move(b_); }

private:
	Bytes b_;
};

/*
 * Bounds-checked reader.  Any failure latches ok_ = false and later reads
 * return zeros, so decoders can read a whole body and check once at the end.
 */
class Reader {
public:
	explicit Reader(ByteView in) : in_(in) {}

	bool ok() const { return ok_; }
	bool done() const { return ok_ && in_.empty(); }
	size_t left() const { return in_.size(); }
	void bad() { ok_ = false; }

	ByteView take(size_t n)
	{
		if (!ok_ || n > in_.size()) {
			ok_ = false;
			return {};
		}
		ByteView v = in_.first(n);
		in_ = in_.subspan(n);
		return v;
	}
	std::uint8_t u8() { auto v = take(1); return v.empty() ? 0 : v[0]; }
	std::uint16_t u16() { auto v = take(2); return v.empty() ? 0 : (v[0] << 8) | v[1]; }
	std::uint32_t u32()
	{
		auto v = take(4);
		if (v.empty())
			return 0;
		return (std::uint32_t(v[0]) << 24) | (std::uint32_t(v[1]) << 16) |
		       (std::uint32_t(v[2]) << 8) | v[3];
	}
	std::uint64_t u64()
	{
		std::uint64_t hi = u32();
		return (hi << 32) | u32();
	}
	std::string str(size_t max)
	{
		size_t n = u16();
		if (n > max) {
			ok_ = false;
			return {};
		}
		auto v = take(n);
		return std::string(v.begin(), v.end());
	}
	Bytes blob()
	{
		/* take() checks the length against what is present first. */
		auto v = take(u32());
		return Bytes(v.begin(), v.end());
	}
	std::vector<Bytes> blobs(std::uint32_t max_count)
	{
		std::uint32_t n = u32();
		/* each element needs at least its 4-byte length */
		if (n > max_count || n > left() / 4) {
			ok_ = false;
			return {};
		}
		std::vector<Bytes> v;
		v.reserve(n);
		for (std::uint32_t i = 0; i < n && ok_; i++)
			v.push_back(blob());
		return v;
	}
	template <size_t N>
	void array(std::array<std::uint8_t, N> &a)
	{
		auto v = take(N);
		if (!v.empty())
			std::memcpy(a.data(), v.data(), N);
	}

private:
	ByteView in_;
	bool ok_ = true;
};

int finish(const Reader &r)
{
	return r.done() ? 0 : -EPROTO;
}

bool known_type(std::uint8_t t)
{
	return t >= static_cast<std::uint8_t>(MsgType::hello) &&
	       t <= static_cast<std::uint8_t>(MsgType::speed_ok);
}

void write_key(Writer &w, const std::optional<Bytes> &key)
{
	w.u8(key ? 1 : 0);
	w.blob(key ? ByteView(*key) : ByteView());
}

std::optional<Bytes> read_key(Reader &r)
{
	std::uint8_t has = r.u8();
	Bytes k = r.blob();
	if (has > 1)
		r.bad();
	if (!has) {
		if (!k.empty())
			r.bad();
		return std::nullopt;
	}
	return k;
}

} /* namespace */

const char *msg_name(MsgType t)
{
	switch (t) {
	case MsgType::hello: return "HELLO";
	case MsgType::auth: return "AUTH";
	case MsgType::auth_ok: return "AUTH_OK";
	case MsgType::error: return "ERROR";
	case MsgType::list: return "LIST";
	case MsgType::list_ok: return "LIST_OK";
	case MsgType::hash: return "HASH";
	case MsgType::hash_ok: return "HASH_OK";
	case MsgType::hash_clone: return "HASH_CLONE";
	case MsgType::hash_clone_ok: return "HASH_CLONE_OK";
	case MsgType::skcipher: return "SKCIPHER";
	case MsgType::skcipher_ok: return "SKCIPHER_OK";
	case MsgType::credit: return "CREDIT";
	case MsgType::batch: return "BATCH";
	case MsgType::batch_ok: return "BATCH_OK";
	case MsgType::speed: return "SPEED";
	case MsgType::speed_ok: return "SPEED_OK";
	}
	return "?";
}

int decode_header(ByteView in, std::uint32_t max_body, Header &out)
{
	if (in.size() < header_size)
		return -EPROTO;
	Reader r(in.first(header_size));
	std::uint32_t m = r.u32();
	std::uint8_t ver = r.u8();
	std::uint8_t type = r.u8();
	std::uint16_t reserved = r.u16();
	out.id = r.u32();
	out.length = r.u32();
	if (m != magic || ver != version || reserved != 0 || !known_type(type))
		return -EPROTO;
	out.type = static_cast<MsgType>(type);
	if (out.length > max_body)
		return -EMSGSIZE;
	return 0;
}

Bytes encode_frame(MsgType type, std::uint32_t id, ByteView body)
{
	Writer w;
	w.u32(magic);
	w.u8(version);
	w.u8(static_cast<std::uint8_t>(type));
	w.u16(0);
	w.u32(id);
	w.u32(static_cast<std::uint32_t>(body.size()));
	w.raw(body);
	return w.take();
}

Bytes encode(const Hello &m)
{
	Writer w;
	w.raw(m.nonce);
	w.u32(m.max_body);
	w.u32(m.window);
	return w.take();
}

int decode(ByteView body, Hello &out)
{
	Reader r(body);
	r.array(out.nonce);
	out.max_body = r.u32();
	out.window = r.u32();
	return finish(r);
}

Bytes encode(const Auth &m)
{
	Writer w;
	w.raw(m.client_nonce);
	w.raw(m.mac);
	return w.take();
}

int decode(ByteView body, Auth &out)
{
	Reader r(body);
	r.array(out.client_nonce);
	r.array(out.mac);
	return finish(r);
}

Bytes encode(const AuthOk &m)
{
	Writer w;
	w.raw(m.mac);
	w.str(m.kernel_version);
	return w.take();
}

int decode(ByteView body, AuthOk &out)
{
	Reader r(body);
	r.array(out.mac);
	out.kernel_version = r.str(256);
	return finish(r);
}

Bytes encode(const ErrorMsg &m)
{
	Writer w;
	w.u32(static_cast<std::uint32_t>(m.err));
	w.u8(static_cast<std::uint8_t>(m.stage));
	w.str(m.what.substr(0, 1024));
	return w.take();
}

int decode(ByteView body, ErrorMsg &out)
{
	Reader r(body);
	out.err = static_cast<std::int32_t>(r.u32());
	std::uint8_t st = r.u8();
	out.what = r.str(1024);
	/* Errors are negative errnos; anything else is a forged reply. */
	if (out.err >= 0 || out.err < -4095 || st > static_cast<std::uint8_t>(Stage::setup))
		return -EPROTO;
	out.stage = static_cast<Stage>(st);
	return finish(r);
}

Bytes encode(const HashReq &m)
{
	Writer w;
	w.str(m.alg);
	write_key(w, m.key);
	w.blobs(m.pieces);
	return w.take();
}

int decode(ByteView body, const Limits &lim, HashReq &out)
{
	Reader r(body);
	out.alg = r.str(max_alg_name);
	out.key = read_key(r);
	out.pieces = r.blobs(lim.max_pieces);
	return finish(r);
}

Bytes encode(const HashCloneReq &m)
{
	Writer w;
	w.str(m.alg);
	write_key(w, m.key);
	w.blobs(m.prefix);
	w.blob(m.suffix_a);
	w.blob(m.suffix_b);
	return w.take();
}

int decode(ByteView body, const Limits &lim, HashCloneReq &out)
{
	Reader r(body);
	out.alg = r.str(max_alg_name);
	out.key = read_key(r);
	out.prefix = r.blobs(lim.max_pieces);
	out.suffix_a = r.blob();
	out.suffix_b = r.blob();
	return finish(r);
}

Bytes encode(const SkcipherReq &m)
{
	Writer w;
	w.str(m.alg);
	w.u8(m.encrypt ? 1 : 0);
	w.blob(m.key);
	w.blob(m.iv);
	w.blobs(m.pieces);
	return w.take();
}

int decode(ByteView body, const Limits &lim, SkcipherReq &out)
{
	Reader r(body);
	out.alg = r.str(max_alg_name);
	std::uint8_t enc = r.u8();
	out.encrypt = enc == 1;
	out.key = r.blob();
	out.iv = r.blob();
	out.pieces = r.blobs(lim.max_pieces);
	if (enc > 1)
		return -EPROTO;
	return finish(r);
}

Bytes encode_list_ok(const std::vector<DriverInfo> &drivers)
{
	Writer w;
	w.u32(static_cast<std::uint32_t>(drivers.size()));
	for (const auto &d : drivers) {
		w.str(d.name);
		w.str(d.driver);
		w.str(d.module);
		w.str(d.type);
		w.u32(static_cast<std::uint32_t>(d.priority));
		w.u32(d.blocksize);
		w.u32(d.digestsize);
		w.u32(d.min_keysize);
		w.u32(d.max_keysize);
		w.u32(d.ivsize);
		w.u32(d.chunksize);
		w.u8((d.selftest_passed ? 1 : 0) | (d.internal ? 2 : 0) | (d.async ? 4 : 0));
	}
	return w.take();
}

int decode_list_ok(ByteView body, std::vector<DriverInfo> &out)
{
	Reader r(body);
	std::uint32_t n = r.u32();
	/* smallest record: 4 empty strings (8) + 7 u32 (28) + flags (1) */
	if (n > r.left() / 37)
		return -EPROTO;
	out.clear();
	out.reserve(n);
	for (std::uint32_t i = 0; i < n && r.ok(); i++) {
		DriverInfo d;
		d.name = r.str(max_alg_name);
		d.driver = r.str(max_alg_name);
		d.module = r.str(max_alg_name);
		d.type = r.str(64);
		d.priority = static_cast<int>(r.u32());
		d.blocksize = r.u32();
		d.digestsize = r.u32();
		d.min_keysize = r.u32();
		d.max_keysize = r.u32();
		d.ivsize = r.u32();
		d.chunksize = r.u32();
		std::uint8_t f = r.u8();
		d.selftest_passed = f & 1;
		d.internal = f & 2;
		d.async = f & 4;
		out.push_back(std::move(d));
	}
	return finish(r);
}

Bytes encode_hash_ok(ByteView digest)
{
	Writer w;
	w.blob(digest);
	return w.take();
}

int decode_hash_ok(ByteView body, Bytes &out)
{
	Reader r(body);
	out = r.blob();
	return finish(r);
}

Bytes encode_hash_clone_ok(const HashCloneResult &m)
{
	Writer w;
	w.blob(m.digest_a);
	w.blob(m.digest_b);
	return w.take();
}

int decode_hash_clone_ok(ByteView body, HashCloneResult &out)
{
	Reader r(body);
	out.digest_a = r.blob();
	out.digest_b = r.blob();
	return finish(r);
}

Bytes encode_skcipher_ok(const SkcipherResult &m)
{
	Writer w;
	w.blob(m.out);
	w.blob(m.chained);
	return w.take();
}

int decode_skcipher_ok(ByteView body, SkcipherResult &out)
{
	Reader r(body);
	out.out = r.blob();
	out.chained = r.blob();
	return finish(r);
}

Bytes encode_credit(std::uint32_t bytes)
{
	Writer w;
	w.u32(bytes);
	return w.take();
}

int decode_credit(ByteView body, std::uint32_t &bytes)
{
	Reader r(body);
	bytes = r.u32();
	return finish(r);
}

Bytes encode(const SpeedRequest &m)
{
	Writer w;
	w.str(m.alg);
	w.u8((m.skcipher ? 1 : 0) | (m.encrypt ? 2 : 0) | (m.key ? 4 : 0));
	w.blob(m.key ? ByteView(*m.key) : ByteView());
	w.u32(m.block);
	w.u32(m.update);
	w.u32(m.duration_ms);
	return w.take();
}

int decode(ByteView body, SpeedRequest &out)
{
	Reader r(body);
	out.alg = r.str(max_alg_name);
	std::uint8_t flags = r.u8();
	std::uint32_t keylen = r.u32();
	if (keylen > max_speed_key)
		return -EPROTO;
	ByteView key = r.take(keylen);
	out.block = r.u32();
	out.update = r.u32();
	out.duration_ms = r.u32();
	if (flags & ~7u)
		return -EPROTO;
	if (int e = finish(r))
		return e;
	out.skcipher = flags & 1;
	out.encrypt = flags & 2;
	out.key.reset();
	if (flags & 4)
		out.key = Bytes(key.begin(), key.end());
	else if (keylen)
		return -EPROTO;
	return check_speed_request(out) ? -EPROTO : 0;
}

Bytes encode_speed_ok(const SpeedResult &m)
{
	Writer w;
	w.u64(m.ops);
	w.u64(m.ns);
	return w.take();
}

int decode_speed_ok(ByteView body, SpeedResult &out)
{
	Reader r(body);
	out.ops = r.u64();
	out.ns = r.u64();
	return finish(r);
}

Bytes encode_batch_head(const std::string &alg, std::uint32_t full_max, std::uint32_t count)
{
	Writer w;
	w.str(alg);
	w.u32(full_max);
	w.u32(count);
	return w.take();
}

Bytes encode_batch_case(const BatchCase &c)
{
	Writer w;
	w.u8(static_cast<std::uint8_t>(c.op));
	w.u8((c.encrypt ? 1 : 0) | (c.key ? 2 : 0));
	w.blob(c.key ? ByteView(*c.key) : ByteView());
	w.blob(c.iv);
	w.u64(c.msg.seed);
	w.u32(c.msg.len);
	w.u32(static_cast<std::uint32_t>(c.splits.size()));
	for (std::uint32_t n : c.splits)
		w.u32(n);
	if (c.op == BatchOp::hash_clone) {
		w.u64(c.suffix_a.seed);
		w.u32(c.suffix_a.len);
		w.u64(c.suffix_b.seed);
		w.u32(c.suffix_b.len);
	}
	return w.take();
}

Bytes encode(const BatchRequest &m)
{
	Bytes b = encode_batch_head(m.alg, m.full_max, static_cast<std::uint32_t>(m.cases.size()));
	for (const auto &c : m.cases) {
		Bytes one = encode_batch_case(c);
		b.insert(b.end(), one.begin(), one.end());
	}
	return b;
}

namespace {

/* Smallest encoded case: op, flags, two empty blobs, seed, len, nsplits. */
constexpr size_t min_case_size = 1 + 1 + 4 + 4 + 8 + 4 + 4;

GenSpec read_gen(Reader &r, const Limits &lim, std::uint64_t &total)
{
	GenSpec g;
	g.seed = r.u64();
	g.len = r.u32();
	if (g.len > lim.max_gen_len)
		r.bad();
	total += g.len;
	return g;
}

} /* namespace */

int decode(ByteView body, const Limits &lim, BatchRequest &out)
{
	Reader r(body);
	out.alg = r.str(max_alg_name);
	out.full_max = r.u32();
	std::uint32_t n = r.u32();
	if (!r.ok() || n > lim.max_batch_cases || n > r.left() / min_case_size)
		return -EPROTO;
	std::uint64_t total = 0;
	out.cases.clear();
	out.cases.reserve(n);
	for (std::uint32_t i = 0; i < n && r.ok(); i++) {
		BatchCase c;
		std::uint8_t op = r.u8();
		std::uint8_t flags = r.u8();
		if (op < 1 || op > 3 || flags > 3) {
			r.bad();
			break;
		}
		c.op = static_cast<BatchOp>(op);
		c.encrypt = flags & 1;
		Bytes key = r.blob();
		if (flags & 2)
			c.key = std::move(key);
		else if (!key.empty())
			r.bad();
		c.iv = r.blob();
		c.msg = read_gen(r, lim, total);
		std::uint32_t ns = r.u32();
		if (ns > lim.max_pieces || ns > r.left() / 4) {
			r.bad();
			break;
		}
		c.splits.reserve(ns);
		std::uint64_t sum = 0;
		for (std::uint32_t k = 0; k < ns; k++) {
			c.splits.push_back(r.u32());
			sum += c.splits.back();
		}
		if (sum != c.msg.len)
			r.bad();
		if (c.op == BatchOp::hash_clone) {
			c.suffix_a = read_gen(r, lim, total);
			c.suffix_b = read_gen(r, lim, total);
		}
		if (total > lim.max_gen_total)
			r.bad();
		out.cases.push_back(std::move(c));
	}
	return finish(r);
}

Bytes encode_batch_ok(const std::vector<BatchResult> &v)
{
	Writer w;
	w.u32(static_cast<std::uint32_t>(v.size()));
	for (const auto &x : v) {
		w.u32(static_cast<std::uint32_t>(x.err));
		w.u8(static_cast<std::uint8_t>(x.stage));
		w.u8(x.out_hashed ? 1 : 0);
		w.blob(x.out);
		w.blob(x.out_b);
	}
	return w.take();
}

int decode_batch_ok(ByteView body, std::size_t max_count, std::vector<BatchResult> &out)
{
	Reader r(body);
	std::uint32_t n = r.u32();
	/* each result: err, stage, flags, two blob lengths */
	if (n > max_count || n > r.left() / 14)
		return -EPROTO;
	out.clear();
	out.reserve(n);
	for (std::uint32_t i = 0; i < n && r.ok(); i++) {
		BatchResult x;
		x.err = static_cast<std::int32_t>(r.u32());
		std::uint8_t st = r.u8();
		std::uint8_t fl = r.u8();
		x.out = r.blob();
		x.out_b = r.blob();
		if (x.err > 0 || x.err < -4095 || st > static_cast<std::uint8_t>(Stage::setup) || fl > 1)
			r.bad();
		x.stage = static_cast<Stage>(st);
		x.out_hashed = fl & 1;
		out.push_back(std::move(x));
	}
	return finish(r);
}

} /* namespace kcshim::afalg::proto */
