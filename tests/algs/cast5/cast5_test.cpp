// SPDX-License-Identifier: GPL-2.0
// cast5-generic through the kernel's cipher and skcipher APIs: RFC 2144 B.1, OpenSSL (legacy
// provider) over random keys, IVs and lengths for ECB and CBC, CTR against ECB of the counter
// blocks, key-size errors, alignment, and the self-test manager on our own vectors.
//
// Randomised tests print their seed; KCSHIM_TEST_SEED=<n> replays one.
#include <algorithm>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "tests/algs/cast5/cast5_test_util.h"

using namespace cast5_test;

namespace {

constexpr char kGeneric[] = "cast5-generic";

const Bytes kRfcKey = unhex("0123456712345678234567893456789a");
const Bytes kRfcPlain = unhex("0123456789abcdef");

// CTR as the kernel's template does it: the whole 8-byte IV is a big-endian counter.
Bytes ctr_reference(std::span<const uint8_t> key, Bytes iv, std::span<const uint8_t> in)
{
	Bytes out(in.size());

	for (size_t off = 0; off < in.size(); off += 8) {
		auto ks = OpensslCast5::crypt("CAST5-ECB", true, key, {}, iv);
		if (!ks)
			return {};
		for (size_t i = 0; i < 8 && off + i < in.size(); i++)
			out[off + i] = in[off + i] ^ (*ks)[i];
		for (int i = 7; i >= 0 && ++iv[i] == 0; i--)
			;
	}
	return out;
}

class Cast5 : public ::testing::Test {
protected:
	void SetUp() override
	{
		ASSERT_TRUE(OpensslCast5::available()) << "OpenSSL's legacy provider did not load";
		cipher_ = alloc_cipher(kGeneric);
		ASSERT_NE(cipher_, nullptr);
	}

