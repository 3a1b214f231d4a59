// SPDX-License-Identifier: GPL-2.0
// What the tests of `kcshim patch-check` on the 7.3 tree share: patches made from the tree's own
// files (no kernel text is kept in the repository), the CLI run as a reviewer runs it, and a
// check that the user's tree is never written. Skipped without the 7.3 tree.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>

#include "tests/tools/dropin/tree73_cli.h"

namespace patch_check_test {

using namespace dropin_test;


inline std::string slurp(const fs::path &p)
{
	std::ifstream in(p);
	return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// 'path', for the shell (built by +=: gcc 12 -O3 -Wrestrict misfires on "'" + string&&)
inline std::string quoted(const fs::path &p)
{
	std::string q = "'";
	q += p.string();
	q += '\'';
	return q;
}

// text with its first from replaced by to (which must be there)
inline std::string replaced(std::string text, const std::string &from, const std::string &to)
{
	const size_t at = text.find(from);
	EXPECT_NE(at, std::string::npos) << from;
	if (at != std::string::npos)
		text.replace(at, from.size(), to);
	return text;
}

class PatchCheckCli : public Tree73CliTest {
protected:
	void SetUp() override
	{
		Tree73CliTest::SetUp();
		if (!IsSkipped())
			original_ = slurp(tree_ / file_);
	}
	void TearDown() override
	{
		if (!original_.empty()) {
			EXPECT_EQ(slurp(tree_ / file_), original_) << "patch-check wrote the user's tree";
		}
	}

	// A format-patch mail changing file (file_ by default) by replacing from with to (which
	// must be there).
	std::string make_patch(const std::string &subject, const std::string &from,
			       const std::string &to, const std::string &name)
	{
		return make_patch_of(file_, original_, subject, from, to, name);
	}
	std::string make_patch_of(const std::string &file, const std::string &original,
				  const std::string &subject, const std::string &from,
				  const std::string &to, const std::string &name)
	{
		const std::string edited = replaced(original, from, to);
		const fs::path a = dir_ / (name + ".a"), b = dir_ / (name + ".b");
		std::ofstream(a) << original;
		std::ofstream(b) << edited;
		const fs::path diff = dir_ / (name + ".diff");
		std::system(("diff -u --label a/" + file + " --label b/" + file + " '" + a.string() +
			     "' '" + b.string() + "' > '" + diff.string() + "'").c_str());
		return "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"
		       "From: kcshim test <test@kcshim.invalid>\n"
		       "Subject: [PATCH] " + subject + "\n\nMade by patch_check_cli_test.\n---\n" +
		       "diff --git a/" + file + " b/" + file + "\n" + slurp(diff) + "-- \n2.39.5\n\n";
	}
	fs::path write(const std::string &name, const std::string &text)
	{
		std::ofstream(dir_ / name) << text;
		return dir_ / name;
	}
	int patch_check(const std::string &args, std::string *out)
	{
		return run_cli("patch-check --kernel-tree '" + tree_.string() + "' --out '" +
				       (dir_ / "out").string() + "' " + args,
			       dir_ / "out.log", out);
	}

	const std::string file_ = "lib/crypto/sha3.c";
	std::string original_;
};

// the second round constant of Keccak-f[1600] (FIPS 202), a fact not code
inline const char round_constant[] = "0x0000000000008082ULL";
inline const char planted_constant[] = "0x0000000000008083ULL";
// a comment beside it: a change that must not change any result
inline const char annotated_constant[] = "0x0000000000008082ULL /* round 1 */";

}  // namespace patch_check_test
