// SPDX-License-Identifier: GPL-2.0
// The kernel's own tcrypt.ko in user-mode Linux beside ours: every one of our lines must find the
// kernel's line with the same test index, and the ratio column must be there. No speed asserted.
#include <filesystem>

#include <gtest/gtest.h>

#include "run_cli.h"

namespace kcshim::test {
namespace {

TEST(TcryptUml, Mode306SideBySide)
{
	if (!std::filesystem::exists("/usr/lib/uml/modules"))
		GTEST_SKIP() << "user-mode-linux is not installed";
	CliResult r = run_cli({"tcrypt", "--kernel", "uml", "mode=306", "sec=1"});
	ASSERT_EQ(r.status, 0) << r.out << r.err;
	EXPECT_NE(r.out.find("kcshim ops/s   kernel ops/s"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("geometric mean ratio (kcshim / kernel) over 22 lines"),
		  std::string::npos)
		<< r.out;
}

TEST(TcryptUml, CyclesModeIsRefused)
{
	CliResult r = run_cli({"tcrypt", "--kernel", "uml", "mode=306"});
	EXPECT_NE(r.status, 0);
	EXPECT_NE(r.err.find("needs sec=N"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kcshim::test