	Cipher cipher_;
};

TEST_F(Cast5, DriverProperties)
{
	crypto_cipher *tfm = cipher_.get();
	cipher_alg *alg = crypto_cipher_alg(tfm);

	EXPECT_STREQ(crypto_tfm_alg_driver_name(crypto_cipher_tfm(tfm)), kGeneric);
	EXPECT_STREQ(crypto_tfm_alg_name(crypto_cipher_tfm(tfm)), "cast5");
	EXPECT_EQ(crypto_tfm_alg_type(crypto_cipher_tfm(tfm)), unsigned{CRYPTO_ALG_TYPE_CIPHER});
	EXPECT_EQ(crypto_tfm_alg_priority(crypto_cipher_tfm(tfm)), 100);
	EXPECT_EQ(crypto_cipher_blocksize(tfm), 8u);
	EXPECT_EQ(crypto_cipher_alignmask(tfm), 0u);
	EXPECT_EQ(alg->cia_min_keysize, 5u);
	EXPECT_EQ(alg->cia_max_keysize, 16u);
}

TEST_F(Cast5, LookupByAlgorithmNameFindsACast5Driver)
{
	Cipher any = alloc_cipher("cast5");

	ASSERT_NE(any, nullptr);
	EXPECT_STREQ(crypto_tfm_alg_name(crypto_cipher_tfm(any.get())), "cast5");
}

// RFC 2144 B.1: one key, truncated to 128, 80 and 40 bits, one block each way.
TEST_F(Cast5, Rfc2144B1SingleBlock)
{
	static const struct {
		unsigned int klen;
		const char *ct;
	} b1[] = {{16, "238b4fe5847e44b2"}, {10, "eb6a711a2c02271b"}, {5, "7ac816d16e9b302e"}};

	for (const auto &v : b1) {
		uint8_t ct[8], pt[8];

		ASSERT_EQ(crypto_cipher_setkey(cipher_.get(), kRfcKey.data(), v.klen), 0);
		crypto_cipher_encrypt_one(cipher_.get(), ct, kRfcPlain.data());
		EXPECT_EQ(hex(ct), v.ct) << v.klen * 8 << "-bit key";
		crypto_cipher_decrypt_one(cipher_.get(), pt, ct);
		EXPECT_EQ(hex(pt), hex(kRfcPlain)) << v.klen * 8 << "-bit key";
	}
}

// -EINVAL for keys outside 5..16 bytes, from the driver's own setkey and through the API.
TEST_F(Cast5, RejectsBadKeySizes)
{
	uint8_t key[32] = {};
	cipher_alg *alg = crypto_cipher_alg(cipher_.get());
	Skcipher cbc = alloc_skcipher("cbc(cast5)");

	ASSERT_NE(cbc, nullptr);
	for (unsigned int klen : {0u, 1u, 4u, 17u, 24u, 32u}) {
		EXPECT_EQ(alg->cia_setkey(crypto_cipher_tfm(cipher_.get()), key, klen), -EINVAL)
			<< "driver setkey, " << klen << " bytes";
		EXPECT_EQ(crypto_cipher_setkey(cipher_.get(), key, klen), -EINVAL) << klen << " bytes";
		EXPECT_EQ(crypto_skcipher_setkey(cbc.get(), key, klen), -EINVAL) << klen << " bytes";
	}
	for (unsigned int klen = 5; klen <= 16; klen++) {
		EXPECT_EQ(alg->cia_setkey(crypto_cipher_tfm(cipher_.get()), key, klen), 0) << klen;
		EXPECT_EQ(crypto_cipher_setkey(cipher_.get(), key, klen), 0) << klen << " bytes";
	}
}

// Keys up to 80 bits run 12 rounds, so they differ from the same key zero-padded to 128 bits;
// from 88 bits on, zero padding is the whole difference.
TEST_F(Cast5, KeysUpTo80BitsRunTwelveRounds)
{
	for (unsigned int klen = 5; klen <= 16; klen++) {
		Bytes padded(16, 0);
		uint8_t a[8], b[8];

		std::copy_n(kRfcKey.begin(), klen, padded.begin());
		ASSERT_EQ(crypto_cipher_setkey(cipher_.get(), kRfcKey.data(), klen), 0);
		crypto_cipher_encrypt_one(cipher_.get(), a, kRfcPlain.data());
		ASSERT_EQ(crypto_cipher_setkey(cipher_.get(), padded.data(), 16), 0);
		crypto_cipher_encrypt_one(cipher_.get(), b, kRfcPlain.data());
		if (klen <= 10) {
			EXPECT_NE(hex(a), hex(b)) << klen << "-byte key";
		} else {
			EXPECT_EQ(hex(a), hex(b)) << klen << "-byte key";
		}
	}
}

// Every key length, many blocks, through the single-block API, against OpenSSL.
TEST_F(Cast5, EveryKeyLengthMatchesOpenssl)
{
	std::mt19937_64 rng(test_seed());

	for (unsigned int klen = 5; klen <= 16; klen++) {
		for (int k = 0; k < 8; k++) {
			Bytes key = random_bytes(rng, klen);
			Bytes pt = random_bytes(rng, 8 * 64);
			Bytes ct(pt.size()), back(pt.size());
			auto want = OpensslCast5::crypt("CAST5-ECB", true, key, {}, pt);

			ASSERT_TRUE(want);
			ASSERT_EQ(crypto_cipher_setkey(cipher_.get(), key.data(), klen), 0);
			for (size_t i = 0; i < pt.size(); i += 8) {
				crypto_cipher_encrypt_one(cipher_.get(), &ct[i], &pt[i]);
				crypto_cipher_decrypt_one(cipher_.get(), &back[i], &ct[i]);
			}
			ASSERT_EQ(hex(ct), hex(*want)) << "key " << hex(key) << "; " << seed_note();
			ASSERT_EQ(hex(back), hex(pt)) << "key " << hex(key) << "; " << seed_note();
		}
	}
}

// Source and destination at every offset within a block, and in place.
TEST_F(Cast5, UnalignedBuffersAndInPlace)
{
	std::mt19937_64 rng(test_seed());
	Bytes key = random_bytes(rng, 16), pt = random_bytes(rng, 8);
	uint8_t want[8];

	ASSERT_EQ(crypto_cipher_setkey(cipher_.get(), key.data(), 16), 0);
	crypto_cipher_encrypt_one(cipher_.get(), want, pt.data());
	for (size_t so = 0; so < 8; so++) {
		for (size_t dof = 0; dof < 8; dof++) {
			alignas(16) uint8_t src[32], dst[32];

			std::memcpy(src + so, pt.data(), 8);
			std::memset(dst, 0xfe, sizeof(dst));
			crypto_cipher_encrypt_one(cipher_.get(), dst + dof, src + so);
			EXPECT_EQ(hex({dst + dof, 8}), hex(want)) << "src+" << so << " dst+" << dof;
			for (size_t i = 0; i < sizeof(dst); i++) {
				if (i < dof || i >= dof + 8) {
					EXPECT_EQ(dst[i], 0xfe) << "byte " << i << " written, dst+" << dof;
				}
			}
			crypto_cipher_decrypt_one(cipher_.get(), src + so, dst + dof);
			EXPECT_EQ(hex({src + so, 8}), hex(pt)) << "src+" << so << " dst+" << dof;
		}
		alignas(16) uint8_t buf[16];
		std::memcpy(buf + so, pt.data(), 8);
		crypto_cipher_encrypt_one(cipher_.get(), buf + so, buf + so);
		EXPECT_EQ(hex({buf + so, 8}), hex(want)) << "in place at +" << so;
		crypto_cipher_decrypt_one(cipher_.get(), buf + so, buf + so);
		EXPECT_EQ(hex({buf + so, 8}), hex(pt)) << "in place at +" << so;
	}
}

// ecb(cast5) and cbc(cast5) from the shim's templates over cast5-generic, against OpenSSL:
// random key lengths 5..16, IVs, lengths 0..2048 in whole blocks, offsets, in and out of place.
TEST_F(Cast5, EcbAndCbcMatchOpensslOnRandomInputs)
{
	std::mt19937_64 rng(test_seed());

	for (const char *mode : {"ecb", "cbc"}) {
		std::string name = std::string(mode) + "(cast5)";
		Skcipher tfm = alloc_skcipher(name.c_str());
		bool cbc = mode[0] == 'c';

		ASSERT_NE(tfm, nullptr);
		EXPECT_EQ(crypto_skcipher_ivsize(tfm.get()), cbc ? 8u : 0u);
		EXPECT_EQ(crypto_skcipher_blocksize(tfm.get()), 8u);
		for (int iter = 0; iter < 200; iter++) {
			unsigned int klen = 5 + rng() % 12;
			size_t len = 8 * (rng() % 257);
			size_t so = rng() % 16, dof = rng() % 16;
			bool in_place = rng() % 2;
			Bytes key = random_bytes(rng, klen), iv = random_bytes(rng, 8);
			Bytes pt = random_bytes(rng, len);
			Bytes src(len + 16), dst(len + 16);
			auto want = OpensslCast5::crypt(cbc ? "CAST5-CBC" : "CAST5-ECB", true, key,
							cbc ? std::span<const uint8_t>(iv) :
							      std::span<const uint8_t>(), pt);
			std::string where = name + " iter " + std::to_string(iter) + " klen " +
					    std::to_string(klen) + " len " + std::to_string(len) +
					    " src+" + std::to_string(so) + " dst+" + std::to_string(dof) +
					    (in_place ? " in place" : "") + "; " + seed_note();

			ASSERT_TRUE(want);
			ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key.data(), klen), 0) << where;
			std::copy(pt.begin(), pt.end(), src.begin() + so);
			uint8_t *out = in_place ? &src[so] : &dst[dof];
			Bytes ivbuf = iv;
			ASSERT_EQ(skcipher_crypt(tfm.get(), true, &src[so], out, len,
						 cbc ? ivbuf.data() : nullptr), 0) << where;
			ASSERT_EQ(hex({out, len}), hex(*want)) << "encrypt, " << where;
			if (cbc && len) {
				EXPECT_EQ(hex(ivbuf), hex({want->data() + len - 8, 8})) << "iv out, " << where;
			}

			ivbuf = iv;
			Bytes ct(out, out + len);
			std::copy(ct.begin(), ct.end(), src.begin() + so);
			out = in_place ? &src[so] : &dst[dof];
			ASSERT_EQ(skcipher_crypt(tfm.get(), false, &src[so], out, len,
						 cbc ? ivbuf.data() : nullptr), 0) << where;
			ASSERT_EQ(hex({out, len}), hex(pt)) << "decrypt, " << where;
			if (cbc && len) {
				EXPECT_EQ(hex(ivbuf), hex({ct.data() + len - 8, 8})) << "iv out, " << where;
			}
		}
	}
}

