// SPDX-License-Identifier: GPL-2.0
// The kernel's own tcrypt.ko in an embedded kernel beside ours: every one of our lines must find
// the kernel's line with the same test index, and the ratio column must be there. No speed
// asserted. The kernel is $KCSHIM_TEST_KERNEL (default uml; vm:arm64:6.12, vm:x86_64 ...), the
// mode $KCSHIM_TEST_TCRYPT_MODE (default 306), tests/tools/speed/CMakeLists.txt registers each.
#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "tests/support/run_cli.h"

namespace kcshim::test {
namespace {

std::string env_or(const char *name, const char *fallback)
{
	const char *v = std::getenv(name);
	return v && *v ? v : fallback;
}

TEST(GuestTcrypt, SideBySide)
{
	const std::string kernel = env_or("KCSHIM_TEST_KERNEL", "uml");
	if (kernel == "uml" && !std::filesystem::exists("/usr/lib/uml/modules"))
		GTEST_SKIP() << "user-mode-linux is not installed";
	std::vector<std::string> args = {"tcrypt", "--kernel", kernel};
	if (const std::string cpu = env_or("KCSHIM_TEST_CPU", ""); !cpu.empty())
		args.insert(args.end(), {"--cpu", cpu});
	args.insert(args.end(), {"mode=" + env_or("KCSHIM_TEST_TCRYPT_MODE", "306"), "sec=1"});
	CliResult r = run_cli(args);
	ASSERT_EQ(r.status, 0) << r.out << r.err;
	EXPECT_NE(r.out.find("kcshim ops/s   kernel ops/s"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("geometric mean ratio (kcshim / kernel) over "), std::string::npos)
		<< r.out;
	if (kernel != "uml") {	// TCG here: the figures are emulation's, and the output says so
		EXPECT_NE(r.out.find("measure qemu's emulation"), std::string::npos) << r.out;
	}
}

TEST(GuestTcrypt, CyclesModeIsRefused)
{
	CliResult r = run_cli({"tcrypt", "--kernel", "uml", "mode=306"});
	EXPECT_NE(r.status, 0);
	EXPECT_NE(r.err.find("needs sec=N"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace kcshim::test
