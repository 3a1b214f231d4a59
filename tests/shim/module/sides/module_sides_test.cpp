// SPDX-License-Identifier: GPL-2.0
// Binding by side (shim/src/module/module_binding.h): a consumer module loaded with a suffix reaches the
// provider build of its own suffix through every kind of binding (a call, a GOT load, absolute
// pointers in its data), whichever side was loaded first; falls back to unsuffixed modules, never
// to another side; and the listing names the provider.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <kcshim/kcshim.h>

#include "tests/support/kernel_api.h"
#include "tests/support/modules.h"

using namespace kcshim::test;

namespace {

// The provider builds: SIDE_VALUE 1, 2 and 7.
const char *const before_provider = SIDE_PROVIDER_BEFORE;
const char *const after_provider = SIDE_PROVIDER_AFTER;
const char *const plain_provider = SIDE_PROVIDER_PLAIN;

// Every module a test loaded goes when it ends, consumers first (the providers are busy until).
class ModuleSides : public testing::Test {
protected:
	void SetUp() override { kcshim_init(); }
	void TearDown() override
	{
		while (!loaded_.empty())
			loaded_.pop_back();
	}

	// Loads path with suffix ("" for none); fails the test when that fails.
	void load(const char *path, const char *suffix)
	{
		struct kcshim_module *m = nullptr;
		ASSERT_EQ(kcshim_load_module(path, *suffix ? suffix : nullptr, &m), 0)
			<< path << "@" << suffix << ": " << kcshim_last_error();
		loaded_.emplace_back(m);
	}

	// kcshim_load_module()'s error for path@suffix, which must not load; *why its message.
	int load_error(const char *path, const char *suffix, std::string *why)
	{
		struct kcshim_module *m = nullptr;
		int err = kcshim_load_module(path, *suffix ? suffix : nullptr, &m);
		*why = kcshim_last_error();
		if (!err)
			loaded_.emplace_back(m);
		return err;
	}

	std::vector<Module> loaded_;
};

// What the consumer's driver read through its four bindings: value(), table[1], value_pointer(),
// table_pointer[0].
std::vector<std::uint32_t> readings(const std::string &driver)
{
	Shash tfm(crypto_alloc_shash(driver.c_str(), 0, 0));
	if (IS_ERR(tfm.get())) {
		ADD_FAILURE() << driver << ": " << kcshim_last_error();
		return {};
	}
	std::vector<std::uint8_t> out = digest(tfm.get(), {});
	std::vector<std::uint32_t> words;
	for (std::size_t i = 0; i + 4 <= out.size(); i += 4)
		words.push_back(out[i] | out[i + 1] << 8 | out[i + 2] << 16 |
				std::uint32_t(out[i + 3]) << 24);
	return words;
}

std::vector<std::uint32_t> provider_readings(std::uint32_t side_value)
{
	return {side_value, side_value * 100, side_value, side_value * 10};
}

class ModuleSidesInEitherOrder : public ModuleSides, public testing::WithParamInterface<bool> {};

TEST_P(ModuleSidesInEitherOrder, EachConsumerReachesItsOwnSidesProvider)
{
	const bool before_first = GetParam();
	for (const char *side : before_first ? std::vector{"before", "after"}
					     : std::vector{"after", "before"}) {
		load(std::string(side) == "before" ? before_provider : after_provider, side);
		load(SIDE_CONSUMER, side);
	}
	EXPECT_EQ(readings("side-fixture-consumer@before"), provider_readings(1));
	EXPECT_EQ(readings("side-fixture-consumer@after"), provider_readings(2));

	auto b = module_bindings();
	for (const char *sym : {"side_fixture_value", "side_fixture_table"}) {
		EXPECT_EQ(b["side_consumer@before"][sym], "side_provider_before@before") << sym;
		EXPECT_EQ(b["side_consumer@after"][sym], "side_provider_after@after") << sym;
	}
	EXPECT_EQ(b["side_consumer@after"]["crypto_register_shash"], "") << "the shim's";
}

INSTANTIATE_TEST_SUITE_P(LoadOrder, ModuleSidesInEitherOrder, testing::Bool(),
			 [](const auto &info) { return info.param ? "BeforeFirst" : "AfterFirst"; });

TEST_F(ModuleSides, SymbolOnlyOnAnotherSideIsAnErrorNamingBoth)
{
	load(before_provider, "before");
	std::string why;
	EXPECT_EQ(load_error(SIDE_CONSUMER, "after", &why), -ENOEXEC);
	EXPECT_THAT(why, testing::ContainsRegex("symbol side_fixture_(value|table) is exported only "
						"by side_provider_before@before"));
	EXPECT_THAT(why, testing::HasSubstr("side after binds only to side after"));
	Shash tfm(crypto_alloc_shash("side-fixture-consumer@after", 0, 0));
	EXPECT_TRUE(IS_ERR(tfm.get())) << "a module that failed to bind registered its driver";
	tfm.release();
}

TEST_F(ModuleSides, UnsuffixedConsumerNeverBindsToASuffixedProvider)
{
	load(after_provider, "after");
	std::string why;
	EXPECT_EQ(load_error(SIDE_CONSUMER, "", &why), -ENOEXEC);
	EXPECT_THAT(why, testing::HasSubstr("is exported only by side_provider_after@after"));
	EXPECT_THAT(why, testing::HasSubstr("without a suffix binds only to unsuffixed modules"));
}

TEST_F(ModuleSides, SuffixedConsumerFallsBackToAnUnsuffixedProvider)
{
	load(plain_provider, "");
	load(SIDE_CONSUMER, "after");
	EXPECT_EQ(readings("side-fixture-consumer@after"), provider_readings(7));
	EXPECT_EQ(module_bindings()["side_consumer@after"]["side_fixture_value"], "side_provider_plain");
}

// The unsuffixed build was loaded first, so the dynamic loader bound the consumer to it; the
// rule's first step, the consumer's own side, wins.
TEST_F(ModuleSides, OwnSideComesBeforeUnsuffixed)
{
	load(plain_provider, "");
	load(after_provider, "after");
	load(SIDE_CONSUMER, "after");
	EXPECT_EQ(readings("side-fixture-consumer@after"), provider_readings(2));
}

TEST_F(ModuleSides, ProviderIsBusyWhileAConsumerIsBoundToIt)
{
	load(after_provider, "after");
	load(SIDE_CONSUMER, "after");
	EXPECT_EQ(kcshim_unload_module(loaded_[0].get()), -EBUSY);
	EXPECT_THAT(kcshim_last_error(), testing::HasSubstr("in use by a module loaded after it "
							    "(side_consumer@after)"));
	loaded_.pop_back();
	EXPECT_EQ(kcshim_unload_module(loaded_[0].release()), 0) << kcshim_last_error();
	loaded_.clear();
}

// The dynamic loader bound the second consumer to the before side's provider (loaded first) and
// recorded that; once the before side is gone, what is left of it must not be bound to either.
TEST_F(ModuleSides, UnloadedSideIsNeverBoundToAgain)
{
	load(before_provider, "before");
	load(after_provider, "after");
	load(SIDE_CONSUMER, "after");
	Module before = std::move(loaded_[0]);
	loaded_.erase(loaded_.begin());
	before.reset();
	// a new side, with no provider of its own
	std::string why;
	EXPECT_EQ(load_error(SIDE_CONSUMER, "again", &why), -ENOEXEC);
	EXPECT_THAT(why, testing::HasSubstr("is exported only by side_provider_after@after "));
	EXPECT_EQ(readings("side-fixture-consumer@after"), provider_readings(2));
}

}  // namespace
