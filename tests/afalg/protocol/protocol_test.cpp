// SPDX-License-Identifier: GPL-2.0
/*
 * Bridge protocol: every message round-trips, and no byte string crashes or
 * over-allocates a decoder.  Randomised parts print their seed and take
 * KCSHIM_SEED to replay.
 */
#include <gtest/gtest.h>

#include <cerrno>
#include <random>
#include <string>
#include <string_view>

#include "afalg/protocol/auth.h"
#include "afalg/protocol/protocol.h"

using namespace kcshim::afalg;
using namespace kcshim::afalg::proto;

namespace {

std::uint64_t seed()
{
	static std::uint64_t s = [] {
		const char *e = std::getenv("KCSHIM_SEED");
		std::uint64_t v = e ? std::stoull(e) : std::random_device{}();
		std::printf("KCSHIM_SEED=%llu\n", static_cast<unsigned long long>(v));
		return v;
	}();
	return s;
}

/* Run every body decoder on @b; they must return, never crash. */
void decode_all(ByteView b)
{
	Limits lim;
	Hello h;
	Auth a;
	AuthOk ao;
	ErrorMsg em;
	HashReq hq;
	HashCloneReq hc;
	SkcipherReq sq;
	std::vector<DriverInfo> dl;
	Bytes d;
	HashCloneResult hr;
	SkcipherResult sr;
	SpeedRequest spq;
	SpeedResult spr;
	(void)decode(b, spq);
	(void)decode_speed_ok(b, spr);
	(void)decode(b, h);
	(void)decode(b, a);
	(void)decode(b, ao);
	(void)decode(b, em);
	(void)decode(b, lim, hq);
	(void)decode(b, lim, hc);
	(void)decode(b, lim, sq);
	(void)decode_list_ok(b, dl);
	(void)decode_hash_ok(b, d);
	(void)decode_hash_clone_ok(b, hr);
	(void)decode_skcipher_ok(b, sr);
	Header hdr;
	(void)decode_header(b, lim.max_body, hdr);
}

/* @spaced: hex, spaces between fields for the reader, ignored here. */
Bytes unhex(std::string_view spaced)
{
	Bytes b;
	std::string digits;
	for (char c : spaced)
		if (c != ' ')
			digits += c;
	for (size_t i = 0; i + 1 < digits.size(); i += 2)
		b.push_back(static_cast<std::uint8_t>(std::stoul(digits.substr(i, 2), nullptr, 16)));
	return b;
}

} /* namespace */

TEST(Protocol, HeaderRoundTrip)
{
	Bytes body = {1, 2, 3};
	Bytes f = encode_frame(MsgType::skcipher, 0xdeadbeef, body);
	ASSERT_EQ(f.size(), header_size + 3);
	Header h;
	ASSERT_EQ(decode_header(f, 100, h), 0);
	EXPECT_EQ(h.type, MsgType::skcipher);
	EXPECT_EQ(h.id, 0xdeadbeefu);
	EXPECT_EQ(h.length, 3u);
	EXPECT_EQ(decode_header(f, 2, h), -EMSGSIZE);
}

TEST(Protocol, HeaderRejectsBadMagicVersionTypeReserved)
{
	Bytes f = encode_frame(MsgType::list, 1, {});
	Header h;
	for (size_t byte : {0, 4, 5, 6}) {
		Bytes g = f;
		g[byte] ^= 0x80;
		EXPECT_EQ(decode_header(g, 1000, h), -EPROTO) << "byte " << byte;
	}
	Bytes g = f;
	g[5] = 0;	/* type 0 */
	EXPECT_EQ(decode_header(g, 1000, h), -EPROTO);
	g[5] = 18;	/* first unknown type */
	EXPECT_EQ(decode_header(g, 1000, h), -EPROTO);
	EXPECT_EQ(decode_header(ByteView(f).first(15), 1000, h), -EPROTO);
}