// A length that is not a whole number of blocks is an error for ECB and CBC.
TEST_F(Cast5, EcbAndCbcRejectPartialBlocks)
{
	for (const char *name : {"ecb(cast5)", "cbc(cast5)"}) {
		Skcipher tfm = alloc_skcipher(name);
		uint8_t key[16] = {}, iv[8] = {}, buf[24] = {};

		ASSERT_NE(tfm, nullptr);
		ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key, 16), 0);
		EXPECT_EQ(skcipher_crypt(tfm.get(), true, buf, buf, 13, iv), -EINVAL) << name;
		EXPECT_EQ(skcipher_crypt(tfm.get(), false, buf, buf, 20, iv), -EINVAL) << name;
	}
}

// ctr(cast5) against ECB of the counter blocks (64-bit big-endian counter over the whole IV),
// any length, including counters about to wrap.
TEST_F(Cast5, CtrMatchesEcbOfCounterBlocks)
{
	std::mt19937_64 rng(test_seed());
	Skcipher tfm = alloc_skcipher("ctr(cast5)");

	ASSERT_NE(tfm, nullptr);
	EXPECT_EQ(crypto_skcipher_ivsize(tfm.get()), 8u);
	EXPECT_EQ(crypto_skcipher_blocksize(tfm.get()), 1u);
	for (int iter = 0; iter < 200; iter++) {
		unsigned int klen = 5 + rng() % 12;
		size_t len = rng() % 2049;
		Bytes key = random_bytes(rng, klen), iv = random_bytes(rng, 8);
		Bytes pt = random_bytes(rng, len), out(len + 8);
		size_t dof = rng() % 8;

		if (iter % 4 == 0)	/* within a few blocks of 2^64 */
			std::fill(iv.begin(), iv.end() - 1, 0xff);
		Bytes want = ctr_reference(key, iv, pt);
		std::string where = "iter " + std::to_string(iter) + " klen " + std::to_string(klen) +
				    " len " + std::to_string(len) + " iv " + hex(iv) + "; " + seed_note();

		ASSERT_EQ(crypto_skcipher_setkey(tfm.get(), key.data(), klen), 0) << where;
		Bytes ivbuf = iv;
		ASSERT_EQ(skcipher_crypt(tfm.get(), true, pt.data(), &out[dof], len, ivbuf.data()), 0)
			<< where;
		ASSERT_EQ(hex({&out[dof], len}), hex(want)) << where;

		ivbuf = iv;
		ASSERT_EQ(skcipher_crypt(tfm.get(), false, &out[dof], &out[dof], len, ivbuf.data()), 0)
			<< where;
		ASSERT_EQ(hex({&out[dof], len}), hex(pt)) << "decrypt in place, " << where;
	}
}

