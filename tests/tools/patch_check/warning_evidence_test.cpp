// SPDX-License-Identifier: GPL-2.0
// The compiler warnings patch-check counts: only those in the touched files, tree-relative, each
// once however many modules compile the file; a new one is told from one the patch only moved.
#include <gtest/gtest.h>

#include "tools/patch_check/warning_evidence.h"

namespace {

using namespace kcshim::patch_check;

const char build_output[] =
	"/t/lib/crypto/sha3.c:161:13: warning: unused variable 'u' [-Wunused-variable]\n"
	"/t/lib/crypto/sha3.c: In function 'f':\n"
	"/t/include/linux/x.h:3:1: warning: not a touched file [-Wunused-function]\n"
	"/t/lib/crypto/sha3.c:161:13: warning: unused variable 'u' [-Wunused-variable]\n"
	"/t/crypto/sha3.c:9:2: error: not a warning\n"
	"/other/lib/crypto/sha3.c:5:1: warning: another tree's file\n"
	"/t/crypto/sha3.c:20: warning: no column\n";

TEST(WarningEvidence, OnlyTouchedFilesEachOnceTreeRelative)
{
	const auto found = warnings_in(build_output, "/t", {"lib/crypto/sha3.c", "crypto/sha3.c"});
	ASSERT_EQ(found.size(), 2u);
	EXPECT_EQ(found[0], "lib/crypto/sha3.c:161:13: warning: unused variable 'u' [-Wunused-variable]");
	EXPECT_EQ(found[1], "crypto/sha3.c:20: warning: no column");
	EXPECT_TRUE(warnings_in(build_output, "/t", {"lib/crypto/aes.c"}).empty());
}

TEST(WarningEvidence, MovedWarningIsNotNewOneMoreIs)
{
	const std::vector<std::string> before = {"a.c:10:5: warning: unused variable 'x'"};
	EXPECT_TRUE(new_warnings(before, {"a.c:30:5: warning: unused variable 'x'"}).empty());
	const std::vector<std::string> twice = {"a.c:10:5: warning: unused variable 'x'",
						"a.c:40:5: warning: unused variable 'x'"};
	EXPECT_EQ(new_warnings(before, twice),
		  std::vector<std::string>{"a.c:40:5: warning: unused variable 'x'"});
	EXPECT_EQ(new_warnings({}, before), before);
}

}  // namespace
