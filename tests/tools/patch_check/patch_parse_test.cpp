// SPDX-License-Identifier: GPL-2.0
// Reading patches as they are posted: format-patch mails, an mbox series with its cover letter,
// a bare diff, a web archive's copy whose tabs became spaces (found, and turned back by retab()),
// and input that is no patch or is cut short, which gives an error line, never a crash.
#include <gtest/gtest.h>

#include "tools/patch_check/patch_parse.h"

namespace {

using namespace kcshim::patch_check;

// Our own file and text: the shapes are git's, the content is not the kernel's.
const char format_patch[] =
	"From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"
	"From: Ann Author <ann@example.org>\n"
	"Date: Mon, 7 Dec 2026 06:00:00 +0000\n"
	"Subject: [PATCH v2 2/3] lib/crypto: toy: shorten the\n"
	" round loop\n"
	"\n"
	"Body text.\n"
	"---\n"
	" lib/crypto/toy.c | 3 +--\n"
	"\n"
	"diff --git a/lib/crypto/toy.c b/lib/crypto/toy.c\n"
	"index 1234567..89abcde 100644\n"
	"--- a/lib/crypto/toy.c\n"
	"+++ b/lib/crypto/toy.c\n"
	"@@ -10,4 +10,3 @@ static void toy_round(u32 *s)\n"
	" {\n"
	"-\ts[0] += 1;\n"
	"-\ts[1] += 2;\n"
	"+\ts[0] += 3;\n"
	" }\n"
	"-- \n"
	"2.39.5\n";

TEST(PatchParse, FormatPatchGivesSubjectAuthorFilesAndHunks)
{
	ParseResult r = parse_patches(format_patch);
	ASSERT_EQ(r.error, "");
	ASSERT_EQ(r.patches.size(), 1u);
	const Patch &p = r.patches[0];
	EXPECT_EQ(p.subject, "lib/crypto: toy: shorten the round loop");
	EXPECT_EQ(p.author, "Ann Author <ann@example.org>");
	ASSERT_EQ(p.files.size(), 1u);
	EXPECT_EQ(p.files[0].old_path, "lib/crypto/toy.c");
	EXPECT_EQ(p.files[0].path(), "lib/crypto/toy.c");
	ASSERT_EQ(p.files[0].hunks.size(), 1u);
	EXPECT_EQ(p.files[0].hunks[0].old_start, 10u);
	EXPECT_EQ(p.files[0].hunks[0].old_count, 4u);
	EXPECT_EQ(p.files[0].hunks[0].new_count, 3u);
	EXPECT_FALSE(p.whitespace_damaged);
}

TEST(PatchParse, MboxSeriesInOrderWithoutTheCoverLetter)
{
	std::string cover = "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
			    "Subject: [PATCH 0/2] toy: two changes\n\nNo diff here.\n\n";
	std::string second = format_patch;
	second.replace(second.find("shorten the"), 11, "second one,");
	ParseResult r = parse_patches(cover + format_patch + "\n" + second);
	ASSERT_EQ(r.error, "");
	ASSERT_EQ(r.patches.size(), 2u);
	EXPECT_EQ(r.patches[0].subject, "lib/crypto: toy: shorten the round loop");
	EXPECT_EQ(r.patches[1].subject, "lib/crypto: toy: second one, round loop");
}

TEST(PatchParse, BareDiffNewAndDeletedFiles)
{
	ParseResult r = parse_patches("--- /dev/null\n+++ b/crypto/new.c\n@@ -0,0 +1,2 @@\n+a\n+b\n"
				      "diff --git a/crypto/old.c b/crypto/old.c\ndeleted file mode 100644\n"
				      "--- a/crypto/old.c\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n");
	ASSERT_EQ(r.error, "");
	ASSERT_EQ(r.patches.size(), 1u);
	ASSERT_EQ(r.patches[0].files.size(), 2u);
	EXPECT_EQ(r.patches[0].files[0].old_path, "");
	EXPECT_EQ(r.patches[0].files[0].path(), "crypto/new.c");
	EXPECT_EQ(r.patches[0].files[1].new_path, "");
	EXPECT_EQ(r.patches[0].files[1].path(), "crypto/old.c");
}

TEST(PatchParse, WebArchiveCopyIsFoundDamagedAndRetabRepairsIt)
{
	// what a mail archive shows: the subject as the first line, tabs expanded to spaces, and
	// a blank context line without its leading space
	const std::string damaged =
		"[PATCH] crypto: toy: fix\n\nText.\n---\n"
		"--- a/crypto/toy.c\n+++ b/crypto/toy.c\n"
		"@@ -1,4 +1,4 @@\n"
		" {\n"
		"-       s[0] += 1;\n"
		"+       s[0] += 2;\n"
		"\n"
		"                x = 1;\n";
	ParseResult r = parse_patches(damaged);
	ASSERT_EQ(r.error, "");
	ASSERT_EQ(r.patches.size(), 1u);
	EXPECT_EQ(r.patches[0].subject, "crypto: toy: fix");
	EXPECT_TRUE(r.patches[0].whitespace_damaged);
	const std::string repaired = retab(damaged);
	EXPECT_NE(repaired.find("-\ts[0] += 1;\n"), std::string::npos) << repaired;
	EXPECT_NE(repaired.find("+\ts[0] += 2;\n"), std::string::npos) << repaired;
	EXPECT_NE(repaired.find(" \t\tx = 1;\n"), std::string::npos) << repaired;
	// the text outside hunks is left as it was
	EXPECT_EQ(repaired.substr(0, 30), damaged.substr(0, 30));
	EXPECT_FALSE(parse_patches(repaired).patches[0].whitespace_damaged);
}

TEST(PatchParse, ErrorsAreLinesNotCrashes)
{
	EXPECT_NE(parse_patches("").error, "");
	EXPECT_NE(parse_patches("just a mail\nwith no diff\n").error, "");
	ParseResult cut = parse_patches("--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n a\n-b\n");
	EXPECT_NE(cut.error.find("fewer lines than its header counts"), std::string::npos) << cut.error;
	EXPECT_NE(parse_patches("@@ -1 +1 @@\n-a\n+b\n").error.find("a hunk of no file"),
		  std::string::npos);
	// found by the fuzzer: a folded header's blank line, a header line after a file's hunks
	EXPECT_EQ(parse_patches("Subject: x\n   \n\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n")
			  .patches.at(0).subject,
		  "x");
	ParseResult late = parse_patches("--- /dev/null\n+++ b/n.c\n@@ -0,0 +1 @@\n+a\n+++ /dev/null\n");
	ASSERT_EQ(late.patches.size(), 1u);
	EXPECT_EQ(late.patches[0].files.at(0).path(), "n.c");
	// both sides /dev/null
	EXPECT_NE(parse_patches("--- /dev/null\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n")
			  .error.find("a hunk of no file"),
		  std::string::npos);
	// a count out of range
	EXPECT_NE(parse_patches("--- a/x\n+++ b/x\n@@ -99999999999999999999999 +1 @@\n")
			  .error.find("malformed hunk header"),
		  std::string::npos);
}

}  // namespace
