// SPDX-License-Identifier: GPL-2.0
// kcshim compare on two saved files: written to disk, loaded back, paired and summarised.
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>

#include "tools/speed/compare.h"
#include "tools/speed/error.h"

namespace kcshim::speed {
namespace {

SpeedReport one_driver(const std::string &driver, std::vector<double> cpb)
{
	SpeedReport r;
	r.alg = "sha3-256";
	r.kind = "hash";
	r.drivers = {driver};
	r.baseline = driver;
	unsigned int blocks[] = {16, 64, 64};
	unsigned int updates[] = {16, 16, 64};
	for (size_t i = 0; i < cpb.size(); i++) {
		SpeedRow row{static_cast<unsigned int>(i), blocks[i], updates[i], {}};
		row.results[driver] = {1000 / cpb[i], cpb[i], 0, {}, {}};
		r.rows.push_back(row);
	}
	return r;
}

class CompareFiles : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir_ = std::filesystem::temp_directory_path() /
		       ("kcshim-compare-" + std::to_string(getpid()));
		std::filesystem::create_directories(dir_);
	}
	void TearDown() override { std::filesystem::remove_all(dir_); }
	std::string path(const char *name) { return (dir_ / name).string(); }
	std::filesystem::path dir_;
};

TEST_F(CompareFiles, BeforeAfterSpeedupAndGeomean)
{
	save_report(one_driver("sha3-256-generic", {100, 40, 30}), path("before.json"));
	save_report(one_driver("sha3-256-new", {50, 40, 10}), path("after.json"));
	Comparison c = compare_reports(load_report(path("before.json")), "",
				       load_report(path("after.json")), "", Metric::cycles_per_byte);
	ASSERT_EQ(c.rows.size(), 3u);
	EXPECT_DOUBLE_EQ(c.rows[0].speedup, 2.0);
	EXPECT_DOUBLE_EQ(c.rows[1].speedup, 1.0);
	EXPECT_DOUBLE_EQ(c.rows[2].speedup, 3.0);
	EXPECT_NEAR(c.geomean, std::cbrt(6.0), 1e-12);

	std::string table = comparison_table(c);
	EXPECT_NE(table.find(" block  update     before      after  speedup"), std::string::npos)
		<< table;
	EXPECT_NE(table.find("    16      16     100.00      50.00    2.00x"), std::string::npos)
		<< table;
	EXPECT_NE(table.find("geomean"), std::string::npos) << table;

	Comparison m = compare_reports(load_report(path("before.json")), "",
				       load_report(path("after.json")), "", Metric::mb_per_s);
	EXPECT_NEAR(m.rows[2].speedup, 3.0, 1e-12);	// throughput rises as cycles fall
}

TEST_F(CompareFiles, MissingDriverIsAnError)
{
	SpeedReport r = one_driver("a", {1});
	EXPECT_THROW(compare_reports(r, "b", r, "", Metric::cycles_per_byte), Error);
	EXPECT_THROW(load_report(path("missing.json")), Error);
}

}  // namespace
}  // namespace kcshim::speed
