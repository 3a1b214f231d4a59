// SPDX-License-Identifier: GPL-2.0
// The guest init's module index (afalg/guest/module_index.h): depmod's modules.dep, modules.alias
// and modules.builtin read, names and aliases resolved, and the order plan() loads modules in.
#include <gtest/gtest.h>

#include <cerrno>
#include <random>
#include <string>
#include <vector>

#include "afalg/guest/job.h"
#include "afalg/guest/module_index.h"
#include "tests/afalg/guest/guest_fixtures.h"
#include "tests/support/seed.h"

using namespace kcshim::guest;
using namespace kcshim_test::guest_fixtures;

TEST(GuestModuleIndex, DeepChainLoadsDeepestFirst)
{
	ModuleIndex index = crypto_index();
	LoadPlan plan;
	ASSERT_EQ(index.plan("tcrypt", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "crypto crypto_algapi crypto_user tcrypt");
	EXPECT_EQ(plan.steps.front().path, "kernel/crypto/crypto.ko");
}

TEST(GuestModuleIndex, HandWrittenChainWithoutClosureStillLoadsDeepestFirst)
{
	EXPECT_EQ(load_order("a.ko: b.ko\nb.ko: c.ko\nc.ko: d.ko\nd.ko:\n", "a"), "d c b a");
}

TEST(GuestModuleIndex, SharedDependencyLoadsOnceBeforeItsUsers)
{
	// A diamond: top needs left and right, both need base.
	ModuleIndex index;
	index.add_dep_file("top.ko: left.ko right.ko base.ko\n"
			   "left.ko: base.ko\nright.ko: base.ko\nbase.ko:\n");
	LoadPlan plan;
	ASSERT_EQ(index.plan("top", plan), 0);
	auto names = step_names(plan);
	ASSERT_EQ(names.size(), 4u) << joined(names);
	EXPECT_EQ(names.front(), "base") << joined(names);
	EXPECT_EQ(names.back(), "top") << joined(names);
}

TEST(GuestModuleIndex, AliasMatchingSeveralModulesLoadsAllAndTheirSharedDependencyOnce)
{
	ModuleIndex index = crypto_index();
	LoadPlan plan;
	ASSERT_EQ(index.plan("crypto-sha3-256", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "sha3_generic sha3_ce");
	EXPECT_TRUE(plan.steps[0].requested);
	EXPECT_TRUE(plan.steps[1].requested);
}

TEST(GuestModuleIndex, AliasPatternsAreGlobs)
{
	ModuleIndex index;
	index.add_dep_file("kernel/crypto/sha3_generic.ko:\nkernel/drivers/net/e1000e.ko:\n"
			   "kernel/crypto/blake2b_generic.ko:\n");
	index.add_alias_file("alias crypto-sha3-* sha3_generic\n"
			     "alias pci:v00008086d000010D3sv*sd*bc*sc*i* e1000e\n"
			     "alias crypto-blake2b-[0-9]* blake2b_generic\n");
	std::vector<std::string> targets;
	ASSERT_EQ(index.resolve("crypto-sha3-512", targets), 0);
	EXPECT_EQ(joined(targets), "sha3_generic");
	ASSERT_EQ(index.resolve("pci:v00008086d000010D3sv00008086sd0000A01Fbc02sc00i00", targets), 0);
	EXPECT_EQ(joined(targets), "e1000e");
	ASSERT_EQ(index.resolve("crypto-blake2b-256", targets), 0);
	EXPECT_EQ(joined(targets), "blake2b_generic");
	EXPECT_EQ(index.resolve("crypto-blake2b-x", targets), -ENOENT);
	EXPECT_EQ(index.resolve("crypto-sha2-256", targets), -ENOENT);
}

TEST(GuestModuleIndex, DashAndUnderscoreNameTheSameModule)
{
	ModuleIndex index = crypto_index();
	for (const char *name : {"sha3-ce", "sha3_ce"}) {
		LoadPlan plan;
		ASSERT_EQ(index.plan(name, plan), 0) << name;
		EXPECT_EQ(joined(step_names(plan)), "sha3_generic sha3_ce") << name;
		EXPECT_EQ(plan.steps.back().path, "kernel/arch/arm64/crypto/sha3-ce.ko") << name;
	}
	// and in aliases: "algif-hash" is written with '-', looked up with '_'
	LoadPlan plan;
	ASSERT_EQ(index.plan("algif_hash", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "af_alg algif_hash");
	ASSERT_EQ(index.plan("crypto_sha3_256_generic", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "sha3_generic");
}

TEST(GuestModuleIndex, DashInsideAGlobRangeStaysARange)
{
	ModuleIndex index;
	index.add_dep_file("x.ko:\n");
	index.add_alias_file("alias dev-[a-c]-x x\n");
	std::vector<std::string> targets;
	EXPECT_EQ(index.resolve("dev-b-x", targets), 0);
	EXPECT_EQ(index.resolve("dev_b_x", targets), 0);
	EXPECT_EQ(index.resolve("dev-d-x", targets), -ENOENT);
	EXPECT_EQ(index.resolve("dev---x", targets), -ENOENT);
}

TEST(GuestModuleIndex, BuiltinModuleCountsAsLoaded)
{
	ModuleIndex index = crypto_index();
	index.add_builtin_file("kernel/crypto/sha256_generic.ko\nkernel/crypto/crypto_algapi.ko\n");
	const char modinfo[] = "sha256_generic.alias=crypto-sha256\0sha256_generic.license=GPL\0"
			       "sha256_generic.alias=crypto-sha256-generic";
	index.add_builtin_modinfo_file({modinfo, sizeof(modinfo)});
	LoadPlan plan;
	ASSERT_EQ(index.plan("sha256-generic", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
	ASSERT_EQ(index.plan("crypto-sha256", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
	ASSERT_EQ(index.plan("crypto-sha256-generic", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
	EXPECT_EQ(index.plan("crypto-sha256-license", plan), -ENOENT);
	// a dependency that is built in is not loaded
	ASSERT_EQ(index.plan("crypto_user", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "crypto crypto_user");
}

TEST(GuestModuleIndex, UnknownNameOrAliasToAnUnlistedModuleIsEnoent)
{
	ModuleIndex index = crypto_index();
	index.add_alias_file("alias crypto-ghost ghost\n");
	LoadPlan plan;
	EXPECT_EQ(index.plan("kcshim_no_such_module", plan), -ENOENT);
	EXPECT_EQ(plan.missing, "kcshim_no_such_module");
	EXPECT_EQ(index.plan("crypto-ghost", plan), -ENOENT);
	EXPECT_EQ(plan.missing, "ghost");
}

TEST(GuestModuleIndex, CompressedPathsNameTheirModule)
{
	EXPECT_EQ(module_name_from_path("kernel/arch/arm64/crypto/sha3-ce.ko.xz"), "sha3_ce");
	EXPECT_EQ(module_name_from_path("kernel/crypto/xts.ko.zst"), "xts");
	EXPECT_EQ(module_name_from_path("/abs/crypto/af_alg.ko"), "af_alg");
	ModuleIndex index;
	index.add_dep_file("kernel/crypto/sha3-ce.ko.xz: kernel/crypto/sha3_generic.ko.xz\n");
	LoadPlan plan;
	ASSERT_EQ(index.plan("sha3_ce", plan), 0);
	EXPECT_EQ(plan.steps.front().path, "kernel/crypto/sha3_generic.ko.xz");
	EXPECT_EQ(joined(step_names(plan)), "sha3_generic sha3_ce");
}

TEST(GuestModuleIndex, CycleLoadsEachModuleOnce)
{
	EXPECT_EQ(load_order("a.ko: b.ko\nb.ko: a.ko\n", "a"), "b a");
}

TEST(GuestModuleIndex, BadLinesAreReportedWithTheirNumberAndSkipped)
{
	ModuleIndex index;
	index.add_dep_file("kernel/a.ko: kernel/b.ko\n"
			   "this line has no colon\n"
			   "notamodule.txt: kernel/b.ko\n"
			   "kernel/c.ko: kernel/b.txt\n"
			   "kernel/a.ko:\n"
			   "kernel/b.ko:\n");
	index.add_builtin_file("kernel/fine.ko\nnot a path\n");
	const auto &bad = index.bad_lines();
	std::vector<std::string> where;
	for (const BadLine &b : bad)
		where.push_back(b.file + ":" + std::to_string(b.line));
	EXPECT_EQ(joined(where), "modules.dep:2 modules.dep:3 modules.dep:4 modules.dep:5 "
				 "modules.builtin:2");
	LoadPlan plan;
	ASSERT_EQ(index.plan("a", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "b a");
	EXPECT_FALSE(index.has_module("c"));
	ASSERT_EQ(index.plan("fine", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
}

TEST(GuestModuleIndex, AliasLinesOfAnotherFormNeverMatch)
{
	ModuleIndex index;
	index.add_dep_file("kernel/b.ko:\n");
	index.add_alias_file("alias onlytwo\nnotalias x b\naliasy b\nalias three words b\n"
			     "# alias commented b\n\talias indented b\r\nalias ok-* b\n");
	std::vector<std::string> targets;
	for (const char *name : {"onlytwo", "x", "aliasy", "three", "commented"})
		EXPECT_EQ(index.resolve(name, targets), -ENOENT) << name;
	EXPECT_EQ(index.resolve("indented", targets), 0);
	EXPECT_EQ(index.resolve("ok-go", targets), 0);
	EXPECT_EQ(joined(targets), "b");
}

TEST(GuestModuleIndex, GarbledBytesDoNotCrash)
{
	std::mt19937_64 rng(kcshim_test::test_seed());
	for (int round = 0; round < 200; round++) {
		std::string text(rng() % 512, '\0');
		for (char &c : text)
			c = static_cast<char>(rng() % 4 ? "ko:/ \n.a_-#*"[rng() % 12] : rng());
		ModuleIndex index;
		index.add_dep_file(text);
		index.add_alias_file(text);
		index.add_builtin_file(text);
		index.add_builtin_modinfo_file(text);
		LoadPlan plan;
		int err = index.plan("a", plan);
		EXPECT_TRUE(err == 0 || err == -ENOENT) << "round " << round;
		EXPECT_NO_THROW(parse_job(text)) << "round " << round;
	}
}
