// SPDX-License-Identifier: GPL-2.0
// Size before and after as bloat-o-meter prints it: module_init()'s __LINE__ in the shim's
// initcall names gives no false add and remove; grown, shrunk, added and removed symbols are
// counted and sorted by delta; a real file's sizes are read with nm and size.
#include <gtest/gtest.h>

#include <sstream>

#include "tools/patch_check/size_evidence.h"

// a symbol of this program for nm to find
extern "C" __attribute__((used, noinline)) int kcshim_size_evidence_probe(int x)
{
	return x * 3 + 1;
}

namespace {

using namespace kcshim::patch_check;

TEST(SizeEvidence, InitcallLineNumbersAreNotPartOfTheName)
{
	EXPECT_EQ(normalized_symbol("__kcshim_initcall_cast5_mod_init534"),
		  "__kcshim_initcall_cast5_mod_init");
	EXPECT_EQ(normalized_symbol("__kcshim_exitcall_cast5_mod_fini12"),
		  "__kcshim_exitcall_cast5_mod_fini");
	// anything else keeps its digits: sha512 is not sha
	EXPECT_EQ(normalized_symbol("sha512_block"), "sha512_block");
	EXPECT_EQ(normalized_symbol("key_schedule.constprop.0"), "key_schedule.constprop.0");
}

TEST(SizeEvidence, DiffCountsAndSortsAsBloatOMeter)
{
	ModuleSize before, after;
	before.text = 1000, after.text = 900, before.data = after.data = 100;
	before.symbols = {{"__cast5_encrypt", 1905}, {"__cast5_decrypt", 1909}, {"gone", 10},
			  {"same", 5}, {normalized_symbol("__kcshim_initcall_init534"), 31}};
	after.symbols = {{"__cast5_encrypt", 981}, {"__cast5_decrypt", 956}, {"new", 7},
			 {"same", 5}, {normalized_symbol("__kcshim_initcall_init540"), 31}};
	std::ostringstream out;
	EXPECT_EQ(print_size_diff("cast5_generic", before, after, out), -100);
	const std::string text = out.str();
	EXPECT_NE(text.find("cast5_generic: add/remove: 1/1 grow/shrink: 0/2 up/down: 7/-1887 (-1880)\n"),
		  std::string::npos) << text;
	// the largest growth first, the largest shrink last
	EXPECT_LT(text.find("\nnew "), text.find("\ngone "));
	EXPECT_LT(text.find("\n__cast5_encrypt "), text.find("\n__cast5_decrypt "));
	EXPECT_EQ(text.find("initcall"), std::string::npos) << text;
	EXPECT_NE(text.find("text 1000 -> 900, data 100 -> 100"), std::string::npos) << text;
}

TEST(SizeEvidence, ReadsARealFile)
{
	std::string error;
	auto size = module_size(fs::read_symlink("/proc/self/exe"), &error);	// not nm's own
	ASSERT_TRUE(size) << error;
	EXPECT_GT(size->text, 0u);
	EXPECT_TRUE(size->symbols.contains("kcshim_size_evidence_probe"));
	EXPECT_FALSE(module_size("/nonexistent.so", &error));
	EXPECT_NE(error, "");
}

}  // namespace
