// SPDX-License-Identifier: GPL-2.0
// crct10dif-generic through the kernel's shash API, against a bit-at-a-time CRC written here
// from the parameters (polynomial 0x8bb7, init 0, MSB first, no final XOR).
//
// Randomised tests print their seed; KCSHIM_TEST_SEED=<n> replays one.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <crypto/hash.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>

namespace {

constexpr char kGeneric[] = "crct10dif-generic";

uint16_t crc_t10dif_bitwise(uint16_t crc, std::span<const uint8_t> data)
{
	for (uint8_t byte : data) {
		for (int bit = 7; bit >= 0; bit--) {
			bool feedback = ((crc >> 15) ^ (byte >> bit)) & 1;

			crc = static_cast<uint16_t>(crc << 1);
			if (feedback)
				crc ^= 0x8bb7;
		}
	}
	return crc;
}

uint64_t test_seed()
{
	static const uint64_t seed = [] {
		const char *env = std::getenv("KCSHIM_TEST_SEED");
		uint64_t s = env && *env ? std::strtoull(env, nullptr, 0)
					 : (uint64_t{std::random_device{}()} << 32) | std::random_device{}();
		std::printf("crct10dif tests: KCSHIM_TEST_SEED=%llu\n", static_cast<unsigned long long>(s));
		return s;
	}();
	return seed;
}

std::string seed_note()
{
	return "replay with KCSHIM_TEST_SEED=" + std::to_string(test_seed());
}

struct ShashFree {
	void operator()(crypto_shash *tfm) const { crypto_free_shash(tfm); }
};
using Shash = std::unique_ptr<crypto_shash, ShashFree>;

Shash alloc_shash(const char *name)
{
	crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);

	if (IS_ERR(tfm)) {
		ADD_FAILURE() << "crypto_alloc_shash(" << name << ") = " << PTR_ERR(tfm) << ": "
			      << kcshim_last_error();
		return nullptr;
	}
	return Shash(tfm);
}

// SHASH_DESC_ON_STACK is C only: the same storage, as an object.
class Desc {
public:
	explicit Desc(crypto_shash *tfm)
	{
		std::memset(buf_, 0, sizeof(buf_));
		get()->tfm = tfm;
	}
	shash_desc *get() { return reinterpret_cast<shash_desc *>(buf_); }
	shash_desc *operator->() { return get(); }

private:
	alignas(16) unsigned char buf_[sizeof(shash_desc) + HASH_MAX_DESCSIZE];
};

uint16_t host_u16(const uint8_t *p)
{
	uint16_t v;

	std::memcpy(&v, p, sizeof(v));
	return v;
}

std::vector<uint8_t> random_bytes(std::mt19937_64 &rng, size_t n)
{
	std::vector<uint8_t> v(n);

	for (auto &b : v)
		b = static_cast<uint8_t>(rng());
	return v;
}

class Crct10dif : public ::testing::Test {
protected:
	void SetUp() override
	{
		tfm_ = alloc_shash(kGeneric);
		ASSERT_NE(tfm_, nullptr);
	}

	// Digest of data through one of the three ways to finish: digest, update+final, finup.
	uint16_t digest(std::span<const uint8_t> data)
	{
		uint8_t out[2];
		Desc desc(tfm_.get());

		EXPECT_EQ(crypto_shash_digest(desc.get(), data.data(), data.size(), out), 0);
		return host_u16(out);
	}

	Shash tfm_;
};

TEST_F(Crct10dif, DriverProperties)
{
	crypto_shash *tfm = tfm_.get();

	EXPECT_STREQ(crypto_shash_driver_name(tfm), kGeneric);
	EXPECT_STREQ(crypto_shash_alg_name(tfm), "crct10dif");
	EXPECT_EQ(crypto_shash_digestsize(tfm), 2u);
	EXPECT_EQ(crypto_shash_blocksize(tfm), 1u);
	EXPECT_EQ(crypto_shash_descsize(tfm), 2u);
	EXPECT_EQ(crypto_shash_statesize(tfm), 2u);
	EXPECT_EQ(crypto_shash_alignmask(tfm), 0u);
	EXPECT_EQ(crypto_tfm_alg_priority(crypto_shash_tfm(tfm)), 100);
}

TEST_F(Crct10dif, LookupByAlgorithmNameFindsACrct10difDriver)
{
	Shash any = alloc_shash("crct10dif");

	ASSERT_NE(any, nullptr);
	EXPECT_STREQ(crypto_shash_alg_name(any.get()), "crct10dif");
}

TEST_F(Crct10dif, CheckValueOf123456789IsD0DB)
{
	static const char msg[] = "123456789";

	EXPECT_EQ(crc_t10dif_bitwise(0, {reinterpret_cast<const uint8_t *>(msg), 9}), 0xd0db);
	EXPECT_EQ(digest({reinterpret_cast<const uint8_t *>(msg), 9}), 0xd0db);
}

