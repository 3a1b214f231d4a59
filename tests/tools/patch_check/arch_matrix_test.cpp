// SPDX-License-Identifier: GPL-2.0
// patch-check's columns per --arch, read back from reports that write_json made here: each
// column's cells come from its own report (vectors, KUnit counts, warnings, speed marked as
// qemu's), a column that failed makes the whole check fail with its findings under its arch's
// name, a run that left no report is a column that did not run, and the Markdown carries each
// arch's own report under its heading.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tools/patch_check/arch_matrix.h"
#include "tools/patch_check/report.h"

namespace {

namespace fs = std::filesystem;
using namespace kcshim::patch_check;

class ArchMatrix : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir_ = fs::temp_directory_path() /
		       ("arch_matrix_test." + std::to_string(::getpid()) + "." +
			::testing::UnitTest::GetInstance()->current_test_info()->name());
		fs::remove_all(dir_);
		fs::create_directories(dir_);
	}
	void TearDown() override { fs::remove_all(dir_); }

	// A report of arch, its drivers passing their vectors, KUnit passing `passed` cases.
	static Report report_of(const std::string &arch, const std::string &emulation, int passed)
	{
		Report r;
		r.series_size = 1;
		r.machine.arch = arch;
		r.machine.cpu = "AMD EPYC";
		r.machine.emulation = emulation;
		r.patches.push_back({"lib/crypto: sha512: x", true, "", {}, "", {}, {}, {}});
		r.reach = Reach{};
		for (auto *side : {&r.drivers_before, &r.drivers_after}) {
			side->emplace();
			(*side)->ran = true;
			(*side)->built = {"sha512"};
			(*side)->vectors = {{"sha512-generic", "sha512", true, "4 vectors"},
					    {"sha384-generic", "sha384", true, "4 vectors"}};
		}
		r.drivers_after->extra = {{"sha512-generic@after", "sha512", true, ""}};
		for (auto *side : {&r.before, &r.after}) {
			side->emplace();
			(*side)->ran = true;
			kcshim::kunit_tool::SuiteResult suite;
			suite.name = "sha512";
			for (int i = 0; i < passed; i++) {
				kcshim::kunit_tool::CaseResult c;
				c.name = "test_" + std::to_string(i);
				suite.cases.push_back(c);
			}
			(*side)->run.suites.push_back(suite);
		}
		r.emulation = emulation;
		SpeedBlock block;
		block.driver = "sha512-lib";
		block.geomean = "1.01x";
		r.speed.push_back(block);
		return r;
	}

	ArchColumn column_of(const std::string &arch, const Report &r)
	{
		const fs::path dir = dir_ / arch;
		fs::create_directories(dir);
		std::ofstream(dir / "report.json") << [&] {
			std::ostringstream json;
			write_json(r, json);
			return json.str();
		}();
		std::ofstream(dir / "report.md") << "the " << arch << " report\n";
		return load_arch_column(arch, "", dir, r.exit_code(), "");
	}

	static std::string printed(const std::vector<ArchColumn> &columns)
	{
		std::ostringstream out;
		print_summary(columns, out);
		return out.str();
	}

	fs::path dir_;
};

