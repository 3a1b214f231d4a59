// SPDX-License-Identifier: GPL-2.0
// An lskcipher driver from a 7.x tree: 7.3's crypto/arc4.c (an lskcipher since 6.7) built
// unmodified with `kcshim build`, loaded with a suffix and self-tested with the tree's testmgr
// vectors, which test it through ecb(arc4) and the skcipher API (generic_driver arc4-generic),
// then with the extra tests: ecb(arc4-generic@k), the ecb instance over it, against arc4-generic@k.
//
// The tree: $KCSHIM_TREE_7_3, else build/kernel-trees/linux-source-7.3 (tools/kernel-tree/prepare);
// skipped when neither exists. KCSHIM_TEST_SEED=<n> replays the extra tests' random cases.
#include <filesystem>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "tests/tools/dropin/tree73_cli.h"

#include "tests/support/seed.h"

namespace fs = std::filesystem;

namespace {

using namespace dropin_test;

uint64_t seed()
{
	return kcshim_test::test_seed();
}

TEST(DropinLskcipher, Arc4From73PassesItsKernelVectorsAndExtraTests)
{
	fs::path tree = tree_7_3();
	if (!fs::is_regular_file(tree / "crypto/arc4.c"))
		GTEST_SKIP() << "no 7.3 kernel tree " << tree
			     << " (set KCSHIM_TREE_7_3 or run tools/kernel-tree/prepare)";
	fs::path dir = work / "lskcipher-7.3";
	fs::create_directories(dir);
	fs::path module = dir / "arc4.so";
	std::string out;
	// arc4_setkey() and arc4_crypt() come from lib/crypto/arc4.c, which CRYPTO_ARC4 selects
	ASSERT_EQ(run_cli("build --kernel-tree '" + tree.string() + "' crypto/arc4.c -o '" +
				 module.string() + "'",
			 dir / "build.log", &out),
		  0)
		<< out;

	std::string load = "-m '" + module.string() + "@k' ";
	ASSERT_EQ(run_cli(load + "list", dir / "list.log", &out), 0) << out;
	EXPECT_TRUE(has_line(out, "^driver       : arc4-generic@k\n(.+\n)*?type         : lskcipher$"))
		<< out;

	std::string args = load + "selftest --kernel-tree '" + tree.string() +
			   "' --extra --fuzz-iterations 20 --seed " + std::to_string(seed());
	int rc = run_cli(args, dir / "selftest.log", &out);
	EXPECT_EQ(rc, 0) << "kcshim " << args << "\n" << out;
	// the lskcipher itself, through ecb(arc4)'s vectors, and the ecb instance over it
	EXPECT_TRUE(has_line(out, "^arc4-generic@k +ecb\\(arc4\\) +kernel-7\\.3 +[1-9][0-9]* vectors +"
				  "[1-9][0-9]* runs +passed$"))
		<< out;
	EXPECT_TRUE(has_line(out, "^ecb\\(arc4-generic@k\\) +ecb\\(arc4\\) +kernel-7\\.3 +[1-9][0-9]* "
				  "vectors +[1-9][0-9]* runs +passed$"))
		<< out;
	EXPECT_TRUE(has_line(out, "^ecb\\(arc4-generic@k\\) +ecb\\(arc4\\) +vs arc4-generic@k +160 "
				  "cases +320 runs +passed$"))
		<< out << "\nKCSHIM_TEST_SEED=" << seed();
	EXPECT_FALSE(has_line(out, "FAILED")) << out;
}

}  // namespace
