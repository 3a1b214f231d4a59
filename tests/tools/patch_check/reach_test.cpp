// SPDX-License-Identifier: GPL-2.0
// What a change reaches, read from the 7.3 tree's own Makefiles and Kconfig: a library file
// reaches its library, the crypto/ driver selecting it and its KUnit suite; an x86 header
// reaches its library through the file including it; a driver whose export another module
// calls reaches that module. Skipped without the 7.3 tree.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/tools/dropin/tree73_cli.h"
#include "tools/dropin/dropin.h"
#include "tools/patch_check/reach.h"

namespace {

using namespace kcshim::patch_check;

class Reach73 : public ::testing::Test {
protected:
	void SetUp() override
	{
		tree_ = dropin_test::tree_7_3();
		if (!fs::is_regular_file(tree_ / "lib/crypto/tests/sha3_kunit.c"))
			GTEST_SKIP() << "no 7.3 tree at " << tree_ << " (tools/kernel-tree/prepare 7.3)";
		target_ = kcshim::dropin::target_of(kcshim::dropin::BuildOptions{});
	}

	static bool has(const std::vector<ReachedModule> &modules, const std::string &name,
			const std::string &why_part = "")
	{
		return std::any_of(modules.begin(), modules.end(), [&](const ReachedModule &m) {
			return m.name == name && m.why.find(why_part) != std::string::npos;
		});
	}
	static std::string names(const std::vector<ReachedModule> &modules)
	{
		std::string out;
		for (const auto &m : modules)
			out += m.dir + "/" + m.name + " (" + m.why + ") ";
		return out;
	}
	static bool has_suite(const Reach &r, const std::string &suite)
	{
		return std::find(r.suites.begin(), r.suites.end(), suite) != r.suites.end();
	}

	fs::path tree_;
	kcshim::dropin::Target target_;
};

TEST_F(Reach73, LibraryFileReachesItsDriverAndSuite)
{
	Reach r = reach_of(tree_, {"lib/crypto/sha3.c"}, target_);
	EXPECT_TRUE(has(r.modules, "libsha3")) << names(r.modules);
	EXPECT_TRUE(has(r.dependents, "sha3", "selects CRYPTO_LIB_SHA3")) << names(r.dependents);
	EXPECT_TRUE(has_suite(r, "lib/crypto/tests/sha3_kunit.c"));
	EXPECT_FALSE(has_suite(r, "lib/crypto/tests/sha256_kunit.c"));
	EXPECT_EQ(r.arches, std::set<std::string>{"generic"});
	EXPECT_TRUE(r.unmapped.empty());
}

TEST_F(Reach73, ArchHeaderReachesTheLibraryIncludingIt)
{
	Reach r = reach_of(tree_, {"lib/crypto/x86/sha512.h"}, target_);
	EXPECT_TRUE(has(r.modules, "libsha512", "lib/crypto/x86/sha512.h")) << names(r.modules);
	EXPECT_TRUE(has(r.dependents, "sha512", "selects CRYPTO_LIB_SHA512")) << names(r.dependents);
	EXPECT_TRUE(has_suite(r, "lib/crypto/tests/sha512_kunit.c"));
	EXPECT_EQ(r.arches, std::set<std::string>{"x86"});
}

TEST_F(Reach73, ExportedFunctionReachesTheModuleCallingIt)
{
	Reach r = reach_of(tree_, {"crypto/cast5_generic.c"}, target_);
	EXPECT_TRUE(has(r.modules, "cast5_generic")) << names(r.modules);
	EXPECT_TRUE(has(r.dependents, "cast5-avx-x86_64")) << names(r.dependents);
	EXPECT_TRUE(r.suites.empty());
}

TEST_F(Reach73, SuiteFilesVectorsAndRulesAreNamedNotUnmapped)
{
	Reach r = reach_of(tree_, {"lib/crypto/tests/sha3_kunit.c", "crypto/testmgr.h", "README.x",
				   "crypto/Makefile"},
			   target_);
	EXPECT_TRUE(has_suite(r, "lib/crypto/tests/sha3_kunit.c"));
	EXPECT_TRUE(r.vectors);
	EXPECT_EQ(r.rules, std::vector<std::string>{"crypto/Makefile"});
	EXPECT_EQ(r.unmapped, std::vector<std::string>{"README.x"});
}

}  // namespace
