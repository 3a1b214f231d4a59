// SPDX-License-Identifier: GPL-2.0
// Before/after sides with the trees' own modules, as a user compares a patch: a bug planted on the
// after side of a module that others use must fail every after-side driver built over it, and
// nothing on the before side, whichever side is loaded first.
//  - 6.12: crypto/cast5_generic.c with round 1's F1 as F2; arch/x86/crypto/cast5_avx_glue.c over
//    it (its tail blocks call __cast5_encrypt), as a shared object and as a relocatable module,
//    each side's own build and one build loaded on both sides;
//  - 7.3: lib/crc/crc-t10dif-main.c with crc_t10dif_update() planted; crct10dif-lib.so, a
//    shash over it, loaded on both sides.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/tools/dropin/tree73_cli.h"

using namespace dropin_test;

namespace {

// Copies tree's file to dir with `from` replaced by `to` once; its path.
fs::path planted_copy(const fs::path &tree, const std::string &file, const fs::path &dir,
		      const std::string &from, const std::string &to)
{
	std::ifstream in(tree / file);
	std::stringstream text;
	text << in.rdbuf();
	std::string s = text.str();
	size_t at = s.find(from);
	EXPECT_NE(at, std::string::npos) << file << " has no " << from;
	if (at != std::string::npos)
		s.replace(at, from.size(), to);
	fs::create_directories(dir);
	fs::path out = dir / fs::path(file).filename();
	std::ofstream(out) << s;
	return out;
}

// Runs `kcshim build` with args (in dir); fails the test when it does.
void build(const fs::path &dir, const std::string &args)
{
	std::string out;
	ASSERT_EQ(run_cli("build " + args, dir / "build.log", &out), 0) << args << "\n" << out;
}

// The selftest summary row of driver: "passed" or "FAILED" ("" when it has none).
std::string result_of(const std::string &selftest, const std::string &driver)
{
	std::smatch m;
	std::string d = std::regex_replace(driver, std::regex(R"([()@.+-])"), R"(\$&)");
	if (std::regex_search(selftest, m, std::regex("(^|\\n)" + d + " +[0-9- ]+ (passed|FAILED)\\n")))
		return m[2];
	return "";
}

class DropinSides : public testing::Test {
protected:
	// -m arguments loading each side's provider, then its consumer, in the given side order
	static std::string modules(const std::vector<std::string> &sides, const fs::path &dir,
				   const std::string &provider, const std::string &consumer_before,
				   const std::string &consumer_after)
	{
		std::string args;
		for (const std::string &side : sides) {
			const bool before = side == "before";
			args += " -m '" + (dir / (before ? "before" : "after") / provider).string() + "@" +
				side + "'";
			args += " -m '" + (before ? consumer_before : consumer_after) + "@" + side + "'";
		}
		return args;
	}
};

const std::vector<std::vector<std::string>> both_orders = {{"before", "after"}, {"after", "before"}};

TEST_F(DropinSides, Cast5AvxFailsOverAPlantedCast5GenericOnlyOnItsSide)
{
	const fs::path tree = tree_of("6.12");
	if (!fs::is_regular_file(tree / "arch/x86/crypto/cast5_avx_glue.c"))
		GTEST_SKIP() << "no 6.12 tree at " << tree << " (tools/kernel-tree/prepare)";
	const fs::path dir = work / "sides-cast5";
	const fs::path planted = planted_copy(tree, "crypto/cast5_generic.c", dir / "planted",
					      "r = t ^ F1(r, Km[0], Kr[0]);",
					      "r = t ^ F2(r, Km[0], Kr[0]);");
	const std::string t = "--kernel-tree '" + tree.string() + "' ";
	for (const char *side : {"before", "after"}) {
		fs::path d = dir / side;
		fs::create_directories(d);
		const std::string generic = side == std::string("before") ? "crypto/cast5_generic.c"
									  : planted.string();
		build(d, t + "'" + generic + "' -o '" + (d / "cast5_generic.so").string() + "'");
		const std::string deps = "--depends '" + (d / "cast5_generic.so").string() + "' ";
		// (the file before --depends, which takes several)
		build(d, t + "arch/x86/crypto/cast5_avx_glue.c " + deps + "-o '" +
			 (d / "cast5_avx.so").string() + "'");
		build(d, t + "arch/x86/crypto/cast5_avx_glue.c " + deps + "--relocatable -o '" +
			 (d / "cast5_avx.ko").string() + "'");
	}

	// each side's own consumer build, and the before side's build loaded on both sides
	for (const char *kind : {"cast5_avx.so", "cast5_avx.ko"}) {
		for (bool shared : {false, true}) {
			const std::string before = (dir / "before" / kind).string();
			const std::string after = shared ? before : (dir / "after" / kind).string();
			for (const auto &order : both_orders) {
				std::string out;
				const std::string what = std::string(kind) + (shared ? " (one build)" : "") +
							 ", " + order[0] + " first";
				run_cli(modules(order, dir, "cast5_generic.so", before, after) + " selftest " + t,
					dir / "selftest.log", &out);
				for (const char *d : {"cast5-generic", "ecb-cast5-avx", "cbc-cast5-avx"}) {
					EXPECT_EQ(result_of(out, d + std::string("@after")), "FAILED")
						<< what << ": " << d << "@after\n" << out;
					EXPECT_EQ(result_of(out, d + std::string("@before")), "passed")
						<< what << ": " << d << "@before\n" << out;
				}
			}
		}
	}

	// the listing names each side's provider
	std::string out;
	ASSERT_EQ(run_cli(modules({"before", "after"}, dir, "cast5_generic.so",
				  (dir / "before/cast5_avx.so").string(), (dir / "after/cast5_avx.ko").string()) +
				  " list --modules",
			  dir / "list.log", &out),
		  0) << out;
	EXPECT_TRUE(has_line(out, R"(^cast5_avx@before +__cast5_encrypt +cast5_generic@before$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^cast5_avx@after +__cast5_encrypt +cast5_generic@after$)")) << out;
	EXPECT_TRUE(has_line(out, R"(^cast5_avx@after +.*cast5_avx\.ko +relocatable, )")) << out;

	// an after consumer with only the before side's provider loaded: an error naming both
	for (const char *kind : {"cast5_avx.so", "cast5_avx.ko"}) {
		EXPECT_NE(run_cli("-m '" + (dir / "before/cast5_generic.so").string() + "@before' -m '" +
					  (dir / "after" / kind).string() + "@after' list",
				  dir / "error.log", &out),
			  0) << out;
		EXPECT_TRUE(has_line(out, "symbol __cast5_[a-z]+ is exported only by "
					  "cast5_generic@before \\(another side\\): a module of side "
					  "after binds only to side after"))
			<< kind << "\n" << out;
	}
}

TEST_F(DropinSides, LibraryConsumerFailsOverAPlantedCrcT10difLibraryOnlyOnItsSide)
{
	const fs::path tree = tree_of("7.3");
	if (!fs::is_regular_file(tree / "lib/crc/crc-t10dif-main.c"))
		GTEST_SKIP() << "no 7.3 tree at " << tree << " (tools/kernel-tree/prepare)";
	const fs::path dir = work / "sides-crc-t10dif";
	const fs::path planted = planted_copy(tree, "lib/crc/crc-t10dif-main.c", dir / "planted",
					      "return crc_t10dif_arch(crc, p, len);",
					      "return crc_t10dif_arch(crc ^ 1, p, len);");
	const std::string t = "--kernel-tree '" + tree.string() + "' ";
	for (const char *side : {"before", "after"}) {
		fs::path d = dir / side;
		fs::create_directories(d);
		std::string replace = side == std::string("after")
			? "--replace '" + planted.string() + "' " : "";
		build(d, t + "lib/crc/crc-t10dif-main.c " + replace + "-o '" +
			 (d / "crc-t10dif.so").string() + "'");
	}
	for (const auto &order : both_orders) {
		std::string out;
		run_cli(modules(order, dir, "crc-t10dif.so", CRCT10DIF_LIB_MODULE, CRCT10DIF_LIB_MODULE) +
				" selftest",
			dir / "selftest.log", &out);
		EXPECT_EQ(result_of(out, "crct10dif-lib@after"), "FAILED") << order[0] << " first\n" << out;
		EXPECT_EQ(result_of(out, "crct10dif-lib@before"), "passed") << order[0] << " first\n" << out;
	}
}

}  // namespace