TEST_F(ArchMatrix, EachColumnIsItsOwnReport)
{
	const auto columns = std::vector{
		column_of("x86_64", report_of("x86_64", "", 20)),
		column_of("arm64", report_of("arm64", "qemu-user: an arm64 program on an x86-64 host", 18))};
	const std::string text = printed(columns);
	EXPECT_NE(text.find("x86_64"), std::string::npos) << text;
	EXPECT_NE(text.find("natively, AMD EPYC"), std::string::npos) << text;
	EXPECT_NE(text.find("qemu-user -cpu max on AMD EPYC"), std::string::npos) << text;
	EXPECT_NE(text.find("20 passed, 0 failed, 0 skipped  18 passed, 0 failed, 0 skipped"),
		  std::string::npos)
		<< text;
	EXPECT_NE(text.find("2/2 drivers passed"), std::string::npos) << text;
	EXPECT_NE(text.find("1/1 equal"), std::string::npos) << text;
	// the emulated column's speed says it is qemu's; the native one's does not
	const size_t speed = text.find("speed, geomean after/before");
	ASSERT_NE(speed, std::string::npos) << text;
	const std::string speed_line = text.substr(speed, text.find('\n', speed) - speed);
	EXPECT_EQ(speed_line.find("sha512-lib 1.01x "), speed_line.find("sha512-lib")) << speed_line;
	EXPECT_TRUE(speed_line.ends_with("sha512-lib 1.01x (qemu)")) << speed_line;
	EXPECT_NE(text.find("not the architecture's hardware speed"), std::string::npos) << text;
	EXPECT_EQ(arch_matrix_exit(columns), 0);
	EXPECT_NE(text.find("\nresult: ok\n"), std::string::npos) << text;
}

TEST_F(ArchMatrix, OneFailingArchFailsTheCheckUnderItsName)
{
	Report arm64 = report_of("arm64", "qemu-user", 18);
	arm64.driver_regressions = {"sha512-ce@after: passed its vectors before, fails after"};
	const auto columns = std::vector{column_of("x86_64", report_of("x86_64", "", 20)),
					 column_of("arm64", arm64)};
	EXPECT_EQ(arch_matrix_exit(columns), 1);
	const std::string text = printed(columns);
	EXPECT_NE(text.find("arm64: ERROR: sha512-ce@after: passed its vectors before"),
		  std::string::npos)
		<< text;
	EXPECT_NE(text.find("\nresult: FAIL\n"), std::string::npos) << text;
	std::ostringstream am;
	write_b4_am(columns, am);
	EXPECT_EQ(am.str(), "ERROR: arm64: sha512-ce@after: passed its vectors before, fails after\n");
	std::ostringstream review;
	write_b4_review(columns, review);
	EXPECT_EQ(nlohmann::json::parse(review.str()).at(0).at("status"), "fail");
}

TEST_F(ArchMatrix, ARunWithoutAReportDidNotRun)
{
	fs::create_directories(dir_ / "arm");
	const auto columns = std::vector{
		column_of("x86_64", report_of("x86_64", "", 20)),
		load_arch_column("arm", "cortex-a15", dir_ / "arm", 2,
				 "kcshim exited with 2: kcshim: --arch arm: no arm kcshim in build-arm")};
	EXPECT_FALSE(columns[1].reported());
	EXPECT_EQ(columns[1].title(), "arm (-cpu cortex-a15)");
	EXPECT_EQ(arch_matrix_exit(columns), 2);
	const std::string text = printed(columns);
	EXPECT_NE(text.find("did not run: kcshim exited with 2: kcshim: --arch arm: no arm kcshim"),
		  std::string::npos)
		<< text;
}

TEST_F(ArchMatrix, MarkdownHasTheTableAndEachArchsReport)
{
	const auto columns = std::vector{column_of("x86_64", report_of("x86_64", "", 20)),
					 column_of("arm64", report_of("arm64", "qemu-user", 18))};
	std::ostringstream md;
	write_markdown(columns, md);
	const std::string text = md.str();
	EXPECT_NE(text.find("| | x86_64 | arm64 |\n|---|---|---|\n"), std::string::npos) << text;
	EXPECT_NE(text.find("| KUnit after | 20 passed, 0 failed, 0 skipped | 18 passed"),
		  std::string::npos)
		<< text;
	EXPECT_NE(text.find("### arm64\n\nthe arm64 report\n"), std::string::npos) << text;
	std::ostringstream json;
	write_json(columns, json);
	const auto j = nlohmann::json::parse(json.str());
	EXPECT_EQ(j.at("arches").size(), 2u);
	EXPECT_EQ(j.at("arches").at(1).at("report").at("machine").at("arch"), "arm64");
}

}  // namespace
