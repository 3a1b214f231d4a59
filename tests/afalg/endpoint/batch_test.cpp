// SPDX-License-Identifier: GPL-2.0
// The BATCH operation's wire format and generator (afalg/endpoint/batch.h): both ends must expand a
// (seed, length) into the same bytes, and the decoder must refuse anything over its limits.
#include <cerrno>

#include <gtest/gtest.h>

#include "afalg/endpoint/batch.h"
#include "afalg/protocol/protocol.h"
#include "tests/support/bytes.h"

namespace kcshim::afalg {
namespace {

using namespace proto;

using kcshim_test::hex;

// Part of the protocol: a change here breaks every bridge of an older build.
TEST(BatchGen, PinnedOutput)
{
	std::uint64_t s = 0;
	EXPECT_EQ(splitmix64(s), 0xe220a8397b1dcdafull);
	EXPECT_EQ(gen_bytes(1, 0).size(), 0u);
	Bytes a = gen_bytes(42, 1000), b = gen_bytes(42, 1000);
	EXPECT_EQ(a, b);
	EXPECT_NE(gen_bytes(43, 1000), a);
	// a prefix of a longer message is not required, but determinism per (seed, len) is
	EXPECT_EQ(gen_bytes(7, 16), gen_bytes(7, 16));
}

TEST(BatchGen, MakesAllThreeKinds)
{
	int uniform = 0, ramp = 0, random = 0;
	for (std::uint64_t seed = 1; seed <= 400; seed++) {
		Bytes m = gen_bytes(seed, 64);
		bool same = std::all_of(m.begin(), m.end(), [&](auto c) { return c == m[0]; });
		bool step = true;
		for (size_t i = 2; i < m.size(); i++)
			step = step && std::uint8_t(m[i] - m[i - 1]) == std::uint8_t(m[1] - m[0]);
		uniform += same;
		ramp += step && !same;
		random += !step && !same;
	}
	// 1/8 each of runs and ramps (some mutated away), the rest random
	EXPECT_GT(uniform, 10);
	EXPECT_GT(ramp, 10);
	EXPECT_GT(random, 250);
}

BatchRequest sample()
{
	BatchRequest q{"sha3-256-generic", 64, {}};
	BatchCase h;
	h.msg = {1, 10};
	h.splits = {3, 0, 7};
	q.cases.push_back(h);
	BatchCase c;
	c.op = BatchOp::hash_clone;
	c.key = Bytes{1, 2, 3};
	c.msg = {2, 0};
	c.suffix_a = {3, 5};
	c.suffix_b = {4, 6};
	q.cases.push_back(c);
	BatchCase k;
	k.op = BatchOp::skcipher;
	k.encrypt = true;
	k.key = Bytes(16, 9);
	k.iv = Bytes(8, 1);
	k.msg = {5, 16};
	k.splits = {16};
	q.cases.push_back(k);
	return q;
}

TEST(BatchProtocol, RoundTrip)
{
	BatchRequest q = sample(), back;
	ASSERT_EQ(decode(encode(q), Limits{}, back), 0);
	ASSERT_EQ(back.cases.size(), 3u);
	EXPECT_EQ(back.alg, q.alg);
	EXPECT_EQ(back.cases[0].splits, q.cases[0].splits);
	EXPECT_FALSE(back.cases[0].key.has_value());
	EXPECT_EQ(back.cases[1].op, BatchOp::hash_clone);
	EXPECT_EQ(back.cases[1].key, q.cases[1].key);
	EXPECT_EQ(back.cases[1].suffix_b.len, 6u);
	EXPECT_TRUE(back.cases[2].encrypt);
	EXPECT_EQ(back.cases[2].iv, q.cases[2].iv);

	std::vector<BatchResult> r(2), rb;
	r[0].out = Bytes{1, 2};
	r[1].err = -EINVAL;
	r[1].stage = Stage::setkey;
	ASSERT_EQ(decode_batch_ok(encode_batch_ok(r), 3, rb), 0);
	EXPECT_EQ(rb[1].err, -EINVAL);
	EXPECT_EQ(rb[1].stage, Stage::setkey);
	EXPECT_EQ(decode_batch_ok(encode_batch_ok(r), 1, rb), -EPROTO) << "more results than cases";
}

TEST(BatchProtocol, LimitsCheckedBeforeGenerating)
{
	BatchRequest q = sample(), back;
	q.cases[0].splits = {3, 8};	// sums to 11, message is 10
	EXPECT_EQ(decode(encode(q), Limits{}, back), -EPROTO);

	q = sample();
	Limits lim;
	lim.max_gen_len = 9;
	EXPECT_EQ(decode(encode(q), lim, back), -EPROTO);

	lim = Limits{};
	lim.max_gen_total = 20;
	EXPECT_EQ(decode(encode(q), lim, back), -EPROTO);

	lim = Limits{};
	lim.max_batch_cases = 2;
	EXPECT_EQ(decode(encode(q), lim, back), -EPROTO);

	lim = Limits{};
	lim.max_pieces = 2;
	EXPECT_EQ(decode(encode(q), lim, back), -EPROTO);

	// a count that promises more cases than the body holds
	Bytes b = encode_batch_head("x", 0, 1000000);
	EXPECT_EQ(decode(b, Limits{}, back), -EPROTO);
}

TEST(BatchProtocol, GarbageNeverCrashes)
{
	Bytes good = encode(sample());
	BatchRequest back;
	std::uint64_t s = 99;
	for (int i = 0; i < 20000; i++) {
		Bytes m = good;
		size_t n = 1 + splitmix64(s) % 4;
		for (size_t k = 0; k < n; k++)
			m[splitmix64(s) % m.size()] ^= static_cast<std::uint8_t>(1 + splitmix64(s) % 255);
		if (splitmix64(s) % 4 == 0)
			m.resize(splitmix64(s) % m.size());
		(void)decode(m, Limits{}, back);
		std::vector<BatchResult> r;
		(void)decode_batch_ok(m, 100, r);
	}
	SUCCEED();
}

TEST(BatchProtocol, ShortensLongOutputs)
{
	Bytes out(65, 1);
	EXPECT_TRUE(shorten(out, 64));
	EXPECT_EQ(out, sha256(Bytes(65, 1)));
	Bytes small(64, 1);
	EXPECT_FALSE(shorten(small, 64));
	EXPECT_EQ(hex(sha256({})), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

}  // namespace
}  // namespace kcshim::afalg