// The kernel stores the digest as *(u16 *)out = crc: the byte order is the host's.
TEST_F(Crct10dif, DigestIsHostByteOrder)
{
	static const uint8_t msg[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
	uint8_t out[2];
	Desc desc(tfm_.get());

	ASSERT_EQ(crypto_shash_digest(desc.get(), msg, sizeof(msg), out), 0);
	if constexpr (std::endian::native == std::endian::little) {
		EXPECT_EQ(out[0], 0xdb);
		EXPECT_EQ(out[1], 0xd0);
	} else {
		EXPECT_EQ(out[0], 0xd0);
		EXPECT_EQ(out[1], 0xdb);
	}
}

TEST_F(Crct10dif, EmptyMessageIsZero)
{
	EXPECT_EQ(digest({}), 0);
}

// Every length up to 1100 (past the 16/32/128/256-byte steps of the arch drivers), one pass.
TEST_F(Crct10dif, MatchesBitwiseReferenceAtEveryLengthUpTo1100)
{
	std::mt19937_64 rng(test_seed());
	auto data = random_bytes(rng, 1100);

	for (size_t len = 0; len <= data.size(); len++) {
		std::span<const uint8_t> msg(data.data(), len);

		ASSERT_EQ(digest(msg), crc_t10dif_bitwise(0, msg)) << "len " << len << "; " << seed_note();
	}
}

// digest, init+update..+final and init+update..+finup agree with the reference, for random
// lengths, split points and buffer alignments.
TEST_F(Crct10dif, RandomSplitsAndAlignmentsMatchReference)
{
	std::mt19937_64 rng(test_seed());

	for (int iter = 0; iter < 300; iter++) {
		size_t len = rng() % 20001;
		size_t offset = rng() % 64;
		auto buf = random_bytes(rng, len + offset);
		std::span<const uint8_t> msg(buf.data() + offset, len);
		uint16_t want = crc_t10dif_bitwise(0, msg);

		std::vector<size_t> cuts{0, len};
		for (unsigned int n = rng() % 8; n; n--)
			cuts.push_back(len ? rng() % (len + 1) : 0);
		std::sort(cuts.begin(), cuts.end());

		std::string where = "iter " + std::to_string(iter) + ", len " + std::to_string(len) +
				    ", offset " + std::to_string(offset) + ", cuts";
		for (size_t c : cuts) {
			where += ' ';	// not " " + std::string: gcc 12 -O3 -Wrestrict false positive
			where += std::to_string(c);
		}
		where += "; " + seed_note();

		ASSERT_EQ(digest(msg), want) << "digest, " << where;

		for (bool use_finup : {false, true}) {
			Desc desc(tfm_.get());
			uint8_t out[2];
			size_t last = cuts.size() - 1;

			ASSERT_EQ(crypto_shash_init(desc.get()), 0);
			for (size_t i = 0; i + 1 < last; i++)
				ASSERT_EQ(crypto_shash_update(desc.get(), msg.data() + cuts[i],
							      cuts[i + 1] - cuts[i]), 0);
			const uint8_t *tail = msg.data() + cuts[last - 1];
			size_t tail_len = cuts[last] - cuts[last - 1];
			if (use_finup) {
				ASSERT_EQ(crypto_shash_finup(desc.get(), tail, tail_len, out), 0);
			} else {
				ASSERT_EQ(crypto_shash_update(desc.get(), tail, tail_len), 0);
				ASSERT_EQ(crypto_shash_final(desc.get(), out), 0);
			}
			ASSERT_EQ(host_u16(out), want) << (use_finup ? "finup, " : "final, ") << where;
		}
	}
}

TEST_F(Crct10dif, DigestEqualsInitUpdateFinal)
{
	std::mt19937_64 rng(test_seed());
	auto data = random_bytes(rng, 4099);
	uint8_t a[2], b[2], c[2];
	Desc d1(tfm_.get()), d2(tfm_.get()), d3(tfm_.get());

	ASSERT_EQ(crypto_shash_digest(d1.get(), data.data(), data.size(), a), 0);
	ASSERT_EQ(crypto_shash_init(d2.get()), 0);
	ASSERT_EQ(crypto_shash_update(d2.get(), data.data(), data.size()), 0);
	ASSERT_EQ(crypto_shash_final(d2.get(), b), 0);
	ASSERT_EQ(crypto_shash_init(d3.get()), 0);
	ASSERT_EQ(crypto_shash_finup(d3.get(), data.data(), data.size(), c), 0);
	EXPECT_EQ(host_u16(a), host_u16(b));
	EXPECT_EQ(host_u16(a), host_u16(c));
	EXPECT_EQ(crypto_shash_tfm_digest(tfm_.get(), data.data(), data.size(), c), 0);
	EXPECT_EQ(host_u16(a), host_u16(c));
}

TEST_F(Crct10dif, ZeroLengthUpdatesChangeNothing)
{
	static const uint8_t msg[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
	Desc desc(tfm_.get());
	uint8_t out[2];

	ASSERT_EQ(crypto_shash_init(desc.get()), 0);
	ASSERT_EQ(crypto_shash_update(desc.get(), msg, 0), 0);
	ASSERT_EQ(crypto_shash_update(desc.get(), msg, 4), 0);
	ASSERT_EQ(crypto_shash_update(desc.get(), msg + 4, 0), 0);
	ASSERT_EQ(crypto_shash_finup(desc.get(), msg + 4, 5, out), 0);
	EXPECT_EQ(host_u16(out), 0xd0db);
}

// The digest goes to any address and writes exactly two bytes.
TEST_F(Crct10dif, UnalignedDigestBufferWritesTwoBytes)
{
	static const uint8_t msg[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};

	for (size_t off = 0; off < 8; off++) {
		std::array<uint8_t, 16> out;
		Desc desc(tfm_.get());

		out.fill(0xfe);
		ASSERT_EQ(crypto_shash_digest(desc.get(), msg, sizeof(msg), out.data() + off), 0);
		EXPECT_EQ(host_u16(out.data() + off), 0xd0db) << "offset " << off;
		for (size_t i = 0; i < out.size(); i++) {
			if (i != off && i != off + 1) {
				EXPECT_EQ(out[i], 0xfe) << "byte " << i << " written, offset " << off;
			}
		}
	}
}

// The export format is the running CRC as a host-order u16; it imports into a fresh
// descriptor (as it would into an arch driver's) and the hash continues from it.
TEST_F(Crct10dif, ExportIsHostOrderCrcAndImportContinues)
{
	std::mt19937_64 rng(test_seed());
	auto data = random_bytes(rng, 3000);

	for (size_t cut : {size_t{0}, size_t{1}, size_t{9}, size_t{1000}, size_t{2999}, size_t{3000}}) {
		Desc a(tfm_.get()), b(tfm_.get());
		uint8_t state[HASH_MAX_STATESIZE] = {};
		uint8_t out[2];

		ASSERT_EQ(crypto_shash_init(a.get()), 0);
		ASSERT_EQ(crypto_shash_update(a.get(), data.data(), cut), 0);
		ASSERT_EQ(crypto_shash_export(a.get(), state), 0);
		EXPECT_EQ(host_u16(state), crc_t10dif_bitwise(0, {data.data(), cut})) << "cut " << cut;

		ASSERT_EQ(crypto_shash_import(b.get(), state), 0);
		ASSERT_EQ(crypto_shash_finup(b.get(), data.data() + cut, data.size() - cut, out), 0);
		EXPECT_EQ(host_u16(out), crc_t10dif_bitwise(0, data)) << "cut " << cut << "; " << seed_note();
	}

	// A state made by hand (as another driver would export it) imports too.
	uint16_t crc = 0x1234;
	uint8_t state[2], out[2];
	Desc c(tfm_.get());
	std::memcpy(state, &crc, sizeof(crc));
	ASSERT_EQ(crypto_shash_import(c.get(), state), 0);
	ASSERT_EQ(crypto_shash_finup(c.get(), data.data(), 100, out), 0);
	EXPECT_EQ(host_u16(out), crc_t10dif_bitwise(0x1234, {data.data(), 100}));
}

// lib/crc-t10dif.c (4.x..6.13) puts its running CRC in a u16 right after struct shash_desc and
// calls crypto_shash_update() without init: the descriptor state must be exactly that u16.
TEST_F(Crct10dif, StateIsBareU16AfterShashDesc)
{
	std::mt19937_64 rng(test_seed());
	auto data = random_bytes(rng, 777);
	Desc desc(tfm_.get());
	uint16_t crc = 0xbeef;

	ASSERT_EQ(static_cast<size_t>(static_cast<uint8_t *>(shash_desc_ctx(desc.get())) -
				      reinterpret_cast<uint8_t *>(desc.get())),
		  sizeof(shash_desc));
	std::memcpy(shash_desc_ctx(desc.get()), &crc, sizeof(crc));
	ASSERT_EQ(crypto_shash_update(desc.get(), data.data(), data.size()), 0);
	std::memcpy(&crc, shash_desc_ctx(desc.get()), sizeof(crc));
	EXPECT_EQ(crc, crc_t10dif_bitwise(0xbeef, data)) << seed_note();
}

// The self-test manager runs our own vectors (algs/crct10dif/crct10dif_testvecs.c) under the
// default testmgr configurations, and the driver passes.
TEST_F(Crct10dif, SelfTestPassesOwnVectors)
{
	struct Seen {
		bool own = false;
		unsigned int vectors = 0;
		unsigned int runs = 0;
		bool passed = false;
		std::string message;
	} seen;

	int failures = kcshim_selftest(
		kGeneric,
		[](const kcshim_selftest_result *res, void *arg) {
			auto *s = static_cast<Seen *>(arg);
			if (std::strcmp(res->source, "own") || std::strcmp(res->alg, "crct10dif"))
				return;
			s->own = true;
			s->vectors = res->vectors;
			s->runs = res->runs;
			s->passed = res->passed;
			s->message = res->message ? res->message : "";
		},
		&seen);

	EXPECT_EQ(failures, 0);
	ASSERT_TRUE(seen.own) << "no \"own\" result for crct10dif";
	EXPECT_TRUE(seen.passed) << seen.message;
	EXPECT_EQ(seen.vectors, 40u);
	EXPECT_GE(seen.runs, seen.vectors) << "every vector runs under at least one configuration";
}

} // namespace
