// SPDX-License-Identifier: GPL-2.0
// `kcshim patch-check` as a reviewer runs it on the 7.3 tree, with patches this test makes from
// the tree's own file (no kernel text is kept in the repository): a planted bug in
// lib/crypto/sha3.c fails the reached KUnit suite after and not before (exit 1); a refactor that
// changes no result passes (exit 0); a web archive's copy applies with its whitespace repaired;
// a series stops at the patch that does not apply, naming its hunk; bad input exits 2. The
// user's tree is never written. Skipped without the 7.3 tree.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>

#include "tests/tools/dropin/tree73_cli.h"

namespace {

using namespace dropin_test;

std::string slurp(const fs::path &p)
{
	std::ifstream in(p);
	return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// 'path', for the shell (built by +=: gcc 12 -O3 -Wrestrict misfires on "'" + string&&)
std::string quoted(const fs::path &p)
{
	std::string q = "'";
	q += p.string();
	q += '\'';
	return q;
}

class PatchCheckCli : public Tree73CliTest {
protected:
	void SetUp() override
	{
		Tree73CliTest::SetUp();
		if (!IsSkipped())
			original_ = slurp(tree_ / file_);
	}
	void TearDown() override
	{
		if (!original_.empty()) {
			EXPECT_EQ(slurp(tree_ / file_), original_) << "patch-check wrote the user's tree";
		}
	}

	// A format-patch mail changing file_ by replacing from with to (which must be there).
	std::string make_patch(const std::string &subject, const std::string &from,
			       const std::string &to, const std::string &name)
	{
		std::string edited = original_;
		const size_t at = edited.find(from);
		EXPECT_NE(at, std::string::npos) << from;
		if (at != std::string::npos)
			edited.replace(at, from.size(), to);
		const fs::path a = dir_ / (name + ".a"), b = dir_ / (name + ".b");
		std::ofstream(a) << original_;
		std::ofstream(b) << edited;
		const fs::path diff = dir_ / (name + ".diff");
		std::system(("diff -u --label a/" + file_ + " --label b/" + file_ + " '" + a.string() +
			     "' '" + b.string() + "' > '" + diff.string() + "'").c_str());
		return "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"
		       "From: kcshim test <test@kcshim.invalid>\n"
		       "Subject: [PATCH] " + subject + "\n\nMade by patch_check_cli_test.\n---\n" +
		       "diff --git a/" + file_ + " b/" + file_ + "\n" + slurp(diff) + "-- \n2.39.5\n\n";
	}
	fs::path write(const std::string &name, const std::string &text)
	{
		std::ofstream(dir_ / name) << text;
		return dir_ / name;
	}
	int patch_check(const std::string &args, std::string *out)
	{
		return run_cli("patch-check --kernel-tree '" + tree_.string() + "' --out '" +
				       (dir_ / "out").string() + "' " + args,
			       dir_ / "out.log", out);
	}

	const std::string file_ = "lib/crypto/sha3.c";
	std::string original_;
};

// the second round constant of Keccak-f[1600] (FIPS 202), a fact not code
const char round_constant[] = "0x0000000000008082ULL";
const char planted_constant[] = "0x0000000000008083ULL";
// a comment beside it: a change that must not change any result
const char annotated_constant[] = "0x0000000000008082ULL /* round 1 */";

TEST_F(PatchCheckCli, PlantedLibraryBugFailsTheReachedSuiteAfterOnly)
{
	ASSERT_NE(original_.find(round_constant), std::string::npos);
	const fs::path p = write("bug.patch", make_patch("lib/crypto: sha3: plant a bug",
							  round_constant, planted_constant, "bug"));
	std::string out;
	EXPECT_EQ(patch_check(quoted(p), &out), 1) << out;
	EXPECT_TRUE(has_line(out, R"(^\[1/1\] lib/crypto: sha3: plant a bug: applied$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^reaches libsha3 \(lib/crypto, CRYPTO_LIB_SHA3\): lib/crypto/sha3\.c$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^KUnit suites: .*lib/crypto/tests/sha3_kunit\.c)")) << out;
	EXPECT_TRUE(has_line(out, R"(^kunit before: [1-9][0-9]* passed, 0 failed)")) << out;
	EXPECT_TRUE(has_line(out, R"(^kunit after: +[0-9]+ passed, [1-9][0-9]* failed)")) << out;
	EXPECT_TRUE(has_line(out, R"(^  \S+: passed before, fails after$)")) << out;
	EXPECT_TRUE(has_line(out, "^result: FAIL$")) << out;
	EXPECT_NE(slurp(dir_ / "out/report.json").find("\"exit\": 1"), std::string::npos);
	EXPECT_NE(slurp(dir_ / "out/report.md").find("| KUnit | before | after |"), std::string::npos);
	EXPECT_TRUE(fs::is_regular_file(dir_ / "out/after.ktap"));
}

TEST_F(PatchCheckCli, RefactorWithEqualResultsPasses)
{
	const fs::path p = write("refactor.patch",
				 make_patch("lib/crypto: sha3: say which constant", round_constant,
					    annotated_constant, "refactor"));
	std::string out;
	EXPECT_EQ(patch_check(quoted(p), &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^kunit after: +[1-9][0-9]* passed, 0 failed)")) << out;
	EXPECT_TRUE(has_line(out, "^result: ok$")) << out;
}

TEST_F(PatchCheckCli, ArchiveCopyAndSeriesAndBadInput)
{
	std::string good = make_patch("lib/crypto: sha3: note", round_constant,
				      annotated_constant, "good");
	// a web archive's copy: every tab expanded to spaces (tab stops of 8)
	std::string damaged;
	for (size_t col = 0; char c : good) {
		if (c == '\t') {
			damaged.append(8 - col % 8, ' ');
			col += 8 - col % 8;
		} else {
			damaged += c;
			col = c == '\n' ? 0 : col + 1;
		}
	}
	std::string out;
	EXPECT_EQ(patch_check("--no-kunit " + quoted(write("damaged.patch", damaged)), &out), 0)
		<< out;
	EXPECT_TRUE(has_line(out, R"(^\[1/1\] lib/crypto: sha3: note: applied \(whitespace repaired\)$)"))
		<< out;

	// the second patch of the series expects a line the first took away
	std::string second = make_patch("lib/crypto: sha3: again", round_constant, planted_constant, "second");
	const fs::path series = write("series.mbox", good + second);
	EXPECT_EQ(patch_check("--no-kunit " + quoted(series), &out), 1) << out;
	EXPECT_TRUE(has_line(out, R"(^\[1/2\] lib/crypto: sha3: note: applied$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^\[2/2\] lib/crypto: sha3: again: does not apply: lib/crypto/sha3\.c: hunk @@ -[0-9,]+ \+[0-9,]+ @@.* does not apply$)"))
		<< out;

	EXPECT_EQ(patch_check(quoted(dir_ / "missing.patch"), &out), 2) << out;
	EXPECT_EQ(patch_check(quoted(write("mail.txt", "Hello,\nno diff here.\n")), &out), 2)
		<< out;
	EXPECT_TRUE(has_line(out, "^kcshim: .*mail.txt: no diff in the input")) << out;
}

}  // namespace
