// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel endpoint against known answers, through whatever kernel
 * test_kernel.h provides (local AF_ALG or the UML guest via the bridge).
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <random>

#include "tests/afalg/shared_kernel.h"

using namespace kcshim::afalg;
using test::hex;
using test::unhex;

namespace {

Bytes str(const std::string &s)
{
	return Bytes(s.begin(), s.end());
}

const std::string sha3_abc = "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532";
const std::string sha512_abc =
	"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	"2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
const std::string cast5_key = "0123456712345678234567893456789a";	/* RFC 2144 B.1 */

} /* namespace */

TEST(KernelHash, KnownAnswersByNameAndDriver)
{
	KCSHIM_NEED_KERNEL(ep);
	Bytes abc = str("abc");
	struct {
		const char *alg;
		std::string want;
	} cases[] = {
		{"sha3-256", sha3_abc}, {"sha3-256-generic", sha3_abc},
		{"sha512", sha512_abc}, {"sha512-generic", sha512_abc},
		/* CRC "digests" are the CPU-endian u16: 0x443b on x86 */
		{"crct10dif", "3b44"}, {"crct10dif-generic", "3b44"},
	};
	for (auto &c : cases) {
		auto r = hash_oneshot(*ep, c.alg, abc);
		ASSERT_TRUE(r) << c.alg << ": " << describe(r.error());
		EXPECT_EQ(hex(*r), c.want) << c.alg;
	}
}

