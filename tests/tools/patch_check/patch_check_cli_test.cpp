// SPDX-License-Identifier: GPL-2.0
// `kcshim patch-check` on the 7.3 tree with every piece of evidence: a planted bug in
// lib/crypto/sha3.c fails the reached KUnit suites and the drivers' vectors after and not before
// (exit 1, and ERROR lines for b4); a refactor passes with equal results, no new warning, a
// speed table, tcrypt lines, the suites' benchmarks and the drivers equal to user-mode Linux's; a module calling another's exports is
// rebuilt on its side; a series must build at every patch; seed 004's change, which 6.12 has, is
// taken out for the before side (--applied). Label patchcheck: the default CI step only (under
// ASan these take 15 minutes of CPU; run them with ctest -R PatchCheckCli in build-asan).
#include "tests/tools/patch_check/patch_check_cli.h"

namespace {

using namespace patch_check_test;

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
	EXPECT_TRUE(has_line(out, R"(^drivers built: sha3$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^vectors before: 4 drivers, 4 passed the tree's vectors$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^  sha3-256-lib@after: fails the tree's vectors after: )")) << out;
	EXPECT_TRUE(has_line(out, "^result: FAIL$")) << out;
	EXPECT_NE(slurp(dir_ / "out/report.json").find("\"exit\": 1"), std::string::npos);
	EXPECT_NE(slurp(dir_ / "out/report.md").find("| KUnit | before | after |"), std::string::npos);
	EXPECT_TRUE(fs::is_regular_file(dir_ / "out/after.ktap"));

	// as b4 am --check runs it: the patch on stdin, ERROR lines on stdout, nothing on stderr
	const std::string b4 = std::string(KCSHIM_TEST_CLI) + " patch-check - --b4 am --no-speed " +
			       "--kernel-tree " + quoted(tree_) + " --out " + quoted(dir_ / "out") +
			       " < " + quoted(p) + " > " + quoted(dir_ / "b4.out") + " 2> " +
			       quoted(dir_ / "b4.err");
	const int status = std::system(b4.c_str());
	EXPECT_EQ(WEXITSTATUS(status), 1);
	EXPECT_TRUE(has_line(slurp(dir_ / "b4.out"), R"(^ERROR: kunit: sha3\.\S+: passed before, fails after$)"))
		<< slurp(dir_ / "b4.out");
	EXPECT_EQ(slurp(dir_ / "b4.err"), "");
}

