// SPDX-License-Identifier: GPL-2.0
// The 6.16 hash API for block-only drivers: the API keeps the partial block, the driver's update
// gets at least a block and returns what it left (its finup gets the rest), export/import carry the partial block, export_core/import_core
// do not; FINAL_NONZERO and FINUP_MAX; the desc is wiped after finup and digest.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <random>
#include <vector>

#include <kcshim/kcshim.h>

#include "tests/shim/crypto/block_only_drivers.h"
#include "tests/support/bytes.h"
#include "tests/support/kernel_api.h"
#include "tests/support/seed.h"

using namespace kcshim::test;

namespace {

using kcshim_test::Bytes;
using kcshim_test::cuts_str;

Bytes reference(const Bytes &msg)
{
	Bytes out(BLOCKSUM_DIGEST_SIZE);
	blocksum_reference(msg.data(), msg.size(), out.data());
	return out;
}

Bytes message(size_t n, uint32_t seed)
{
	std::mt19937 rng(seed);
	Bytes m(n);
	for (auto &b : m)
		b = static_cast<uint8_t>(rng());
	return m;
}

// Registers a driver for the test's life; the struct must outlive its registration.
class Registered {
public:
	Registered(void (*make)(struct shash_alg *, const char *, u32), const char *driver,
		   u32 flags = 0)
	{
		make(&alg_, driver, flags);
		err_ = crypto_register_shash(&alg_);
	}
	explicit Registered(const char *driver)
	{
		blocksum_make_classic(&alg_, driver);
		err_ = crypto_register_shash(&alg_);
	}
	~Registered()
	{
		if (!err_)
			crypto_unregister_shash(&alg_);
	}
	int err() const { return err_; }
	struct shash_alg &alg() { return alg_; }

private:
	struct shash_alg alg_;
	int err_;
};

// Digest of msg fed in the pieces cuts makes, through init/update.../final.
Bytes pieces(struct crypto_shash *tfm, const Bytes &msg, const std::vector<size_t> &cuts)
{
	Desc desc(tfm);
	desc.get()->tfm = tfm;
	EXPECT_EQ(crypto_shash_init(desc.get()), 0);
	size_t at = 0;
	for (size_t cut : cuts) {
		EXPECT_EQ(crypto_shash_update(desc.get(), msg.data() + at, cut - at), 0);
		at = cut;
	}
	EXPECT_EQ(crypto_shash_update(desc.get(), msg.data() + at, msg.size() - at), 0);
	Bytes out(BLOCKSUM_DIGEST_SIZE);
	EXPECT_EQ(crypto_shash_final(desc.get(), out.data()), 0);
	return out;
}

TEST(BlockOnly, RegistrationAddsTheBlockAndItsLengthToDescAndState)
{
	Registered r(blocksum_make, "blocksum-bo");
	ASSERT_EQ(r.err(), 0) << kcshim_last_error();
	Shash tfm(crypto_alloc_shash("blocksum-bo", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	// the driver's 24-byte desc and state (statesize defaults to descsize) + block + length byte
	EXPECT_EQ(crypto_shash_descsize(tfm.get()), 24u + BLOCKSUM_BLOCK_SIZE + 1);
	EXPECT_EQ(crypto_shash_statesize(tfm.get()), 24u + BLOCKSUM_BLOCK_SIZE + 1);
	EXPECT_EQ(crypto_shash_coresize(tfm.get()), 24u);
	EXPECT_FALSE(r.alg().base.cra_flags & CRYPTO_AHASH_ALG_NO_EXPORT_CORE);
}

TEST(BlockOnly, AnySplitEqualsTheReferenceAndUpdateIsNeverGivenLessThanABlock)
{
	Registered r(blocksum_make, "blocksum-bo");
	ASSERT_EQ(r.err(), 0) << kcshim_last_error();
	Shash tfm(crypto_alloc_shash("blocksum-bo", 0, 0));
	std::mt19937_64 rng(kcshim_test::test_seed());
	blocksum_reset_calls();
	for (size_t len = 0; len <= 5 * BLOCKSUM_BLOCK_SIZE + 1; len++) {
		Bytes msg = message(len, static_cast<uint32_t>(len));
		for (int trial = 0; trial < 20; trial++) {
			const std::vector<size_t> cuts = kcshim_test::random_cuts(rng, len, len ? 4 : 0);
			EXPECT_EQ(pieces(tfm.get(), msg, cuts), reference(msg))
				<< "len " << len << " cuts " << cuts_str(cuts);
		}
		EXPECT_EQ(digest(tfm.get(), msg), reference(msg)) << "digest, len " << len;
	}
	EXPECT_GT(blocksum_calls.updates, 0u);
	EXPECT_EQ(blocksum_calls.update_short, 0u) << "a block-only update was given less than a block";
	EXPECT_LT(blocksum_calls.finup_max_len, unsigned(BLOCKSUM_BLOCK_SIZE));
}

TEST(BlockOnly, ClassicAndBlockOnlyDriversOfOneHashAgree)
{
	Registered bo(blocksum_make, "blocksum-bo");
	Registered classic("blocksum-classic");
	ASSERT_EQ(bo.err(), 0);
	ASSERT_EQ(classic.err(), 0) << kcshim_last_error();
	Shash a(crypto_alloc_shash("blocksum-bo", 0, 0)), b(crypto_alloc_shash("blocksum-classic", 0, 0));
	for (size_t len : {0u, 1u, 15u, 16u, 17u, 32u, 100u, 4096u}) {
		Bytes msg = message(len, 7);
		EXPECT_EQ(digest(a.get(), msg), reference(msg)) << len;
		EXPECT_EQ(digest(b.get(), msg), reference(msg)) << len;
	}
}

TEST(BlockOnly, ExportCarriesThePartialBlockAndImportResumesElsewhere)
{
	Registered r(blocksum_make, "blocksum-bo");
	Shash tfm(crypto_alloc_shash("blocksum-bo", 0, 0));
	Bytes msg = message(77, 3);
	for (size_t cut = 0; cut <= msg.size(); cut++) {
		Desc d1(tfm.get()), d2(tfm.get());
		d1.get()->tfm = d2.get()->tfm = tfm.get();
		ASSERT_EQ(crypto_shash_init(d1.get()), 0);
		ASSERT_EQ(crypto_shash_update(d1.get(), msg.data(), cut), 0);
		Bytes state(crypto_shash_statesize(tfm.get()));
		ASSERT_EQ(crypto_shash_export(d1.get(), state.data()), 0);
		// the last byte is the partial block's length
		EXPECT_EQ(state.back(), cut % BLOCKSUM_BLOCK_SIZE) << cut;
		ASSERT_EQ(crypto_shash_import(d2.get(), state.data()), 0);
		Bytes out(BLOCKSUM_DIGEST_SIZE);
		ASSERT_EQ(crypto_shash_finup(d2.get(), msg.data() + cut, msg.size() - cut, out.data()), 0);
		EXPECT_EQ(out, reference(msg)) << "cut " << cut;
	}
}

TEST(BlockOnly, ImportOfAnOutOfRangePartialLengthIsEoverflow)
{
	Registered r(blocksum_make, "blocksum-bo");
	Shash tfm(crypto_alloc_shash("blocksum-bo", 0, 0));
	Desc d(tfm.get());
	d.get()->tfm = tfm.get();
	ASSERT_EQ(crypto_shash_init(d.get()), 0);
	Bytes state(crypto_shash_statesize(tfm.get()));
	ASSERT_EQ(crypto_shash_export(d.get(), state.data()), 0);
	state.back() = BLOCKSUM_BLOCK_SIZE;
	EXPECT_EQ(crypto_shash_import(d.get(), state.data()), 0);
	state.back() = BLOCKSUM_BLOCK_SIZE + 1;
	EXPECT_EQ(crypto_shash_import(d.get(), state.data()), -EOVERFLOW);
}

TEST(BlockOnly, ExportCoreLeavesThePartialBlockOut)
{
	Registered r(blocksum_make, "blocksum-bo");
	Shash tfm(crypto_alloc_shash("blocksum-bo", 0, 0));
	Bytes msg = message(40, 9);
	Desc d1(tfm.get()), d2(tfm.get());
	d1.get()->tfm = d2.get()->tfm = tfm.get();
	ASSERT_EQ(crypto_shash_init(d1.get()), 0);
	ASSERT_EQ(crypto_shash_update(d1.get(), msg.data(), 32), 0);
	Bytes core(crypto_shash_coresize(tfm.get()), 0xaa);
	ASSERT_EQ(crypto_shash_export_core(d1.get(), core.data()), 0);
	// the core is the driver's state alone: 32 bytes in, two whole blocks counted
	uint64_t blocks;
	memcpy(&blocks, core.data() + 16, sizeof(blocks));
	EXPECT_EQ(blocks, 2u);
	ASSERT_EQ(crypto_shash_import_core(d2.get(), core.data()), 0);
	Bytes out(BLOCKSUM_DIGEST_SIZE);
	ASSERT_EQ(crypto_shash_finup(d2.get(), msg.data() + 32, 8, out.data()), 0);
	EXPECT_EQ(out, reference(msg));
}

TEST(BlockOnly, ClassicDriverWithoutCoreHooksHasNoExportCore)
{
	Registered classic("blocksum-classic");
	ASSERT_EQ(classic.err(), 0);
	EXPECT_TRUE(classic.alg().base.cra_flags & CRYPTO_AHASH_ALG_NO_EXPORT_CORE);
	Shash tfm(crypto_alloc_shash("blocksum-classic", 0, 0));
	Desc d(tfm.get());
	d.get()->tfm = tfm.get();
	ASSERT_EQ(crypto_shash_init(d.get()), 0);
	Bytes core(64);
	EXPECT_EQ(crypto_shash_export_core(d.get(), core.data()), -ENOSYS);
	EXPECT_EQ(crypto_shash_import_core(d.get(), core.data()), -ENOSYS);
}

TEST(BlockOnly, FinalNonzeroKeepsABlockBackForFinup)
{
	Registered r(blocksum_make, "blocksum-nz", CRYPTO_AHASH_ALG_FINAL_NONZERO);
	ASSERT_EQ(r.err(), 0);
	Shash tfm(crypto_alloc_shash("blocksum-nz", 0, 0));
	blocksum_reset_calls();
	for (size_t len : {16u, 32u, 48u, 64u}) {
		Bytes msg = message(len, 5);
		EXPECT_EQ(pieces(tfm.get(), msg, {len / 2}), reference(msg)) << len;
		EXPECT_EQ(digest(tfm.get(), msg), reference(msg)) << len;
	}
	// a whole number of blocks still leaves finup a nonempty last block
	EXPECT_GE(blocksum_calls.finup_min_len, 1u);
	EXPECT_EQ(blocksum_calls.update_short, 0u);
}

TEST(BlockOnly, FinupMaxHandsFinupEverythingWhenNothingIsBuffered)
{
	Registered r(blocksum_make, "blocksum-max", CRYPTO_AHASH_ALG_FINUP_MAX);
	ASSERT_EQ(r.err(), 0);
	Shash tfm(crypto_alloc_shash("blocksum-max", 0, 0));
	Bytes msg = message(1000, 11);
	blocksum_reset_calls();
	EXPECT_EQ(digest(tfm.get(), msg), reference(msg));
	EXPECT_EQ(blocksum_calls.updates, 0u);
	EXPECT_EQ(blocksum_calls.finup_max_len, 1000u);
	// with a partial block buffered it goes block by block as usual
	EXPECT_EQ(pieces(tfm.get(), msg, {5}), reference(msg));
}

TEST(BlockOnly, DescIsWipedAfterFinupAndDigest)
{
	Registered r(blocksum_make, "blocksum-bo");
	Shash tfm(crypto_alloc_shash("blocksum-bo", 0, 0));
	Bytes msg = message(21, 1), out(BLOCKSUM_DIGEST_SIZE);
	Desc d(tfm.get());
	d.get()->tfm = tfm.get();
	const auto *ctx = static_cast<const uint8_t *>(shash_desc_ctx(d.get()));
	size_t n = crypto_shash_descsize(tfm.get());
	auto wiped = [&] { return std::all_of(ctx, ctx + n, [](uint8_t b) { return b == 0; }); };
	ASSERT_EQ(crypto_shash_init(d.get()), 0);
	ASSERT_EQ(crypto_shash_update(d.get(), msg.data(), msg.size()), 0);
	EXPECT_FALSE(wiped());
	ASSERT_EQ(crypto_shash_final(d.get(), out.data()), 0);
	EXPECT_TRUE(wiped()) << "after final";
	ASSERT_EQ(crypto_shash_digest(d.get(), msg.data(), msg.size(), out.data()), 0);
	EXPECT_TRUE(wiped()) << "after digest";
}

TEST(BlockOnly, BlockOverAByteIsRefused)
{
	struct shash_alg alg;
	blocksum_make(&alg, "blocksum-wide", 0);
	alg.base.cra_blocksize = 256;
	EXPECT_EQ(crypto_register_shash(&alg), -EINVAL);
}

}  // namespace
