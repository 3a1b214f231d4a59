// SPDX-License-Identifier: GPL-2.0
// The report's verdict and its b4 forms on reports made here: a case that got worse, a module
// that stopped building, a patch of a series that does not build, or an after driver that
// differs from the kernel's fails it (exit 1, "ERROR:" lines for b4 am, status fail for b4's
// review checks); so does a new compiler warning in a touched file; a module neither side builds
// and a result changed as the patch means (--behaviour-change) are noted, not failed; a clean
// report is silent for b4 am.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tools/patch_check/report.h"

namespace {

using namespace kcshim::patch_check;

Report clean_report()
{
	Report r;
	r.series_size = 1;
	r.patches.push_back({"crypto: x: y", true, "", {}, "", {}, {}, {}});
	r.reach = Reach{};
	r.drivers_before = DriverSide{};
	r.drivers_before->name = "before";
	r.drivers_before->ran = true;
	r.drivers_after = DriverSide{};
	r.drivers_after->name = "after";
	r.drivers_after->ran = true;
	return r;
}

std::string b4_am(const Report &r)
{
	std::ostringstream out;
	write_b4_am(r, out);
	return out.str();
}

std::string b4_status(const Report &r)
{
	std::ostringstream out;
	write_b4_review(r, out);
	return nlohmann::json::parse(out.str()).at(0).at("status");
}

TEST(PatchCheckReport, CleanReportPassesSilently)
{
	const Report r = clean_report();
	EXPECT_EQ(r.exit_code(), 0);
	EXPECT_EQ(b4_am(r), "");
	EXPECT_EQ(b4_status(r), "pass");
}

TEST(PatchCheckReport, EachKindOfWorseFailsIt)
{
	Report kunit = clean_report();
	kunit.regressions = {"sha3.test_x: passed before, fails after"};
	Report build = clean_report();
	build.driver_regressions = {"sha3: built before, does not build after"};
	Report series = clean_report();
	series.patches[0].build_failures = {"libsha3: lib/crypto/sha3.c:1:1: error: x"};
	Report kernel = clean_report();
	kernel.xcheck = XcheckEvidence{"uml", {"sha3-256-lib@after"}, {}, true, false, "", ""};
	Report stopped = clean_report();
	stopped.series_size = 2;	// the second patch did not apply
	for (const Report *r : {&kunit, &build, &series, &kernel, &stopped}) {
		EXPECT_EQ(r->exit_code(), 1);
		EXPECT_EQ(b4_status(*r), "fail");
	}
	EXPECT_EQ(b4_am(kunit), "ERROR: kunit: sha3.test_x: passed before, fails after\n");
	EXPECT_EQ(b4_am(series), "ERROR: crypto: x: y: does not build: libsha3: lib/crypto/sha3.c:1:1: error: x\n");
}

TEST(PatchCheckReport, ModuleNeitherSideBuildsIsANoteNotAFailure)
{
	Report r = clean_report();
	r.drivers_before->build_failures = {"mldsa: crypto/mldsa.c:7:10: fatal error: x.h"};
	r.drivers_after->build_failures = {"mldsa: crypto/mldsa.c:7:10: fatal error: x.h"};
	EXPECT_EQ(r.exit_code(), 0);
	EXPECT_EQ(b4_am(r), "not built before or after: mldsa: crypto/mldsa.c:7:10: fatal error: x.h\n");
	EXPECT_EQ(b4_status(r), "warn");
}

TEST(PatchCheckReport, NewWarningInATouchedFileFailsIt)
{
	Report moved = clean_report();	// the same warning, on another line after the patch
	moved.warnings_before = {"lib/crypto/sha3.c:10:5: warning: unused variable 'x' [-Wunused-variable]"};
	moved.warnings_after = {"lib/crypto/sha3.c:14:5: warning: unused variable 'x' [-Wunused-variable]"};
	EXPECT_EQ(moved.exit_code(), 0);
	Report added = moved;
	added.warnings_after.push_back("lib/crypto/sha3.c:20:1: warning: no previous prototype for 'f' "
				       "[-Wmissing-prototypes]");
	EXPECT_EQ(added.exit_code(), 1);
	EXPECT_EQ(b4_am(added), "ERROR: new compiler warning: lib/crypto/sha3.c:20:1: warning: no "
				"previous prototype for 'f' [-Wmissing-prototypes]\n");
}

TEST(PatchCheckReport, ResultChangedAsMeantIsANote)
{
	Report r = clean_report();
	r.result_changes = {"sha3-256-lib@after: differs from its before driver: case 1"};
	EXPECT_EQ(r.exit_code(), 0);
	EXPECT_EQ(b4_status(r), "warn");
	EXPECT_NE(b4_am(r).find("changed as meant (--behaviour-change): sha3-256-lib@after"),
		  std::string::npos);
}

}  // namespace
