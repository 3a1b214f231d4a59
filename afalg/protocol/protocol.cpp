// SPDX-License-Identifier: GPL-2.0
/*
 * The bridge protocol's codec; protocol.h gives the wire format.
 *
 * Each body is described once, by a function that walks its fields in wire
 * order over an Io: a Writer appends them from a const message, a Reader
 * parses them into one.  The bounds a reader enforces (the longest string or
 * blob, the most elements, the values an enum or errno may take) are part
 * of the description; a Writer ignores them and sends what it is given, so
 * the peer's Reader is the check.  What no single field can say (SPEED's
 * limits, BATCH's splits and generated total) a decoder checks after the
 * walk.  It stays one file (720 lines): every message's description beside
 * the others is the wire format read in one place, as protocol.h states it.
 */
#include "afalg/protocol/protocol.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <numeric>
#include <string_view>
#include <type_traits>
#include <utility>

namespace kcshim::afalg::proto {

namespace {

constexpr std::uint32_t no_max = std::numeric_limits<std::uint32_t>::max();
const Limits default_limits{};

template <class... B>
constexpr bool all_bool = (std::is_same_v<B, bool> && ...);

/*
 * The two Ios have the same field methods (u8 .. u64, s32, enumeration,
 * array, str, text, blob, flags, open_flags, optional_blob, list) and a
 * Limits, so a description compiles for either; bounds arguments matter to
 * the Reader only.
 */
class Writer {
public:
	/* Only so one description serves both sides: writers apply no bounds. */
	const Limits &lim = default_limits;

	size_t size() const { return b_.size(); }
	Bytes take() { return std::move(b_); }

	void u8(std::uint8_t v) { b_.push_back(v); }
	void u16(std::uint16_t v) { u8(v >> 8); u8(v & 0xff); }
	void u32(std::uint32_t v, std::uint32_t /* max */ = no_max) { u16(v >> 16); u16(v & 0xffff); }
	void u64(std::uint64_t v) { u32(static_cast<std::uint32_t>(v >> 32)); u32(v & 0xffffffff); }
	void s32(std::int32_t v, std::int32_t /* lo */ = INT32_MIN, std::int32_t /* hi */ = INT32_MAX)
	{
		u32(static_cast<std::uint32_t>(v));
	}
	template <class E>
	void enumeration(E v, E /* lo */, E /* hi */) { u8(static_cast<std::uint8_t>(v)); }
	void raw(ByteView v) { b_.insert(b_.end(), v.begin(), v.end()); }
	template <size_t N>
	void array(const std::array<std::uint8_t, N> &a) { raw(a); }
	void str(std::string_view s, size_t /* max */)
	{
		/* Callers keep strings short; clamp rather than emit a lie. */
		size_t n = std::min<size_t>(s.size(), 0xffff);
		u16(static_cast<std::uint16_t>(n));
		raw({reinterpret_cast<const std::uint8_t *>(s.data()), n});
	}
	/* Human-readable text: cut at @max here rather than refused there. */
	void text(std::string_view s, size_t max) { str(s.substr(0, max), max); }
	void blob(ByteView v, std::uint32_t /* max */ = no_max)
	{
		u32(static_cast<std::uint32_t>(v.size()));
		raw(v);
	}
	/* One u8: the first argument is bit 0, the next bit 1, ... */
	template <class... B>
	void flags(B... bits)
	{
		static_assert(all_bool<B...>);
		unsigned int v = 0, i = 0;
		((v |= (bits ? 1u : 0u) << i++), ...);
		u8(static_cast<std::uint8_t>(v));
	}
	template <class... B>
	void open_flags(B... bits) { flags(bits...); }
	/* Whether an optional_blob() follows with content; flags() carries it. */
	bool has(const std::optional<Bytes> &v) const { return v.has_value(); }
	void optional_blob(const std::optional<Bytes> &v, bool /* has */, std::uint32_t max = no_max)
	{
		blob(v ? ByteView(*v) : ByteView(), max);
	}
	/* u32 count, then each element as @describe walks it. */
	template <class T, class Describe>
	void list(const std::vector<T> &v, std::uint32_t /* max */, Describe describe)
	{
		u32(static_cast<std::uint32_t>(v.size()));
		for (const auto &e : v)
			describe(*this, e);
	}

private:
	Bytes b_;
};

/*
 * Bounds-checked reader.  Any failure latches ok_ = false and later reads
 * return zeros, so decoders can read a whole body and check once at the end.
 */
class Reader {
public:
	Reader(ByteView in, const Limits &limits) : lim(limits), in_(in) {}