struct SelftestSeen {
	std::string alg;
	bool found = false;
	unsigned int vectors = 0;
	unsigned int runs = 0;
	bool passed = false;
	std::string message;
};

void selftest_collect(const kcshim_selftest_result *res, void *arg)
{
	auto *seen = static_cast<SelftestSeen *>(arg);

	if (std::strcmp(res->source, "own") || seen->alg != res->alg)
		return;
	seen->found = true;
	seen->vectors = res->vectors;
	seen->runs = res->runs;
	seen->passed = res->passed;
	seen->message = res->message ? res->message : "";
}

// The self-test manager runs algs/cast5/cast5_testvecs.c: "ecb(cast5)" against the cipher
// itself (as testmgr tests a single-block cipher), cbc/ctr against the template instances.
TEST_F(Cast5, SelfTestPassesOwnVectors)
{
	static const struct {
		const char *test_name;	// what kcshim_selftest() is asked to test
		const char *suite;	// the suite it must report
		unsigned int vectors;
	} cases[] = {
		{kGeneric, "ecb(cast5)", 6},
		{"cbc(cast5)", "cbc(cast5)", 4},
		{"ctr(cast5)", "ctr(cast5)", 5},
	};

	for (const auto &c : cases) {
		SelftestSeen seen;

		if (std::strchr(c.test_name, '(')) {
			// instantiate the template
			ASSERT_NE(alloc_skcipher(c.test_name), nullptr);
		}
		seen.alg = c.suite;
		EXPECT_EQ(kcshim_selftest(c.test_name, selftest_collect, &seen), 0) << c.test_name;
		ASSERT_TRUE(seen.found) << "no \"own\" " << c.suite << " result for " << c.test_name;
		EXPECT_TRUE(seen.passed) << c.test_name << ": " << seen.message;
		EXPECT_EQ(seen.vectors, c.vectors) << c.suite;
		EXPECT_GE(seen.runs, seen.vectors) << c.suite;
	}
}

} // namespace
