// SPDX-License-Identifier: GPL-2.0
// The hash templates of a 6.x tree, built unmodified with `kcshim build` and loaded after 6.1's
// aes_generic, sha256_generic and ghash-generic (suffix @k): cmac.c and xcbc.c make shash
// instances (shash_register_instance()), ccm.c a cbcmac shash instance and ccm AEADs that run it
// as an ahash, gcm.c AEADs that run ghash as an ahash (and crypto_null's null skcipher),
// essiv.c an skcipher over cbc(aes) keyed by a sha256 of the key (authenc.c's key parsing,
// crypto_alg_mod_lookup()). Each instance, made on lookup, passes the tree's vectors.
//
// The tree: $KCSHIM_TREE_6_1, else build/kernel-trees/linux-source-6.1
// (tools/kernel-tree/prepare); skipped when neither exists.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "tests/tools/dropin/tree73_cli.h"

namespace fs = std::filesystem;

namespace {

using namespace dropin_test;

TEST(DropinTemplate, HashTemplates61PassTheTreesVectors)
{
	fs::path tree = tree_of("6.1");
	if (!fs::is_regular_file(tree / "crypto/cmac.c"))
		GTEST_SKIP() << "no 6.1 kernel tree " << tree
			     << " (set KCSHIM_TREE_6_1 or run tools/kernel-tree/prepare)";
	fs::path dir = work / "template-hash-6.1";
	fs::create_directories(dir);

	// each file after those it links against (--depends), loaded in this order
	const std::vector<std::pair<std::string, std::string>> modules = {
		{"aes_generic", ""},	{"sha256_generic", ""}, {"ghash-generic", ""},
		{"crypto_null", ""},	{"authenc", ""},	{"cmac", ""},
		{"xcbc", ""},		{"ccm", ""},		{"gcm", "crypto_null"},
		{"essiv", "authenc"},
	};
	std::string load, out;
	for (const auto &[name, dep] : modules) {
		fs::path so = dir / (name + ".so");
		std::string args = "build -j1 --kernel-tree '" + tree.string() + "' crypto/" + name +
				   ".c -o '" + so.string() + "'";
		if (!dep.empty())
			args += " --depends '" + (dir / (dep + ".so")).string() + "'";
		ASSERT_EQ(run_cli(args, dir / (name + ".build.log"), &out), 0) << out;
		load += "-m '" + so.string() + "@k' ";
	}

	const std::vector<std::pair<std::string, std::string>> instances = {
		{"cmac(aes)", "cmac\\(aes-generic@k\\)"},
		{"xcbc(aes)", "xcbc\\(aes-generic@k\\)"},
		{"ccm(aes)", "ccm_base\\(ctr\\(aes-generic@k\\),cbcmac\\(aes-generic@k\\)\\)"},
		{"gcm(aes)", "gcm_base\\(ctr\\(aes-generic@k\\),ghash-generic@k\\)"},
		{"essiv(cbc(aes),sha256)", "essiv\\(cbc\\(aes-generic@k\\),sha256-generic@k\\)"},
	};
	std::string vectors = " --kernel-tree '" + tree.string() + "'";
	for (const auto &[name, driver] : instances) {
		std::string alg = std::regex_replace(name, std::regex("[()]"), "\\$&");
		int rc = run_cli(load + "selftest '" + name + "'" + vectors, dir / "selftest.log", &out);
		EXPECT_EQ(rc, 0) << name << "\n" << out;
		EXPECT_TRUE(has_line(out, "^" + driver + " +" + alg +
					  " +kernel-6\\.1 +[1-9][0-9]* vectors +[1-9][0-9]* runs +passed$"))
			<< name << "\n" << out;
	}
}

}  // namespace