TEST(Protocol, RequestsRoundTrip)
{
	Limits lim;
	HashReq h{"hmac(sha256-generic)", Bytes{1, 2, 3}, {Bytes{}, Bytes{9, 9}, Bytes(300, 7)}};
	HashReq h2;
	ASSERT_EQ(decode(encode(h), lim, h2), 0);
	EXPECT_EQ(h2.alg, h.alg);
	EXPECT_EQ(h2.key, h.key);
	EXPECT_EQ(h2.pieces, h.pieces);

	HashReq nokey{"sha3-256", std::nullopt, {}};
	ASSERT_EQ(decode(encode(nokey), lim, h2), 0);
	EXPECT_FALSE(h2.key.has_value());
	EXPECT_TRUE(h2.pieces.empty());

	/* an empty key is not "no key" */
	HashReq emptykey{"hmac(sha256)", Bytes{}, {Bytes{1}}};
	ASSERT_EQ(decode(encode(emptykey), lim, h2), 0);
	ASSERT_TRUE(h2.key.has_value());
	EXPECT_TRUE(h2.key->empty());

	HashCloneReq c{"sha512", std::nullopt, {Bytes{1}, Bytes{}}, Bytes{2}, Bytes{3, 4}}, c2;
	ASSERT_EQ(decode(encode(c), lim, c2), 0);
	EXPECT_EQ(c2.prefix, c.prefix);
	EXPECT_EQ(c2.suffix_a, c.suffix_a);
	EXPECT_EQ(c2.suffix_b, c.suffix_b);

	SkcipherReq s{"cbc(cast5)", true, Bytes(16, 1), Bytes(8, 2), {Bytes(8, 3), Bytes(16, 4)}}, s2;
	ASSERT_EQ(decode(encode(s), lim, s2), 0);
	EXPECT_EQ(s2.alg, s.alg);
	EXPECT_TRUE(s2.encrypt);
	EXPECT_EQ(s2.key, s.key);
	EXPECT_EQ(s2.iv, s.iv);
	EXPECT_EQ(s2.pieces, s.pieces);
}

TEST(Protocol, RepliesAndHandshakeRoundTrip)
{
	Hello h{{}, 12345, 2048}, h2;
	h.nonce[0] = 0xaa;
	ASSERT_EQ(decode(encode(h), h2), 0);
	EXPECT_EQ(h2.nonce, h.nonce);
	EXPECT_EQ(h2.max_body, 12345u);
	EXPECT_EQ(h2.window, 2048u);

	AuthOk ao{{}, "6.1.176"}, ao2;
	ao.mac[31] = 5;
	ASSERT_EQ(decode(encode(ao), ao2), 0);
	EXPECT_EQ(ao2.mac, ao.mac);
	EXPECT_EQ(ao2.kernel_version, "6.1.176");

	ErrorMsg e{-ENOENT, Stage::bind, "no-such"}, e2;
	ASSERT_EQ(decode(encode(e), e2), 0);
	EXPECT_EQ(e2.err, -ENOENT);
	EXPECT_EQ(e2.stage, Stage::bind);
	EXPECT_EQ(e2.what, "no-such");
	ErrorMsg positive{5, Stage::bind, ""};
	EXPECT_EQ(decode(encode(positive), e2), -EPROTO);

	DriverInfo d;
	d.name = "cbc(cast5)";
	d.driver = "cbc(cast5-generic)";
	d.module = "cbc";
	d.type = "skcipher";
	d.priority = -3;
	d.blocksize = 8;
	d.min_keysize = 5;
	d.max_keysize = 16;
	d.ivsize = 8;
	d.chunksize = 8;
	d.selftest_passed = true;
	d.async = true;
	std::vector<DriverInfo> l{d, DriverInfo{}}, l2;
	ASSERT_EQ(decode_list_ok(encode_list_ok(l), l2), 0);
	EXPECT_EQ(l2, l);

	SkcipherResult r{Bytes(24, 1), Bytes(8, 2)}, r2;
	ASSERT_EQ(decode_skcipher_ok(encode_skcipher_ok(r), r2), 0);
	EXPECT_EQ(r2.out, r.out);
	EXPECT_EQ(r2.chained, r.chained);
}

/*
 * The bytes of one message of each kind of field, as protocol.h describes
 * them (big-endian; str = u16 length, blob = u32 length, list = u32 count),
 * so a codec change that moves one byte fails here, not between two builds.
 */