	const Limits &lim;

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

	/* The fields, as Writer's: each reads into its argument. */
	void u8(std::uint8_t &v) { v = u8(); }
	void u16(std::uint16_t &v) { v = u16(); }
	void u32(std::uint32_t &v, std::uint32_t max = no_max)
	{
		v = u32();
		if (v > max)
			bad();
	}
	void u64(std::uint64_t &v) { v = u64(); }
	void s32(std::int32_t &v, std::int32_t lo = INT32_MIN, std::int32_t hi = INT32_MAX)
	{
		v = static_cast<std::int32_t>(u32());
		if (v < lo || v > hi)
			bad();
	}
	template <class E>
	void enumeration(E &v, E lo, E hi)
	{
		std::uint8_t x = u8();
		if (x < static_cast<std::uint8_t>(lo) || x > static_cast<std::uint8_t>(hi))
			bad();
		else
			v = static_cast<E>(x);
	}
	template <size_t N>
	void array(std::array<std::uint8_t, N> &a)
	{
		auto v = take(N);
		if (!v.empty())
			std::memcpy(a.data(), v.data(), N);
	}
	void str(std::string &s, size_t max)
	{
		size_t n = u16();
		if (n > max) {
			ok_ = false;
			return;
		}
		auto v = take(n);
		s.assign(v.begin(), v.end());
	}
	void text(std::string &s, size_t max) { str(s, max); }
	void blob(Bytes &b, std::uint32_t max = no_max)
	{
		/* take() checks the length against what is present. */
		std::uint32_t n = u32();
		if (n > max) {
			ok_ = false;
			return;
		}
		auto v = take(n);
		b.assign(v.begin(), v.end());
	}
	/* Bits past the last argument are refused... */
	template <class... B>
	void flags(B &...bits)
	{
		if (open_flags(bits...) >> sizeof...(bits))
			bad();
	}
	/* ...or, here, ignored (a newer peer may send more). */
	template <class... B>
	std::uint8_t open_flags(B &...bits)
	{
		static_assert(all_bool<B...>);
		std::uint8_t v = u8();
		unsigned int i = 0;
		((bits = (v >> i++) & 1), ...);
		return v;
	}
	bool has(const std::optional<Bytes> &) const { return false; /* flags() sets it */ }
	/* Without @has the blob must be empty. */
	void optional_blob(std::optional<Bytes> &v, bool has, std::uint32_t max = no_max)
	{
		Bytes b;
		blob(b, max);
		if (has) {
			v = std::move(b);
		} else {
			v.reset();
			if (!b.empty())
				bad();
		}
	}
	/*
	 * Nothing is allocated for a count above @max or above what the bytes
	 * left could hold: every element takes at least what an empty one
	 * (empty strings, blobs and lists) takes.
	 */
	template <class T, class Describe>
	void list(std::vector<T> &v, std::uint32_t max, Describe describe)
	{
		std::uint32_t n = u32();
		if (n > max || n > left() / smallest<T>(describe)) {
			bad();
			return;
		}
		v.clear();
		v.reserve(n);
		for (std::uint32_t i = 0; i < n && ok_; i++) {
			T e{};
			describe(*this, e);
			v.push_back(std::move(e));
		}
	}

private:
	template <class T, class Describe>
	static size_t smallest(Describe describe)
	{
		const T empty{};
		Writer w;
		describe(w, empty);
		return std::max<size_t>(w.size(), 1);
	}