TEST(KernelHash, EmptyPiecesAndSplitsMatchOneShot)
{
	KCSHIM_NEED_KERNEL(ep);
	std::uint64_t seed = std::random_device{}();
	if (const char *s = std::getenv("KCSHIM_SEED"))
		seed = std::stoull(s);
	std::mt19937_64 rng(seed);
	Bytes msg(3000);
	for (auto &b : msg)
		b = static_cast<std::uint8_t>(rng());
	auto whole = hash_oneshot(*ep, "sha3-256-generic", msg);
	ASSERT_TRUE(whole) << describe(whole.error());

	for (int round = 0; round < 4; round++) {
		std::vector<ByteView> pieces;
		std::vector<size_t> cuts;
		size_t off = 0;
		while (off < msg.size()) {
			size_t n = rng() % 3 == 0 ? 0 : rng() % 700;
			n = std::min(n, msg.size() - off);
			pieces.emplace_back(msg.data() + off, n);
			cuts.push_back(n);
			off += n;
		}
		pieces.emplace_back();	/* a trailing empty piece */
		auto r = ep->hash("sha3-256-generic", std::nullopt, pieces);
		ASSERT_TRUE(r) << describe(r.error());
		std::string splits;
		for (auto c : cuts)
			splits += std::to_string(c) + " ";
		EXPECT_EQ(hex(*r), hex(*whole)) << "seed " << seed << " splits " << splits;
	}
	/* No pieces at all: the digest of the empty message. */
	auto empty = ep->hash("sha3-256", std::nullopt, {});
	ASSERT_TRUE(empty) << describe(empty.error());
	EXPECT_EQ(hex(*empty), "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
}

TEST(KernelHash, KeyedHmacAndKeyErrors)
{
	KCSHIM_NEED_KERNEL(ep);
	Bytes key = str("key"), msg = str("The quick brown fox jumps over the lazy dog");
	auto r = hash_oneshot(*ep, "hmac(sha256)", msg, ByteView(key));
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_EQ(hex(*r), "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");

	/* libkcapi's bare -1 must arrive as -ENOKEY. */
	auto nokey = hash_oneshot(*ep, "hmac(sha256)", msg);
	ASSERT_FALSE(nokey);
	EXPECT_EQ(nokey.err(), -ENOKEY) << describe(nokey.error());

	auto unkeyed = hash_oneshot(*ep, "sha512", msg, ByteView(key));
	ASSERT_FALSE(unkeyed);
	EXPECT_EQ(unkeyed.err(), -ENOSYS) << describe(unkeyed.error());
	EXPECT_EQ(unkeyed.error().stage, Stage::setkey);
}

TEST(KernelHash, UnknownAlgorithmIsEnoentAtBind)
{
	KCSHIM_NEED_KERNEL(ep);
	auto r = hash_oneshot(*ep, "no-such-hash", str("x"));
	ASSERT_FALSE(r);
	EXPECT_EQ(r.err(), -ENOENT) << describe(r.error());
	EXPECT_EQ(r.error().stage, Stage::bind);
}

TEST(KernelHash, AcceptCloneContinuesPartialState)
{
	KCSHIM_NEED_KERNEL(ep);
	Bytes p1 = str("ab"), p2 = str(""), a = str("c"), b = str("x");
	ByteView prefix[] = {p1, p2};
	auto r = ep->hash_clone("sha3-256-generic", std::nullopt, prefix, a, b);
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_EQ(hex(r->digest_a), sha3_abc);
	auto abx = hash_oneshot(*ep, "sha3-256-generic", str("abx"));
	ASSERT_TRUE(abx);
	EXPECT_EQ(hex(r->digest_b), hex(*abx));
	EXPECT_NE(r->digest_a, r->digest_b);
}

TEST(KernelSkcipher, Cast5KnownAnswers)
{
	KCSHIM_NEED_KERNEL(ep);
	Bytes key = unhex(cast5_key), iv = unhex("0001020304050607");
	Bytes pt = unhex("0123456789abcdeffedcba9876543210");

	auto ecb = skcipher_oneshot(*ep, "ecb(cast5-generic)", true, key, {},
				    unhex("0123456789abcdef"));
	ASSERT_TRUE(ecb) << describe(ecb.error());
	EXPECT_EQ(hex(ecb->out), "238b4fe5847e44b2");
	EXPECT_TRUE(ecb->chained.empty());

	for (const char *alg : {"cbc(cast5)", "cbc(cast5-generic)"}) {
		auto enc = skcipher_oneshot(*ep, alg, true, key, iv, pt);
		ASSERT_TRUE(enc) << alg << ": " << describe(enc.error());
		/* reference: openssl enc -cast5-cbc (legacy provider) */
		EXPECT_EQ(hex(enc->out), "2fb9a8c495e6cc2cb7efcd7888077c0d") << alg;
		/* E_K(0 ^ last ciphertext block): the kernel chained its IV */
		EXPECT_EQ(hex(enc->chained), "878b7157286e0381") << alg;

		auto dec = skcipher_oneshot(*ep, alg, false, key, iv, enc->out);
		ASSERT_TRUE(dec) << describe(dec.error());
		EXPECT_EQ(dec->out, pt) << alg;
	}
}

TEST(KernelSkcipher, LargeRequestIsOneChainAcrossPieces)
{
	/* libkcapi's one-shot call restarts the IV every 64 KiB; we must not. */
	KCSHIM_NEED_KERNEL(ep);
	Bytes key = unhex(cast5_key), iv = unhex("0001020304050607");
	Bytes pt(200 * 1024);
	for (size_t i = 0; i < pt.size(); i++)
		pt[i] = static_cast<std::uint8_t>(i * 7 + 3);
	auto big = skcipher_oneshot(*ep, "cbc(cast5-generic)", true, key, iv, pt);
	ASSERT_TRUE(big) << describe(big.error());
	ASSERT_EQ(big->out.size(), pt.size());

	/* The same chain computed as: first 64 KiB + 8, then the rest with the
	 * previous ciphertext block as IV. */
	size_t cut = 64 * 1024 + 8;
	auto head = skcipher_oneshot(*ep, "cbc(cast5-generic)", true, key, iv,
				     ByteView(pt).first(cut));
	ASSERT_TRUE(head);
	Bytes iv2(head->out.end() - 8, head->out.end());
	auto tail = skcipher_oneshot(*ep, "cbc(cast5-generic)", true, key, iv2,
				     ByteView(pt).subspan(cut));
	ASSERT_TRUE(tail);
	EXPECT_TRUE(std::equal(head->out.begin(), head->out.end(), big->out.begin()));
	EXPECT_TRUE(std::equal(tail->out.begin(), tail->out.end(), big->out.begin() + cut))
		<< "IV restarted inside a large request";

	/* Uneven pieces, one request: same bytes. */
	ByteView v(pt);
	ByteView pieces[] = {v.first(5), v.subspan(5, 70000), v.subspan(70005)};
	auto split = ep->skcipher("cbc(cast5-generic)", true, key, iv, pieces);
	ASSERT_TRUE(split) << describe(split.error());
	EXPECT_EQ(split->out, big->out);
}

TEST(KernelSkcipher, ErrorsMatchTheKernel)
{
	KCSHIM_NEED_KERNEL(ep);
	Bytes key = unhex(cast5_key), iv = unhex("0001020304050607");
	Bytes key17(17, 1);
	auto badkey = skcipher_oneshot(*ep, "cbc(cast5)", true, key17, iv, Bytes(8));
	ASSERT_FALSE(badkey);
	EXPECT_EQ(badkey.err(), -EINVAL) << describe(badkey.error());
	EXPECT_EQ(badkey.error().stage, Stage::setkey);

	auto partial = skcipher_oneshot(*ep, "cbc(cast5)", true, key, iv, Bytes(10));
	ASSERT_FALSE(partial);
	EXPECT_EQ(partial.err(), -EINVAL) << describe(partial.error());
	EXPECT_EQ(partial.error().stage, Stage::recv);

	auto badiv = skcipher_oneshot(*ep, "cbc(cast5)", true, key, Bytes(5), Bytes(8));
	ASSERT_FALSE(badiv);
	EXPECT_EQ(badiv.err(), -EINVAL);
}

TEST(KernelList, ShowsLoadedDriversWithSelftest)
{
	KCSHIM_NEED_KERNEL(ep);
	ASSERT_TRUE(hash_oneshot(*ep, "sha3-256-generic", {}));	/* load it */
	auto l = ep->list();
	ASSERT_TRUE(l) << describe(l.error());
	auto usable = usable_drivers(*l);
	auto it = std::find_if(usable.begin(), usable.end(),
			       [](auto &d) { return d.driver == "sha3-256-generic"; });
	ASSERT_NE(it, usable.end());
	EXPECT_EQ(it->name, "sha3-256");
	EXPECT_EQ(it->digestsize, 32u);
	EXPECT_EQ(it->blocksize, 136u);
	EXPECT_TRUE(std::none_of(usable.begin(), usable.end(), [](auto &d) { return d.internal; }));

	auto v = ep->kernel_version();
	ASSERT_TRUE(v);
	EXPECT_FALSE(v->empty());
	std::printf("kernel: %s, %s\n", v->c_str(), test::kernel_description().c_str());
}

/* SPEED: the timing loop runs where the kernel is; a positive count for a hash and a skcipher. */
TEST(KernelSpeed, CountsOperationsForHashAndSkcipher)
{
	KCSHIM_NEED_KERNEL(ep);
	const SpeedRequest cases[] = {
		{"sha3-256-generic", false, true, std::nullopt, 1024, 1024, 200},	/* digest */
		{"sha3-256-generic", false, true, std::nullopt, 4096, 1000, 200},	/* updates */
		{"cbc(cast5-generic)", true, true, unhex(cast5_key), 4096, 4096, 200},
		{"cbc(cast5-generic)", true, false, unhex(cast5_key), 64, 64, 200},
	};
	for (const SpeedRequest &q : cases) {
		auto r = ep->speed(q);
		ASSERT_TRUE(r) << q.alg << " block " << q.block << ": " << describe(r.error());
		EXPECT_GT(r->ops, 0u) << q.alg << " block " << q.block;
		EXPECT_GE(r->ns, 200'000'000u) << q.alg << " block " << q.block;
		std::printf("%s block %u update %u %s: %llu ops in %.3f s (%.1f MB/s)\n",
			    q.alg.c_str(), q.block, q.update,
			    q.skcipher ? (q.encrypt ? "enc" : "dec") : "hash",
			    static_cast<unsigned long long>(r->ops), r->ns / 1e9,
			    r->ns ? double(r->ops) * q.block / (r->ns / 1e3) : 0.0);
	}
	/* Errors of the operation come back as they are: an unknown algorithm, a bad key. */
	auto none = ep->speed({"no-such-hash", false, true, std::nullopt, 64, 64, 10});
	ASSERT_FALSE(none);
	EXPECT_EQ(none.err(), -ENOENT) << describe(none.error());
	auto badkey = ep->speed({"cbc(cast5-generic)", true, true, Bytes(17, 1), 64, 64, 10});
	ASSERT_FALSE(badkey);
	EXPECT_EQ(badkey.err(), -EINVAL) << describe(badkey.error());
	/* Limits are checked before anything runs. */
	auto too_long = ep->speed({"sha3-256-generic", false, true, std::nullopt, 64, 64,
				  max_speed_ms + 1});
	ASSERT_FALSE(too_long);
	EXPECT_EQ(too_long.error().stage, Stage::limit);
}
