// SPDX-License-Identifier: GPL-2.0
// Kernel generations side by side: one driver file built as a 6.1 and as a 7.3 module, loaded into
// one process beside the built-in drivers; each follows its own generation's rules. Their static
// keys and static calls are listed as theirs, with what their init chose.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <kcshim/kcshim.h>
#include <kcshim/patch_sites.h>
#include <linux/version.h>

#include "tests/support/kernel_api.h"

using namespace kcshim::test;

namespace {

struct Loaded {
	struct kcshim_module *mod = nullptr;
	void *handle = nullptr;

	Loaded(const char *path, const char *suffix)
	{
		int err = kcshim_load_module(path, suffix, &mod);
		EXPECT_EQ(err, 0) << kcshim_last_error();
		handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
	}
	~Loaded()
	{
		if (handle)
			dlclose(handle);
		if (mod)
			kcshim_unload_module(mod);
	}
	template <typename T> T *sym(const char *name) { return reinterpret_cast<T *>(dlsym(handle, name)); }
};

// A site as listed, its strings copied: they live only as long as the listing call.
struct Site {
	std::string name, target, initial;
	bool is_call, enabled, changed;
};

std::vector<Site> sites_of(const std::string &module)
{
	struct Collect {
		std::string module;
		std::vector<Site> out;
	} c{module, {}};
	kcshim_for_each_patch_site(
		[](const kcshim_patch_site *s, void *arg) {
			auto *c = static_cast<Collect *>(arg);
			if (c->module == s->module)
				c->out.push_back({s->name, s->target ? s->target : "",
						  s->initial ? s->initial : "", s->is_call, s->enabled,
						  s->changed});
		},
		&c);
	return c.out;
}

bool desc_wiped_after_final(const char *driver)
{
	Shash tfm(crypto_alloc_shash(driver, 0, 0));
	EXPECT_FALSE(IS_ERR(tfm.get())) << driver;
	Desc d(tfm.get());
	d.get()->tfm = tfm.get();
	uint8_t out[4];
	EXPECT_EQ(crypto_shash_init(d.get()), 0);
	EXPECT_EQ(crypto_shash_update(d.get(), reinterpret_cast<const uint8_t *>("abc"), 3), 0);
	EXPECT_EQ(crypto_shash_final(d.get(), out), 0);
	const auto *ctx = static_cast<const uint8_t *>(shash_desc_ctx(d.get()));
	return std::all_of(ctx, ctx + 4, [](uint8_t b) { return b == 0; });
}

TEST(Generations, SixOneAndSevenThreeModulesLoadSideBySideWithTheirOwnRules)
{
	Loaded old(KCSHIM_GENERATION_MODULE_61, "61"), cur(KCSHIM_GENERATION_MODULE_73, "73");
	ASSERT_TRUE(old.handle && cur.handle);
	EXPECT_EQ(*old.sym<unsigned int>("gen_version"), KERNEL_VERSION(6, 1, 0));
	EXPECT_EQ(*cur.sym<unsigned int>("gen_version"), KERNEL_VERSION(7, 3, 0));
	// a hash with an alignmask: fine up to 6.7, refused since 6.8
	EXPECT_EQ(*old.sym<int>("gen_aligned_err"), 0);
	EXPECT_EQ(*cur.sym<int>("gen_aligned_err"), -EINVAL);
	EXPECT_TRUE(crypto_has_shash("gensum-aligned@61", 0, 0));
	EXPECT_FALSE(crypto_has_shash("gensum-aligned@73", 0, 0));
	// 6.16 wipes the desc after final; 6.1 left it to the caller
	EXPECT_FALSE(desc_wiped_after_final("gensum-plain@61"));
	EXPECT_TRUE(desc_wiped_after_final("gensum-plain@73"));
	// the built-in drivers are untouched
	Shash sha3(crypto_alloc_shash("sha3-256", 0, 0));
	ASSERT_FALSE(IS_ERR(sha3.get()));
	EXPECT_EQ(digest(sha3.get(), {}).size(), 32u);
}

TEST(PatchSites, AModulesKeysAndCallsAreListedWithWhatItsInitChose)
{
	Loaded cur(KCSHIM_GENERATION_MODULE_73, "73");
	ASSERT_TRUE(cur.handle);
	auto step = cur.sym<uint32_t(uint32_t)>("gen_call_step");
	auto fast = cur.sym<bool()>("gen_fast_enabled");
	ASSERT_TRUE(step && fast);
	EXPECT_EQ(step(1), 3u) << "static_call_update to gen_fast";
	EXPECT_TRUE(fast());

	auto sites = sites_of(kcshim_module_name(cur.mod));
	ASSERT_EQ(sites.size(), 2u);
	const auto &key = sites[0].is_call ? sites[1] : sites[0];
	const auto &call = sites[0].is_call ? sites[0] : sites[1];
	EXPECT_EQ(key.name, "gen_have_fast");
	EXPECT_TRUE(key.enabled);
	EXPECT_TRUE(key.changed);
	EXPECT_EQ(call.name, "gen_step");
	EXPECT_EQ(call.initial, "gen_slow");
	EXPECT_EQ(call.target, "gen_fast");
}

TEST(PatchSites, UnloadForgetsTheModulesSites)
{
	std::string name;
	{
		Loaded cur(KCSHIM_GENERATION_MODULE_73, "73");
		name = kcshim_module_name(cur.mod);
		EXPECT_EQ(sites_of(name).size(), 2u);
	}
	EXPECT_TRUE(sites_of(name).empty());
}

}  // namespace
