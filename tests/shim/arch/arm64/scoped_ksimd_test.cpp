// SPDX-License-Identifier: GPL-2.0
// scoped_ksimd() ends its NEON section however the block is left, as the kernel's guard does.
// lib/crc/arm64/crc-t10dif.h returns from inside one: a section left open there made every later
// kernel_neon_begin() a nested one, and the caller's d8-d15 were never put back.
#include <gtest/gtest.h>

#include <string>

#include <asm/neon.h>

extern "C" {
int scoped_ksimd_returns_from_inside(int value);
int scoped_ksimd_breaks_out(int value);
int scoped_ksimd_runs_to_the_end(int value);
}

namespace {

// What the shim reports (write(2) to stderr) for one section opened and closed after @leave.
template <typename Leave>
std::string reports_after(Leave leave)
{
	testing::internal::CaptureStderr();
	leave();
	kernel_neon_begin();
	kernel_neon_end();
	return testing::internal::GetCapturedStderr();
}

TEST(ScopedKsimd, AReturnFromInsideEndsTheSection)
{
	int result = 0;
	EXPECT_EQ(reports_after([&] { result = scoped_ksimd_returns_from_inside(41); }), "");
	EXPECT_EQ(result, 42);
}

TEST(ScopedKsimd, ABreakOutEndsTheSection)
{
	int result = 0;
	EXPECT_EQ(reports_after([&] { result = scoped_ksimd_breaks_out(1); }), "");
	EXPECT_EQ(result, 2);
}

TEST(ScopedKsimd, TheBlockRunsOnceInsideOneSection)
{
	int result = 0;
	EXPECT_EQ(reports_after([&] { result = scoped_ksimd_runs_to_the_end(7); }), "");
	EXPECT_EQ(result, 8);
}

// The check itself: a section left open is what the shim reports as nested (the section
// reports_after() opens then closes it: nesting counts no depth).
TEST(ScopedKsimd, ASectionLeftOpenIsReportedAsNested)
{
	std::string reports = reports_after([] { kernel_neon_begin(); });
	EXPECT_NE(reports.find("kernel_neon_begin() nested"), std::string::npos) << reports;
}

}  // namespace
