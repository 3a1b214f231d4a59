// SPDX-License-Identifier: GPL-2.0
// Keys are wiped when a tfm is freed: the shim's free hook (kcshim_set_tfm_free_hook) sees each
// tfm's memory just before free(), so the test inspects it without reading freed memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <kcshim/kcshim.h>

#include "tests/support/kernel_api.h"

using namespace kcshim::test;

namespace {

// What the hook saw: one copy of each tfm's memory, as it was about to be freed.
struct Freed {
	std::vector<std::vector<uint8_t>> blocks;
};

void record(const void *mem, size_t size, void *arg)
{
	auto *p = static_cast<const uint8_t *>(mem);
	static_cast<Freed *>(arg)->blocks.emplace_back(p, p + size);
}

class KeyWipe : public ::testing::Test {
protected:
	void SetUp() override
	{
		kcshim_init();
		kcshim_set_tfm_free_hook(record, &freed_);
	}
	void TearDown() override { kcshim_set_tfm_free_hook(nullptr, nullptr); }

	// Every byte the hook saw is zero; on failure, which block and byte was not.
	void expect_all_wiped(size_t blocks)
	{
		ASSERT_EQ(freed_.blocks.size(), blocks);
		for (size_t b = 0; b < blocks; b++) {
			const auto &blk = freed_.blocks[b];
			auto it = std::find_if(blk.begin(), blk.end(), [](uint8_t v) { return v; });
			EXPECT_EQ(it, blk.end()) << "tfm " << b << " of " << blocks << ": byte "
						 << (it - blk.begin()) << " of " << blk.size()
						 << " not wiped";
		}
	}

	static bool any_nonzero(const void *p, size_t n)
	{
		auto *b = static_cast<const uint8_t *>(p);
		return std::any_of(b, b + n, [](uint8_t v) { return v; });
	}

	Freed freed_;
	const uint8_t key_[16] = {0x01, 0x23, 0x45, 0x67, 0x12, 0x34, 0x56, 0x78,
				  0x23, 0x45, 0x67, 0x89, 0x34, 0x56, 0x78, 0x9a};
};

TEST_F(KeyWipe, CipherKeyScheduleIsGoneAfterFree)
{
	struct crypto_cipher *tfm = crypto_alloc_cipher("cast5-generic", 0, 0);
	ASSERT_FALSE(IS_ERR(tfm));
	ASSERT_EQ(crypto_cipher_setkey(tfm, key_, sizeof(key_)), 0);
	struct crypto_tfm *base = crypto_cipher_tfm(tfm);
	// the schedule is there before the free, so an all-zero block after it means a wipe
	ASSERT_TRUE(any_nonzero(crypto_tfm_ctx(base), base->__crt_alg->cra_ctxsize));
	crypto_free_cipher(tfm);
	expect_all_wiped(1);
}

TEST_F(KeyWipe, TemplateInstanceAndItsChildAreWipedAfterFree)
{
	// made (and self-tested, with tfms of its own) before the tfm under test
	int err = kcshim_instantiate("cbc(cast5-generic)");
	ASSERT_TRUE(err == 0 || err == -EEXIST) << err;
	freed_.blocks.clear();
	struct crypto_skcipher *tfm = crypto_alloc_skcipher("cbc(cast5-generic)", 0, 0);
	ASSERT_FALSE(IS_ERR(tfm));
	ASSERT_EQ(crypto_skcipher_setkey(tfm, key_, sizeof(key_)), 0);
	crypto_free_skcipher(tfm);
	// the cbc instance's tfm and the cast5 cipher it holds, which has the schedule
	expect_all_wiped(2);
}

TEST_F(KeyWipe, HookSeesNothingWhenRemoved)
{
	kcshim_set_tfm_free_hook(nullptr, nullptr);
	Cipher tfm(crypto_alloc_cipher("cast5", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get()));
	tfm.reset();
	EXPECT_TRUE(freed_.blocks.empty());
}

}  // namespace
