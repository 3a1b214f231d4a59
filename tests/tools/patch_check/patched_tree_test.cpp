// SPDX-License-Identifier: GPL-2.0
// The after side's tree: a hard-linked copy the series is applied to, never writing through to
// the user's tree; a web archive's copy applies with its whitespace repaired; files the tree does
// not have are skipped by name; a hunk that does not apply is named, and changes nothing. A tiny
// tree of our own stands in for a kernel tree: only its layout matters here.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

#include "tools/patch_check/patched_tree.h"

namespace {

using namespace kcshim::patch_check;

std::string slurp(const fs::path &p)
{
	std::ifstream in(p);
	return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

ino_t inode_of(const fs::path &p)
{
	struct stat st {};
	::stat(p.c_str(), &st);
	return st.st_ino;
}

class PatchedTree : public ::testing::Test {
protected:
	void SetUp() override
	{
		// inside a git work tree of its own: git apply must not take its paths as relative
		// to that repository's root
		root_ = fs::temp_directory_path() /
			("kcshim-patched-tree-" + std::to_string(::getpid()) + "-" +
			 ::testing::UnitTest::GetInstance()->current_test_info()->name());
		fs::remove_all(root_);
		fs::create_directories(root_ / "work/tree/crypto");
		ASSERT_EQ(std::system(("git init -q '" + (root_ / "work").string() + "'").c_str()), 0);
		std::ofstream(root_ / "work/tree/crypto/toy.c") << "{\n\ts[0] += 1;\n}\n";
		tree_ = root_ / "work/tree";
		after_ = root_ / "work/out/after-tree";
	}
	void TearDown() override { fs::remove_all(root_); }

	Patch patch(const std::string &text)
	{
		ParseResult r = parse_patches(text);
		EXPECT_EQ(r.error, "");
		return r.patches.empty() ? Patch{} : r.patches[0];
	}

	fs::path root_, tree_, after_;
};

const char change[] = "--- a/crypto/toy.c\n+++ b/crypto/toy.c\n@@ -1,3 +1,3 @@\n {\n-\ts[0] += 1;\n"
		      "+\ts[0] += 2;\n }\n";

TEST_F(PatchedTree, CopyIsHardLinkedAndApplyingLeavesTheTreeAlone)
{
	std::string error;
	ASSERT_TRUE(link_copy(tree_, after_, &error)) << error;
	EXPECT_EQ(inode_of(tree_ / "crypto/toy.c"), inode_of(after_ / "crypto/toy.c"));
	ApplyResult r = apply_patch(after_, patch(change));
	ASSERT_TRUE(r.ok) << r.error;
	EXPECT_EQ(r.how, "");
	EXPECT_EQ(slurp(after_ / "crypto/toy.c"), "{\n\ts[0] += 2;\n}\n");
	EXPECT_EQ(slurp(tree_ / "crypto/toy.c"), "{\n\ts[0] += 1;\n}\n");
	EXPECT_NE(inode_of(tree_ / "crypto/toy.c"), inode_of(after_ / "crypto/toy.c"));
}

TEST_F(PatchedTree, CopyInsideTheTreeLeavesItselfOut)
{
	std::string error;
	const fs::path inside = tree_ / ".kcshim-patch-check/after-tree";
	ASSERT_TRUE(link_copy(tree_, inside, &error)) << error;
	EXPECT_TRUE(fs::exists(inside / "crypto/toy.c"));
	EXPECT_FALSE(fs::exists(inside / ".kcshim-patch-check"));
	// again, over the first copy
	ASSERT_TRUE(link_copy(tree_, inside, &error)) << error;
	EXPECT_FALSE(fs::exists(inside / ".kcshim-patch-check"));
}

TEST_F(PatchedTree, WebArchiveCopyAppliesWithWhitespaceRepaired)
{
	std::string error;
	ASSERT_TRUE(link_copy(tree_, after_, &error)) << error;
	ApplyResult r = apply_patch(after_, patch("--- a/crypto/toy.c\n+++ b/crypto/toy.c\n"
						  "@@ -1,3 +1,3 @@\n {\n-       s[0] += 1;\n"
						  "+       s[0] += 2;\n }\n"));
	ASSERT_TRUE(r.ok) << r.error;
	EXPECT_EQ(r.how, "whitespace repaired");
	EXPECT_EQ(slurp(after_ / "crypto/toy.c"), "{\n\ts[0] += 2;\n}\n");
}

TEST_F(PatchedTree, FilesOutsideTheTreeAreSkippedByName)
{
	std::string error;
	ASSERT_TRUE(link_copy(tree_, after_, &error)) << error;
	ApplyResult r = apply_patch(after_, patch(std::string(change) +
						  "--- a/Documentation/toy.rst\n+++ b/Documentation/toy.rst\n"
						  "@@ -1 +1 @@\n-old\n+new\n"));
	ASSERT_TRUE(r.ok) << r.error;
	ASSERT_EQ(r.skipped.size(), 1u);
	EXPECT_EQ(r.skipped[0], "Documentation/toy.rst");
	EXPECT_EQ(slurp(after_ / "crypto/toy.c"), "{\n\ts[0] += 2;\n}\n");
}

TEST_F(PatchedTree, HunkThatDoesNotApplyIsNamedAndChangesNothing)
{
	std::string error;
	ASSERT_TRUE(link_copy(tree_, after_, &error)) << error;
	// the first file applies, the second's hunk does not: git apply is all or nothing
	std::ofstream(after_ / "crypto/other.c") << "a\n";
	ApplyResult r = apply_patch(after_, patch(std::string(change) +
						  "--- a/crypto/other.c\n+++ b/crypto/other.c\n"
						  "@@ -1 +1 @@\n-not there\n+b\n"));
	EXPECT_FALSE(r.ok);
	EXPECT_EQ(r.error, "crypto/other.c: hunk @@ -1 +1 @@ does not apply");
	EXPECT_EQ(slurp(after_ / "crypto/toy.c"), "{\n\ts[0] += 1;\n}\n");
}

}  // namespace