TEST(Protocol, WireBytesFollowTheFormat)
{
	Hello h{};
	h.nonce.fill(0x11);
	h.max_body = 0x01020304;
	h.window = 4096;
	EXPECT_EQ(encode(h), unhex(std::string(64, '1') + " 01020304 00001000"));

	EXPECT_EQ(encode(ErrorMsg{-EINVAL, Stage::setkey, "bad key"}),
		  unhex("ffffffea 02 0007 626164206b6579"));

	EXPECT_EQ(encode(HashReq{"hmac(sha256)", Bytes{0xaa, 0xbb}, {Bytes{}, Bytes{1, 2, 3}}}),
		  unhex("000c 686d6163287368613235362901 00000002 aabb "
			"00000002 00000000 00000003 010203"));

	EXPECT_EQ(encode(SkcipherReq{"cbc(aes)", true, Bytes{1}, Bytes{2, 2}, {Bytes{3}}}),
		  unhex("0008 636263286165732901 00000001 01 00000002 0202 00000001 00000001 03"));

	DriverInfo d{"sha1", "sha1-generic", "kernel", "shash", -1, 64, 20, 0, 0, 0, 64,
		     true, false, true};
	EXPECT_EQ(encode_list_ok({d}),
		  unhex("00000001 0004 73686131 000c 736861312d67656e65726963 0006 6b65726e656c "
			"0005 7368617368 ffffffff 00000040 00000014 00000000 00000000 00000000 "
			"00000040 05"));

	EXPECT_EQ(encode(SpeedRequest{"ecb(aes)", true, false, Bytes{9, 9}, 4096, 4096, 100}),
		  unhex("0008 6563622861657329 05 00000002 0909 00001000 00001000 00000064"));

	BatchCase c;
	c.op = BatchOp::hash_clone;
	c.key = Bytes{7};
	c.msg = {0x0102030405060708ull, 5};
	c.splits = {2, 0, 3};
	c.suffix_a = {1, 2};
	c.suffix_b = {3, 4};
	EXPECT_EQ(encode(BatchRequest{"sha256", 64, {c}}),
		  unhex("0006 736861323536 00000040 00000001 "
			"02 02 00000001 07 00000000 0102030405060708 00000005 "
			"00000003 00000002 00000000 00000003 "
			"0000000000000001 00000002 0000000000000003 00000004"));

	EXPECT_EQ(encode_batch_ok({BatchResult{-ENOENT, Stage::bind, true, Bytes{5}, Bytes{}}}),
		  unhex("00000001 fffffffe 01 01 00000001 05 00000000"));

	EXPECT_EQ(encode_frame(MsgType::credit, 7, encode_credit(0x100)),
		  unhex("4b435342 01 0d 0000 00000007 00000004 00000100"));
}

TEST(Protocol, TrailingBytesAndTruncationRejected)
{
	Limits lim;
	Bytes b = encode(HashReq{"sha3-256", Bytes{1}, {Bytes(10, 1), Bytes(3, 2)}});
	HashReq q;
	for (size_t n = 0; n < b.size(); n++)
		EXPECT_EQ(decode(ByteView(b).first(n), lim, q), -EPROTO) << "length " << n;
	b.push_back(0);
	EXPECT_EQ(decode(b, lim, q), -EPROTO);
}

TEST(Protocol, HugeCountsRejectedWithoutAllocating)
{
	Limits lim;
	/* alg "" , no key, then a piece count of 0xffffffff and nothing else */
	Bytes b = {0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff};
	HashReq q;
	EXPECT_EQ(decode(b, lim, q), -EPROTO);
	/* a piece claiming 4 GiB */
	Bytes c = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff};
	EXPECT_EQ(decode(c, lim, q), -EPROTO);
	/* more pieces than the limit, each well-formed */
	lim.max_pieces = 3;
	Bytes d = encode(HashReq{"x", std::nullopt, {Bytes{}, Bytes{}, Bytes{}, Bytes{}}});
	EXPECT_EQ(decode(d, lim, q), -EPROTO);
	std::vector<DriverInfo> l;
	EXPECT_EQ(decode_list_ok(Bytes{0xff, 0xff, 0xff, 0xff}, l), -EPROTO);
	/* an algorithm name over the limit */
	std::string longname(200, 'a');
	EXPECT_EQ(decode(encode(HashReq{longname, std::nullopt, {}}), Limits{}, q), -EPROTO);
}

TEST(Protocol, RandomGarbageNeverCrashes)
{
	std::mt19937_64 rng(seed());
	for (int i = 0; i < 20000; i++) {
		Bytes b(rng() % 96);
		for (auto &x : b)
			x = static_cast<std::uint8_t>(rng());
		decode_all(b);
	}
	SUCCEED() << "seed " << seed();
}

TEST(Protocol, MutatedValidMessagesNeverCrash)
{
	std::mt19937_64 rng(seed() + 1);
	std::vector<Bytes> valid = {
		encode(HashReq{"sha3-256", Bytes{1, 2}, {Bytes(5, 1), Bytes{}}}),
		encode(SkcipherReq{"cbc(aes)", false, Bytes(16), Bytes(16), {Bytes(32)}}),
		encode(HashCloneReq{"sha512", std::nullopt, {Bytes(3)}, Bytes(1), Bytes(2)}),
		encode_list_ok({DriverInfo{"a", "b", "c", "d"}}),
		encode(ErrorMsg{-EINVAL, Stage::recv, "x"}),
		encode(SpeedRequest{"cbc(aes)", true, true, Bytes(16), 4096, 4096, 100}),
	};
	Limits lim;
	int accepted = 0;
	for (int i = 0; i < 20000; i++) {
		Bytes b = valid[rng() % valid.size()];
		int flips = 1 + static_cast<int>(rng() % 4);
		for (int f = 0; f < flips && !b.empty(); f++)
			b[rng() % b.size()] = static_cast<std::uint8_t>(rng());
		decode_all(b);
		HashReq q;
		accepted += decode(b, lim, q) == 0;
	}
	/* Flips in payload bytes must still decode: the decoder is not just "no". */
	EXPECT_GT(accepted, 0) << "seed " << seed();
}

