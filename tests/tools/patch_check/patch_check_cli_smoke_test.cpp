// SPDX-License-Identifier: GPL-2.0
// `kcshim patch-check` where it builds little: a new driver (no before side) compared with its
// generic driver; a web archive's copy applied with its whitespace repaired; a series stopped at
// the patch that does not apply, naming its hunk; bad input exits 2. Label patchcheck_smoke: CI
// runs these under ASan too.
#include "tests/tools/patch_check/patch_check_cli.h"

namespace {

using namespace patch_check_test;

// A patch adding a driver (its file and its Makefile line): no before side, so it is compared
// with the generic driver on random cases and timed beside every driver of its algorithm.
TEST_F(PatchCheckCli, NewDriverIsComparedWithItsGenericDriver)
{
	const std::string makefile = slurp(tree_ / "crypto/Makefile");
	const std::string sha3_line = "obj-$(CONFIG_CRYPTO_SHA3) += sha3.o\n";
	std::string patch = make_patch_of("crypto/Makefile", makefile, "crypto: add sha3-256-new",
					  sha3_line, sha3_line + "obj-$(CONFIG_CRYPTO_SHA3) += sha3_256_new.o\n",
					  "makefile");
	const fs::path diff = dir_ / "new-file.diff";
	std::system(("diff -u --label /dev/null --label b/crypto/sha3_256_new.c /dev/null " +
		     quoted(fs::path(KCSHIM_TEST_SOURCE_DIR) / "tests/tools/patch_check/fixtures/sha3_256_new.c") +
		     " > " + quoted(diff)).c_str());
	// the new file's diff goes after the Makefile's, before the signature
	patch.insert(patch.rfind("-- \n"), slurp(diff));
	std::string out;
	EXPECT_EQ(patch_check("--no-kunit --speed-repeat 3 --speed-sizes 64,4096 " +
				      quoted(write("new.patch", patch)), &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^reaches sha3_256_new \(crypto, CRYPTO_SHA3\): crypto/sha3_256_new\.c$)"))
		<< out;
	EXPECT_TRUE(has_line(out, "^build rules: crypto/Makefile$")) << out;
	EXPECT_TRUE(has_line(out, R"(^  new \(no before side; compared with their generic drivers\): sha3_256_new$)"))
		<< out;
	EXPECT_TRUE(has_line(out, R"(^vectors after: +1 drivers, 1 passed the tree's vectors; 1 of 1 equal)")) << out;
	EXPECT_TRUE(has_line(out, R"(^  sha3-256-new, new: beside every driver of sha3-256: measured)")) << out;
	EXPECT_NE(slurp(dir_ / "out/report.md").find("sha3-256-generic"), std::string::npos);
	EXPECT_FALSE(fs::exists(tree_ / "crypto/sha3_256_new.c"));
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
	EXPECT_EQ(patch_check("--no-kunit --no-drivers " + quoted(write("damaged.patch", damaged)), &out), 0)
		<< out;
	EXPECT_TRUE(has_line(out, R"(^\[1/1\] lib/crypto: sha3: note: applied \(whitespace repaired\)$)"))
		<< out;

	// the second patch of the series expects a line the first took away
	std::string second = make_patch("lib/crypto: sha3: again", round_constant, planted_constant, "second");
	const fs::path series = write("series.mbox", good + second);
	EXPECT_EQ(patch_check("--no-kunit --no-drivers " + quoted(series), &out), 1) << out;
	EXPECT_TRUE(has_line(out, R"(^\[1/2\] lib/crypto: sha3: note: applied$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^\[2/2\] lib/crypto: sha3: again: does not apply: lib/crypto/sha3\.c: hunk @@ -[0-9,]+ \+[0-9,]+ @@.* does not apply$)"))
		<< out;

	EXPECT_EQ(patch_check(quoted(dir_ / "missing.patch"), &out), 2) << out;
	EXPECT_EQ(patch_check(quoted(write("mail.txt", "Hello,\nno diff here.\n")), &out), 2)
		<< out;
	EXPECT_TRUE(has_line(out, "^kcshim: .*mail.txt: no diff in the input")) << out;
}

}  // namespace
