// SPDX-License-Identifier: GPL-2.0
// `kcshim kunit` on the 7.3 tree's own suites, as a developer uses it: a planted bug in an edited
// copy of lib/crypto/sha3.c fails the suite with the kernel's message, the tree's own KTAP parser
// counts what kcshim counts, a prebuilt test module runs with -m, two saved benchmark runs are
// compared, and mistakes give exit status 2. Skipped without the 7.3 tree.
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <iterator>
#include <regex>

#include "tests/tools/dropin/tree73_cli.h"

namespace {

using namespace dropin_test;

class KunitCli : public Tree73CliTest {
protected:
	// kcshim kunit --kernel-tree T --build-dir DIR/build ARGS
	int kunit(const std::string &args, std::string *out)
	{
		return run_cli("kunit --kernel-tree '" + tree_.string() + "' --build-dir '" +
				       (dir_ / "build").string() + "' " + args,
			       dir_ / "out.log", out);
	}
};

// Sums "# Totals: pass:P fail:F skip:S" over the suites of a KTAP document.
std::array<int, 3> ktap_totals(const std::string &ktap)
{
	std::array<int, 3> sum{};
	static const std::regex totals(R"(# Totals: pass:(\d+) fail:(\d+) skip:(\d+))");
	for (std::sregex_iterator m(ktap.begin(), ktap.end(), totals), end; m != end; ++m)
		for (int i = 0; i < 3; i++)
			sum[i] += std::stoi((*m)[i + 1].str());
	return sum;
}

TEST_F(KunitCli, PlantedRoundConstantFailsSha3WithTheKernelsMessage)
{
	std::ifstream in(tree_ / "lib/crypto/sha3.c");
	std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
	const std::string good = "0x0000000000008082ULL", bad = "0x0000000000008083ULL";
	size_t at = text.find(good);
	ASSERT_NE(at, std::string::npos) << "the second Keccak round constant is not in sha3.c";
	text.replace(at, good.size(), bad);
	std::ofstream(dir_ / "sha3.c") << text;

	std::string out;
	EXPECT_EQ(kunit("--replace '" + (dir_ / "sha3.c").string() +
			"' lib/crypto/tests/sha3_kunit.c", &out), 1) << out;
	EXPECT_TRUE(has_line(out, R"(^    # test_hash_test_vectors: ASSERTION FAILED at )"
				  R"(lib/crypto/tests/hash-test-template.h:\d+$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^    Expected actual_hash == hash_testvecs\[i\].digest, but$)"))
		<< out;
	EXPECT_TRUE(has_line(out, R"(^    not ok \d+ test_sha3_256_basic$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^not ok 1 sha3$)")) << out;

	// and the tree's own file passes
	EXPECT_EQ(kunit("lib/crypto/tests/sha3_kunit.c", &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^ok 1 sha3$)")) << out;
}

TEST_F(KunitCli, TheTreesKtapParserCountsWhatKcshimCounts)
{
	std::string out;
	// crc: every CRC the suite can test, 8 benchmarks skipped; sha256: a second suite file
	ASSERT_EQ(kunit("lib/crc/tests/crc_kunit.c lib/crypto/tests/sha256_kunit.c", &out), 0) << out;
	auto ours = ktap_totals(out);
	EXPECT_GT(ours[0], 15) << out;
	std::ofstream(dir_ / "run.ktap") << out;
	std::string parsed;
	int rc = std::system(("python3 '" + (tree_ / "tools/testing/kunit/kunit.py").string() +
			      "' parse '" + (dir_ / "run.ktap").string() + "' > '" +
			      (dir_ / "parsed.txt").string() + "' 2>&1").c_str());
	std::ifstream in(dir_ / "parsed.txt");
	parsed.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
	ASSERT_EQ(rc, 0) << parsed;
	std::string expected = "Ran " + std::to_string(ours[0] + ours[1] + ours[2]) +
			       " tests: passed: " + std::to_string(ours[0]) +
			       (ours[2] ? ", skipped: " + std::to_string(ours[2]) : "");
	EXPECT_NE(parsed.find(expected), std::string::npos)
		<< "kunit.py parse: " << parsed << "\nexpected: " << expected;
}

TEST_F(KunitCli, APrebuiltTestModuleRunsWithM)
{
	std::string out;
	ASSERT_EQ(run_cli("build --kernel-tree '" + tree_.string() +
				  "' lib/crypto/tests/md5_kunit.c --config KUNIT=y "
				  "--config CRYPTO_LIB_MD5=y -o '" + (dir_ / "md5_kunit.so").string() + "'",
			  dir_ / "build.log", &out), 0) << out;
	EXPECT_EQ(run_cli("-m '" + (dir_ / "md5_kunit.so").string() + "' kunit --filter 'md5.test_*'",
			  dir_ / "run.log", &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^    ok \d+ test_hash_test_vectors$)")) << out;
	EXPECT_FALSE(has_line(out, "benchmark_hash")) << "the filter let it through:\n" << out;
}

TEST_F(KunitCli, TwoSavedBenchmarkRunsAreComparedLengthByLength)
{
	std::string out;
	for (const char *side : {"before", "after"})
		ASSERT_EQ(kunit(std::string("--benchmark --filter 'md5.benchmark_hash' --json '") +
					(dir_ / side).string() + ".json' lib/crypto/tests/md5_kunit.c",
				&out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^    # benchmark_hash: len=4096: \d+ MB/s$)")) << out;
	EXPECT_EQ(run_cli("kunit --compare '" + (dir_ / "before.json").string() + "' '" +
				  (dir_ / "after.json").string() + "'",
			  dir_ / "compare.log", &out), 0) << out;
	for (const char *len : {"1", "64", "4096", "16384"})
		EXPECT_TRUE(has_line(out, std::string(R"(^md5 +benchmark_hash +len=)") + len +
						  R"( +\d+ MB/s +\d+ MB/s +(\d+\.\d\d|-)$)"))
			<< "no row for len=" << len << ":\n" << out;
	EXPECT_EQ(out.find("NOT HARDWARE SPEED"), std::string::npos) << "both ran natively:\n" << out;

	// a side that ran under qemu-user (kcshim kunit --arch) says so in its saved run
	std::ifstream in(dir_ / "after.json");
	std::string after((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
	after.replace(after.find('{'), 1, R"j({"emulation": "qemu-user (qemu-aarch64 -cpu max -L /)",)j");
	std::ofstream(dir_ / "after-qemu.json") << after;
	EXPECT_EQ(run_cli("kunit --compare '" + (dir_ / "before.json").string() + "' '" +
				  (dir_ / "after-qemu.json").string() + "'",
			  dir_ / "compare.log", &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^after: NOT HARDWARE SPEED: measured under qemu-user \(qemu-aarch64)"))
		<< out;
	EXPECT_FALSE(has_line(out, "^before: NOT HARDWARE")) << out;
}

// Needs no tree: tests/shim/kunit's module, whose kcshim_warns case hits WARN_ON and WARN_ON_ONCE.
TEST(KunitCliWarnings, WarnHitsAreCountedInTheSummaryAndTheSavedRun)
{
	const fs::path dir = work / "warnings";
	fs::create_directories(dir);
	std::string out;
	EXPECT_EQ(run_cli("-m '" KCSHIM_KUNIT_TEST_MODULE "' kunit --filter 'kcshim_kunit.kcshim_warns' "
			  "--json '" + (dir / "run.json").string() + "'",
			  dir / "run.log", &out), 0) << out;
	EXPECT_TRUE(has_line(out, R"(^kcshim: WARN hits in kcshim_kunit\.kcshim_warns: 2$)")) << out;
	std::ifstream in(dir / "run.json");
	std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
	EXPECT_TRUE(has_line(json, R"("warnings": 2)")) << json;
}

TEST_F(KunitCli, MistakesExitWithTwoAndOneLine)
{
	std::string out;
	EXPECT_EQ(run_cli("kunit lib/crypto/tests/sha3_kunit.c", dir_ / "a.log", &out), 2) << out;
	EXPECT_TRUE(has_line(out, "^kcshim: suite files need --kernel-tree")) << out;
	EXPECT_EQ(kunit("lib/crypto/sha3.c", &out), 2) << out;
	EXPECT_TRUE(has_line(out, "^kcshim: lib/crypto/sha3.c: registers no KUnit suite")) << out;
	EXPECT_EQ(kunit("--filter 'nosuch' lib/crypto/tests/nh_kunit.c", &out), 2) << out;
	EXPECT_TRUE(has_line(out, "^kcshim: --filter nosuch matches no test$")) << out;
	EXPECT_EQ(run_cli("kunit --compare '" + (dir_ / "missing.json").string() + "' '" +
				  (dir_ / "missing.json").string() + "'",
			  dir_ / "b.log", &out), 2) << out;
	EXPECT_TRUE(has_line(out, "missing.json: cannot read")) << out;
}

}  // namespace
