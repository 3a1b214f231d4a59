// SPDX-License-Identifier: GPL-2.0
// A kernel template from a 7.x tree: 7.3's crypto/xts.c built unmodified with `kcshim build`
// and loaded after 7.3's crypto/aes.c (suffix @k). Its template makes xts(aes) on lookup, over
// aes.c's ecb(aes) and its aes-lib cipher (the tweak), and testmgr's generic driver
// xts(ecb(aes-lib@k)) over kcshim's ecb(); both pass the tree's xts(aes) vectors. Names the
// template cannot take are refused: no such inner (-ENOENT), an inner with an IV (-EINVAL).
//
// The tree: $KCSHIM_TREE_7_3, else build/kernel-trees/linux-source-7.3 (tools/kernel-tree/prepare);
// skipped when neither exists.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "tests/tools/dropin/tree73_cli.h"

namespace fs = std::filesystem;

namespace {

using namespace dropin_test;

TEST(DropinTemplate, Xts73OverAes73PassesTheTreesVectors)
{
	fs::path tree = tree_7_3();
	if (!fs::is_regular_file(tree / "crypto/xts.c"))
		GTEST_SKIP() << "no 7.3 kernel tree " << tree
			     << " (set KCSHIM_TREE_7_3 or run tools/kernel-tree/prepare)";
	fs::path dir = work / "template-xts-7.3";
	fs::create_directories(dir);
	fs::path aes = dir / "aes.so", xts = dir / "xts.so";
	std::string out;
	for (const auto &[src, so] : {std::pair{"crypto/aes.c", aes}, std::pair{"crypto/xts.c", xts}})
		ASSERT_EQ(run_cli("build --kernel-tree '" + tree.string() + "' " + src + " -o '" +
					 so.string() + "'",
				 dir / "build.log", &out),
			  0)
			<< out;

	std::string load = "-m '" + aes.string() + "@k' -m '" + xts.string() + "' ";
	ASSERT_EQ(run_cli(load + "list --instantiate 'xts(aes)'", dir / "list.log", &out), 0) << out;
	EXPECT_TRUE(has_line(out, "^name         : xts\\(aes\\)\ndriver       : "
				  "xts\\(ecb-aes-lib@k\\)\nmodule       : xts$"))
		<< out;

	std::string vectors = " --kernel-tree '" + tree.string() + "'";
	for (const char *name : {"xts(aes)", "xts(ecb(aes-lib@k))"}) {
		std::string driver = std::regex_replace(std::string(name) == "xts(aes)"
								? "xts(ecb-aes-lib@k)"
								: name,
							std::regex("[()]"), "\\$&");
		int rc = run_cli(load + "selftest '" + name + "'" + vectors, dir / "selftest.log", &out);
		EXPECT_EQ(rc, 0) << name << "\n" << out;
		EXPECT_TRUE(has_line(out, "^" + driver + " +xts\\(aes\\) +kernel-7\\.3 +5 vectors +"
					  "[1-9][0-9]* runs +passed$"))
			<< name << "\n" << out;
	}

	EXPECT_NE(run_cli(load + "list --instantiate 'xts(nope)'", dir / "bad.log", &out), 0);
	EXPECT_TRUE(has_line(out, "cannot instantiate xts\\(nope\\): -ENOENT")) << out;
	EXPECT_NE(run_cli(load + "list --instantiate 'xts(cbc(aes))'", dir / "bad.log", &out), 0);
	EXPECT_TRUE(has_line(out, "cannot instantiate xts\\(cbc\\(aes\\)\\): -EINVAL")) << out;
}

}  // namespace
