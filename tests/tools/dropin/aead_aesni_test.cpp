// SPDX-License-Identifier: GPL-2.0
// AEAD drivers from a 7.x tree: 7.3's arch/x86/crypto/aesni-intel_glue.c (the AES skciphers and
// the gcm(aes) and rfc4106(gcm(aes)) AEADs, each in its AES-NI, AVX, VAES-AVX2 and VAES-AVX512
// flavour as the CPU allows) built unmodified with `kcshim build`, with its assembly, loaded with
// a suffix, listed as AEADs and self-tested with the tree's testmgr vectors. With --extra the
// AEADs are reported as not compared (kcshim has no gcm_base()/rfc4106() templates for testmgr's
// generic drivers): tested by their vectors only.
//
// The tree: $KCSHIM_TREE_7_3, else build/kernel-trees/linux-source-7.3 (tools/kernel-tree/prepare);
// skipped when neither exists, or when the CPU has no AES-NI (the module's init refuses it).
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "tests/tools/dropin/tree73_cli.h"

namespace fs = std::filesystem;

namespace {

using namespace dropin_test;

bool cpu_has_aesni()
{
	std::ifstream in("/proc/cpuinfo");
	std::string line;
	while (std::getline(in, line))
		if (line.rfind("flags", 0) == 0)
			return std::regex_search(line, std::regex(" aes( |$)"));
	return false;
}

class DropinAead : public ::testing::Test {
protected:
	void SetUp() override
	{
		tree = tree_7_3();
		if (!fs::is_regular_file(tree / "arch/x86/crypto/aesni-intel_glue.c"))
			GTEST_SKIP() << "no 7.3 kernel tree " << tree
				     << " (set KCSHIM_TREE_7_3 or run tools/kernel-tree/prepare)";
		if (!cpu_has_aesni())
			GTEST_SKIP() << "this CPU has no AES-NI: aesni-intel does not load";
		// one directory per test: ctest runs these tests in parallel processes
		dir = work / ("aead-7.3." +
			      std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
		fs::create_directories(dir);
		module = dir / "aesni-intel.so";
		std::string out;
		ASSERT_EQ(run_cli("build --kernel-tree '" + tree.string() +
					 "' arch/x86/crypto/aesni-intel_glue.c -o '" + module.string() +
					 "'",
				 dir / "build.log", &out),
			  0)
			<< out;
		load = "-m '" + module.string() + "@k' ";
	}
	fs::path tree, dir, module;
	std::string load;
};

TEST_F(DropinAead, AesniIntelFrom73RegistersItsGcmAeads)
{
	std::string out;
	ASSERT_EQ(run_cli(load + "list", dir / "list.log", &out), 0) << out;
	for (const char *driver : {"generic-gcm-aesni@k", "rfc4106-gcm-aesni@k"})
		EXPECT_TRUE(has_line(out, std::string("^driver       : ") + driver +
						  "\n(.+\n)*?selftest     : passed\n(.+\n)*?"
						  "type         : aead\n(.+\n)*?ivsize       : (12|8)\n"
						  "maxauthsize  : 16$"))
			<< driver << "\n" << out;
	// enc and dec take skciphers; an AEAD given to them is named as one
	EXPECT_EQ(run_cli(load + "enc 'gcm(aes)' --key 00112233445566778899aabbccddeeff < /dev/null",
			 dir / "enc.log", &out),
		  1);
	EXPECT_EQ(out, "kcshim: gcm(aes) is an AEAD: enc and dec take skciphers\n");
}

TEST_F(DropinAead, AesniIntelFrom73PassesTheKernelsAeadVectors)
{
	std::string out;
	std::string args = load + "selftest --kernel-tree '" + tree.string() + "'";
	ASSERT_EQ(run_cli(args, dir / "selftest.log", &out), 0) << "kcshim " << args << "\n" << out;
	// every flavour the CPU has, each vector under every configuration, both directions
	EXPECT_TRUE(has_line(out, "^generic-gcm-aesni@k +gcm\\(aes\\) +kernel-7\\.3 +[1-9][0-9]* "
				  "vectors +[1-9][0-9]* runs +passed$"))
		<< out;
	EXPECT_TRUE(has_line(out, "^rfc4106-gcm-aesni@k +rfc4106\\(gcm\\(aes\\)\\) +kernel-7\\.3 +"
				  "[1-9][0-9]* vectors +[1-9][0-9]* runs +passed$"))
		<< out;
	EXPECT_TRUE(has_line(out, "^xts-aes-aesni@k +xts\\(aes\\) +kernel-7\\.3 .* passed$")) << out;
	EXPECT_FALSE(has_line(out, "FAILED")) << out;
}

TEST_F(DropinAead, WithExtraTheAeadsAreTestedByTheirVectorsOnly)
{
	std::string out;
	std::string args = load + "selftest --kernel-tree '" + tree.string() +
			   "' --extra --fuzz-iterations 2 generic-gcm-aesni@k";
	// 77: a driver named was not compared
	EXPECT_EQ(run_cli(args, dir / "extra.log", &out), 77) << "kcshim " << args << "\n" << out;
	EXPECT_TRUE(has_line(out, "^generic-gcm-aesni@k +gcm\\(aes\\) +vs \\S+ +NOT COMPARED: no "
				  "generic driver .*: tested by its vectors only$"))
		<< out;
	EXPECT_FALSE(has_line(out, "FAILED")) << out;
}

}  // namespace