TEST(Protocol, SpeedRoundTrip)
{
	SpeedRequest h{"sha3-256-generic", false, true, std::nullopt, 8192, 1024, 500}, h2;
	ASSERT_EQ(decode(encode(h), h2), 0);
	EXPECT_EQ(h2.alg, h.alg);
	EXPECT_FALSE(h2.skcipher);
	EXPECT_FALSE(h2.key);
	EXPECT_EQ(h2.block, 8192u);
	EXPECT_EQ(h2.update, 1024u);
	EXPECT_EQ(h2.duration_ms, 500u);

	SpeedRequest c{"cbc(cast5-generic)", true, false, Bytes(16, 7), 4096, 4096, 10000}, c2;
	ASSERT_EQ(decode(encode(c), c2), 0);
	EXPECT_TRUE(c2.skcipher);
	EXPECT_FALSE(c2.encrypt);
	ASSERT_TRUE(c2.key);
	EXPECT_EQ(*c2.key, Bytes(16, 7));
	EXPECT_EQ(c2.duration_ms, 10000u);

	SpeedResult r{123456789012ull, 987654321098ull}, r2;
	ASSERT_EQ(decode_speed_ok(encode_speed_ok(r), r2), 0);
	EXPECT_EQ(r2.ops, r.ops);
	EXPECT_EQ(r2.ns, r.ns);
}

TEST(Protocol, SpeedLimitsCheckedByDecoder)
{
	auto rejected = [](SpeedRequest q) {
		SpeedRequest out;
		return decode(encode(q), out) == -EPROTO && check_speed_request(q) != 0;
	};
	SpeedRequest ok{"sha3-256", false, true, std::nullopt, max_speed_block, 1, max_speed_ms};
	SpeedRequest out;
	EXPECT_EQ(decode(encode(ok), out), 0);

	SpeedRequest q = ok;
	q.duration_ms = max_speed_ms + 1;
	EXPECT_TRUE(rejected(q)) << "duration " << q.duration_ms;
	q.duration_ms = 0;
	EXPECT_TRUE(rejected(q)) << "duration 0";
	q = ok;
	q.block = max_speed_block + 1;
	EXPECT_TRUE(rejected(q)) << "block " << q.block;
	q.block = 0;
	EXPECT_TRUE(rejected(q)) << "block 0";
	q = ok;
	q.update = 0;
	EXPECT_TRUE(rejected(q)) << "update 0";
	q.update = q.block + 1;
	EXPECT_TRUE(rejected(q)) << "update > block";
	q = ok;
	q.skcipher = true;	/* a skcipher needs its key */
	EXPECT_TRUE(rejected(q)) << "skcipher without key";

	/* A key over max_speed_key is refused before it is copied. */
	Bytes big = encode(SpeedRequest{"cbc(aes)", true, true, Bytes(max_speed_key + 1), 16, 16, 1});
	EXPECT_EQ(decode(big, out), -EPROTO);
	/* Unknown flag bits, a key blob without the has-key flag, trailing bytes. */
	Bytes b = encode(ok);
	Bytes flags = b;
	flags[2 + ok.alg.size()] |= 0x80;
	EXPECT_EQ(decode(flags, out), -EPROTO);
	Bytes trailing = b;
	trailing.push_back(0);
	EXPECT_EQ(decode(trailing, out), -EPROTO);
	Bytes truncated(b.begin(), b.end() - 1);
	EXPECT_EQ(decode(truncated, out), -EPROTO);
	SpeedResult r;
	EXPECT_EQ(decode_speed_ok(Bytes(15), r), -EPROTO);
}

TEST(Auth, ProofsBindSecretAndBothNonces)
{
	Nonce s{}, c{};
	ASSERT_TRUE(auth::make_nonce(s));
	ASSERT_TRUE(auth::make_nonce(c));
	EXPECT_NE(s, c);
	auto p = auth::client_proof("0123456789abcdef", s, c);
	EXPECT_TRUE(auth::mac_equal(p, auth::client_proof("0123456789abcdef", s, c)));
	EXPECT_FALSE(auth::mac_equal(p, auth::client_proof("0123456789abcdeX", s, c)));
	EXPECT_FALSE(auth::mac_equal(p, auth::client_proof("0123456789abcdef", c, s)));
	/* A client proof never passes as the server's. */
	EXPECT_FALSE(auth::mac_equal(p, auth::server_proof("0123456789abcdef", s, c)));
}