TEST_F(PatchCheckCli, RefactorWithEqualResultsPasses)
{
	const fs::path p = write("refactor.patch",
				 make_patch("lib/crypto: sha3: say which constant", round_constant,
					    annotated_constant, "refactor"));
	std::string out;
	EXPECT_EQ(patch_check("--speed-repeat 3 --speed-sizes 64,4096 --kunit-bench-rounds 4 --speed-no-cpu avx2 --xcheck uml "
			      "--xcheck-iterations 10 " + quoted(p), &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^kunit after: +[1-9][0-9]* passed, 0 failed)")) << out;
	EXPECT_TRUE(has_line(out, R"(^vectors after: +4 drivers, 4 passed the tree's vectors; 4 of 4 equal to their before \(or generic\) driver on random cases$)"))
		<< out;
	// built with Kbuild's default warnings: none in sha3.c on either side
	EXPECT_TRUE(has_line(out, "^warnings in the touched files: 0 before, 0 after$")) << out;
	// and against a real kernel's drivers, the embedded user-mode Linux
	EXPECT_TRUE(has_line(out, "^xcheck against uml: 4 after drivers equal to the kernel's$")) << out;
	// a speed table per driver, in the report too
	EXPECT_TRUE(has_line(out, R"(^  sha3-256-lib: geomean [0-9.]+x \(noise [0-9]+%)")) << out;
	// and a row with the library's AVX2 code masked: its fallback, timed the same way
	EXPECT_TRUE(has_line(out, R"(^  sha3-256-lib, without avx2: geomean [0-9.]+x \(noise [0-9]+%)")) << out;
	const std::string md = slurp(dir_ / "out/report.md");
	EXPECT_NE(md.find("MB/s (best runs), before: sha3-256-lib@before"), std::string::npos);
	EXPECT_NE(md.find("tcrypt: testing speed of async sha3-256-lib@after"), std::string::npos);
	// the reached suites' benchmark cases, in rounds until they settle, a row per measurement
	EXPECT_TRUE(has_line(out, R"(^kunit benchmarks: best of [3-9] rounds per side, .*: geomean [0-9.]+x$)"))
		<< out;
	EXPECT_TRUE(has_line(md, R"(^sha3 +benchmark_hash +len=4096 +[0-9]+ MB/s +[0-9]+ MB/s +[0-9.]+ +[0-9]+%$)"))
		<< md;
	EXPECT_TRUE(has_line(out, "^result: ok$")) << out;
}

// crypto/cast5_generic.c exports the cipher that arch/x86/crypto's cast5-avx-x86_64 calls for
// its last blocks: the AVX module is rebuilt on each side and binds to that side's cast5_generic.
TEST_F(PatchCheckCli, DependentModuleIsRebuiltAndTestedOnItsSide)
{
	const std::string file = "crypto/cast5_generic.c";
	const std::string original = slurp(tree_ / file);
	const std::string exported = "EXPORT_SYMBOL_GPL(__cast5_encrypt);";
	const fs::path p = write("cast5.patch", make_patch_of(file, original, "crypto: cast5: note",
							       exported, exported + " /* cast5-avx */",
							       "cast5"));
	std::string out;
	EXPECT_EQ(patch_check("--no-kunit --no-speed " + quoted(p), &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^reaches cast5_generic \(crypto, CRYPTO_CAST5\): crypto/cast5_generic\.c$)"))
		<< out;
	EXPECT_TRUE(has_line(out, R"(^  and cast5-avx-x86_64 \(arch/x86/crypto, CRYPTO_CAST5_AVX_X86_64\): )"))
		<< out;
	EXPECT_TRUE(has_line(out, R"(^drivers built: cast5_generic, cast5-avx-x86_64$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^vectors after: +([0-9]+) drivers, \1 passed the tree's vectors; \1 of \1 equal)"))
		<< out;
	EXPECT_EQ(slurp(tree_ / file), original);
}

// A series must build at every patch, not only at its end (bisection): the second of three
// breaks lib/crypto/sha3.c, the third mends it.
TEST_F(PatchCheckCli, SeriesWhoseSecondPatchBreaksTheBuild)
{
	const std::string noted = annotated_constant;
	const std::string broken = noted + " +";	// "+," does not compile
	const std::string v1 = replaced(original_, round_constant, noted);
	const std::string v2 = replaced(v1, noted, broken);
	const std::string v3 = replaced(v2, broken, noted + " /* again */");
	const fs::path series =
		write("series.mbox", make_patch_of(file_, original_, "sha3: one", round_constant, noted, "one") +
					     make_patch_of(file_, v1, "sha3: two", noted, broken, "two") +
					     make_patch_of(file_, v2, "sha3: three", broken,
							   noted + " /* again */", "three"));
	std::string out;
	EXPECT_EQ(patch_check("--no-kunit --no-speed " + quoted(series), &out), 1) << out;
	EXPECT_TRUE(has_line(out, R"(^\[1/3\] sha3: one: applied; builds libsha3$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^\[2/3\] sha3: two: applied; does not build: libsha3: lib/crypto/sha3\.c:[0-9]+:[0-9]+: error: )"))
		<< out;
	EXPECT_TRUE(has_line(out, R"(^\[3/3\] sha3: three: applied; builds libsha3$)")) << out;
	// the series' end state is fine: what failed is the middle
	EXPECT_TRUE(has_line(out, R"(^vectors after: +4 drivers, 4 passed)")) << out;
	EXPECT_TRUE(has_line(out, "^result: FAIL$")) << out;
}

// Seed 004's change (CAST5's rounds factored out of the key-length branches), which 6.12 has:
// --applied takes it out for the before side. The evidence of the post: size and cbc speed.
TEST_F(PatchCheckCli, AppliedPatchTakenOutForTheBeforeSide)
{
	const fs::path tree = tree_of("6.12");
	if (!fs::is_regular_file(tree / "crypto/cast5_generic.c"))
		GTEST_SKIP() << "no 6.12 tree at " << tree;
	const fs::path p = dir_ / "cast5-factor-rounds.patch";
	ASSERT_EQ(std::system(("python3 " KCSHIM_TEST_SOURCE_DIR
			       "/tools/patch_check/examples/cast5-factor-rounds.py " +
			       quoted(tree) + " > " + quoted(p)).c_str()),
		  0);
	std::string out;
	EXPECT_EQ(run_cli("patch-check --applied --speed-repeat 3 --speed-sizes 16,256,4096 "
			  "--kernel-tree " + quoted(tree) + " --out " + quoted(dir_ / "out") + " " +
			  quoted(p), dir_ / "out.log", &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^\[1/1\] crypto: cast5: .*: taken out of the tree for the before side$)"))
		<< out;
	// both functions shrink: the twelve shared rounds are in the code once, not twice
	EXPECT_TRUE(has_line(out, R"(^size of cast5_generic: add/remove: 0/0 grow/shrink: 0/2 up/down: 0/-[0-9]+)"))
		<< out;
	EXPECT_TRUE(has_line(out, R"(^__cast5_encrypt +[0-9]+ +[0-9]+ +-[0-9]+$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^vectors after: +([0-9]+) drivers, \1 passed the tree's vectors; \1 of \1 equal)"))
		<< out;
	for (const char *direction : {"encryption", "decryption"})
		EXPECT_TRUE(has_line(out, std::string(R"(^  cbc\(cast5-generic\), )") + direction +
						  R"(, 16-byte key: geomean [0-9.]+x \(noise)"))
			<< out;
	// tcrypt's own lines of each side's drivers: mode=209 through the cipher, 506 through the
	// AVX module's async skciphers
	const std::string md = slurp(dir_ / "out/report.md");
	for (const char *side : {"before", "after"}) {
		const std::string s = side;
		EXPECT_NE(md.find("tcrypt: testing speed of sync cbc(cast5-generic@" + s +
				  ") (cbc(cast5-generic@" + s + ")) decryption"), std::string::npos)
			<< md;
		EXPECT_NE(md.find("tcrypt: testing speed of async cbc-cast5-avx@" + s), std::string::npos);
	}
	EXPECT_TRUE(has_line(out, "^result: ok$")) << out;
}

}  // namespace