	ByteView in_;
	bool ok_ = true;
};

template <class M, class Describe>
Bytes encode_body(const M &m, Describe describe)
{
	Writer w;
	describe(w, m);
	return w.take();
}

/* The whole body must be consumed, else -EPROTO. */
template <class M, class Describe>
int decode_body(ByteView body, M &out, Describe describe, const Limits &lim = default_limits)
{
	Reader r(body, lim);
	describe(r, out);
	return r.done() ? 0 : -EPROTO;
}

bool known_type(std::uint8_t t)
{
	return t >= static_cast<std::uint8_t>(MsgType::hello) &&
	       t <= static_cast<std::uint8_t>(MsgType::speed_ok);
}

/*
 * The descriptions, in protocol.h's notation.  Each takes an Io and a
 * message (const for a Writer).
 */

/* The frame header, constants included; decode_header() checks them. */
struct WireHeader {
	std::uint32_t magic = proto::magic;
	std::uint8_t version = proto::version;
	std::uint8_t type = 0;
	std::uint16_t reserved = 0;
	std::uint32_t id = 0;
	std::uint32_t length = 0;
};

constexpr auto header_fields = [](auto &io, auto &h) {
	io.u32(h.magic);
	io.u8(h.version);
	io.u8(h.type);
	io.u16(h.reserved);
	io.u32(h.id);
	io.u32(h.length);
};

/* HELLO: u8[32] nonce | u32 max_body | u32 window */
constexpr auto hello_body = [](auto &io, auto &m) {
	io.array(m.nonce);
	io.u32(m.max_body);
	io.u32(m.window);
};

/* AUTH: u8[32] client nonce | u8[32] mac */
constexpr auto auth_body = [](auto &io, auto &m) {
	io.array(m.client_nonce);
	io.array(m.mac);
};

/* AUTH_OK: u8[32] mac | str kernel_version */
constexpr auto auth_ok_body = [](auto &io, auto &m) {
	io.array(m.mac);
	io.str(m.kernel_version, 256);
};

/* ERROR: u32 err (a negative errno) | u8 stage | str what */
constexpr auto error_body = [](auto &io, auto &m) {
	io.s32(m.err, -4095, -1);
	io.enumeration(m.stage, Stage::none, Stage::setup);
	io.text(m.what, 1024);
};

constexpr auto blob = [](auto &io, auto &b) { io.blob(b); };

/* HASH: str alg | u8 has key | blob key | list of blob pieces */
constexpr auto hash_body = [](auto &io, auto &m) {
	io.str(m.alg, max_alg_name);
	bool has_key = io.has(m.key);
	io.flags(has_key);
	io.optional_blob(m.key, has_key);
	io.list(m.pieces, io.lim.max_pieces, blob);
};

/* HASH_CLONE: as HASH, prefix for pieces, then blob suffix_a | blob suffix_b */
constexpr auto hash_clone_body = [](auto &io, auto &m) {
	io.str(m.alg, max_alg_name);
	bool has_key = io.has(m.key);
	io.flags(has_key);
	io.optional_blob(m.key, has_key);
	io.list(m.prefix, io.lim.max_pieces, blob);
	io.blob(m.suffix_a);
	io.blob(m.suffix_b);
};

/* SKCIPHER: str alg | u8 encrypt | blob key | blob iv | list of blob pieces */
constexpr auto skcipher_body = [](auto &io, auto &m) {
	io.str(m.alg, max_alg_name);
	io.flags(m.encrypt);
	io.blob(m.key);
	io.blob(m.iv);
	io.list(m.pieces, io.lim.max_pieces, blob);
};

/*
 * LIST_OK: list of str name | str driver | str module | str type |
 * u32 priority, blocksize, digestsize, min_keysize, max_keysize, ivsize,
 * chunksize | u8 flags (1 selftest passed, 2 internal, 4 async)
 */
constexpr auto driver_info = [](auto &io, auto &d) {
	io.str(d.name, max_alg_name);
	io.str(d.driver, max_alg_name);
	io.str(d.module, max_alg_name);
	io.str(d.type, 64);
	io.s32(d.priority);
	io.u32(d.blocksize);
	io.u32(d.digestsize);
	io.u32(d.min_keysize);
	io.u32(d.max_keysize);
	io.u32(d.ivsize);
	io.u32(d.chunksize);
	io.open_flags(d.selftest_passed, d.internal, d.async);
};

constexpr auto list_ok_body = [](auto &io, auto &v) { io.list(v, no_max, driver_info); };

/* HASH_OK: blob digest */
constexpr auto hash_ok_body = blob;

/* HASH_CLONE_OK: blob digest_a | blob digest_b */
constexpr auto hash_clone_ok_body = [](auto &io, auto &m) {
	io.blob(m.digest_a);
	io.blob(m.digest_b);
};

/* SKCIPHER_OK: blob out | blob chained */
constexpr auto skcipher_ok_body = [](auto &io, auto &m) {
	io.blob(m.out);
	io.blob(m.chained);
};

/* CREDIT: u32 bytes consumed */
constexpr auto credit_body = [](auto &io, auto &bytes) { io.u32(bytes); };

/* SPEED: protocol.h, above max_speed_key */
constexpr auto speed_body = [](auto &io, auto &m) {
	io.str(m.alg, max_alg_name);
	bool has_key = io.has(m.key);
	io.flags(m.skcipher, m.encrypt, has_key);
	io.optional_blob(m.key, has_key, max_speed_key);
	io.u32(m.block);
	io.u32(m.update);
	io.u32(m.duration_ms);
};

/* SPEED_OK: u64 ops | u64 ns */
constexpr auto speed_ok_body = [](auto &io, auto &m) {
	io.u64(m.ops);
	io.u64(m.ns);
};

/* BATCH: protocol.h, above encode_batch_head() */
constexpr auto gen_spec = [](auto &io, auto &g) {
	io.u64(g.seed);
	io.u32(g.len, io.lim.max_gen_len);
};

constexpr auto split = [](auto &io, auto &n) { io.u32(n); };

constexpr auto batch_case = [](auto &io, auto &c) {
	io.enumeration(c.op, BatchOp::hash, BatchOp::skcipher);
	bool has_key = io.has(c.key);
	io.flags(c.encrypt, has_key);
	io.optional_blob(c.key, has_key);
	io.blob(c.iv);
	gen_spec(io, c.msg);
	io.list(c.splits, io.lim.max_pieces, split);
	if (c.op == BatchOp::hash_clone) {
		gen_spec(io, c.suffix_a);
		gen_spec(io, c.suffix_b);
	}
};

/* The part before the case count, which encode_batch_head() writes too. */
constexpr auto batch_head = [](auto &io, auto &m) {
	io.str(m.alg, max_alg_name);
	io.u32(m.full_max);
};

constexpr auto batch_body = [](auto &io, auto &m) {
	batch_head(io, m);
	io.list(m.cases, io.lim.max_batch_cases, batch_case);
};

/* BATCH_OK: list of u32 err | u8 stage | u8 flags (1 out_hashed) | blob out | blob out_b */
constexpr auto batch_result = [](auto &io, auto &x) {
	io.s32(x.err, -4095, 0);
	io.enumeration(x.stage, Stage::none, Stage::setup);
	io.flags(x.out_hashed);
	io.blob(x.out);
	io.blob(x.out_b);
};

/* At most max_batch_cases results: a client reads under the count it sent. */
constexpr auto batch_ok_body = [](auto &io, auto &v) {
	io.list(v, io.lim.max_batch_cases, batch_result);
};

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
	WireHeader h;
	Reader r(in.first(header_size), default_limits);
	header_fields(r, h);
	out.id = h.id;
	out.length = h.length;
	if (h.magic != magic || h.version != version || h.reserved != 0 || !known_type(h.type))
		return -EPROTO;
	out.type = static_cast<MsgType>(h.type);
	if (out.length > max_body)
		return -EMSGSIZE;
	return 0;
}

Bytes encode_frame(MsgType type, std::uint32_t id, ByteView body)
{
	WireHeader h;
	h.type = static_cast<std::uint8_t>(type);
	h.id = id;
	h.length = static_cast<std::uint32_t>(body.size());
	Writer w;
	header_fields(w, std::as_const(h));
	w.raw(body);
	return w.take();
}

Bytes encode(const Hello &m)
{
	return encode_body(m, hello_body);
}

int decode(ByteView body, Hello &out)
{
	return decode_body(body, out, hello_body);
}

Bytes encode(const Auth &m)
{
	return encode_body(m, auth_body);
}

int decode(ByteView body, Auth &out)
{
	return decode_body(body, out, auth_body);
}

Bytes encode(const AuthOk &m)
{
	return encode_body(m, auth_ok_body);
}

int decode(ByteView body, AuthOk &out)
{
	return decode_body(body, out, auth_ok_body);
}

Bytes encode(const ErrorMsg &m)
{
	return encode_body(m, error_body);
}

int decode(ByteView body, ErrorMsg &out)
{
	return decode_body(body, out, error_body);
}

Bytes encode(const HashReq &m)
{
	return encode_body(m, hash_body);
}

int decode(ByteView body, const Limits &lim, HashReq &out)
{
	return decode_body(body, out, hash_body, lim);
}

Bytes encode(const HashCloneReq &m)
{
	return encode_body(m, hash_clone_body);
}

int decode(ByteView body, const Limits &lim, HashCloneReq &out)
{
	return decode_body(body, out, hash_clone_body, lim);
}

Bytes encode(const SkcipherReq &m)
{
	return encode_body(m, skcipher_body);
}

int decode(ByteView body, const Limits &lim, SkcipherReq &out)
{
	return decode_body(body, out, skcipher_body, lim);
}

Bytes encode_list_ok(const std::vector<DriverInfo> &drivers)
{
	return encode_body(drivers, list_ok_body);
}

int decode_list_ok(ByteView body, std::vector<DriverInfo> &out)
{
	return decode_body(body, out, list_ok_body);
}

Bytes encode_hash_ok(ByteView digest)
{
	return encode_body(digest, hash_ok_body);
}

int decode_hash_ok(ByteView body, Bytes &out)
{
	return decode_body(body, out, hash_ok_body);
}

Bytes encode_hash_clone_ok(const HashCloneResult &m)
{
	return encode_body(m, hash_clone_ok_body);
}

int decode_hash_clone_ok(ByteView body, HashCloneResult &out)
{
	return decode_body(body, out, hash_clone_ok_body);
}

Bytes encode_skcipher_ok(const SkcipherResult &m)
{
	return encode_body(m, skcipher_ok_body);
}

int decode_skcipher_ok(ByteView body, SkcipherResult &out)
{
	return decode_body(body, out, skcipher_ok_body);
}

Bytes encode_credit(std::uint32_t bytes)
{
	return encode_body(bytes, credit_body);
}

int decode_credit(ByteView body, std::uint32_t &bytes)
{
	return decode_body(body, bytes, credit_body);
}

Bytes encode(const SpeedRequest &m)
{
	return encode_body(m, speed_body);
}

int decode(ByteView body, SpeedRequest &out)
{
	if (int e = decode_body(body, out, speed_body))
		return e;
	return check_speed_request(out) ? -EPROTO : 0;
}

Bytes encode_speed_ok(const SpeedResult &m)
{
	return encode_body(m, speed_ok_body);
}

int decode_speed_ok(ByteView body, SpeedResult &out)
{
	return decode_body(body, out, speed_ok_body);
}

Bytes encode_batch_head(const std::string &alg, std::uint32_t full_max, std::uint32_t count)
{
	const BatchRequest head{alg, full_max, {}};
	Writer w;
	batch_head(w, head);
	w.u32(count);
	return w.take();
}

Bytes encode_batch_case(const BatchCase &c)
{
	return encode_body(c, batch_case);
}

Bytes encode(const BatchRequest &m)
{
	return encode_body(m, batch_body);
}

int decode(ByteView body, const Limits &lim, BatchRequest &out)
{
	if (int e = decode_body(body, out, batch_body, lim))
		return e;
	/* Splits cut each message exactly; what the cases generate fits. */
	std::uint64_t total = 0;
	for (const auto &c : out.cases) {
		if (std::accumulate(c.splits.begin(), c.splits.end(), std::uint64_t{0}) != c.msg.len)
			return -EPROTO;
		total += c.msg.len;
		if (c.op == BatchOp::hash_clone)
			total += std::uint64_t{c.suffix_a.len} + c.suffix_b.len;
	}
	return total > lim.max_gen_total ? -EPROTO : 0;
}

Bytes encode_batch_ok(const std::vector<BatchResult> &v)
{
	return encode_body(v, batch_ok_body);
}

int decode_batch_ok(ByteView body, std::size_t max_count, std::vector<BatchResult> &out)
{
	Limits lim;
	lim.max_batch_cases = static_cast<std::uint32_t>(std::min<std::size_t>(max_count, no_max));
	return decode_body(body, out, batch_ok_body, lim);
}

} /* namespace kcshim::afalg::proto */
