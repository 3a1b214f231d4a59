// SPDX-License-Identifier: GPL-2.0
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tools/speed/error.h"
#include "tools/speed/report.h"

namespace kcshim::speed {
namespace {

SpeedReport sample_report()
{
	SpeedReport r;
	r.alg = "sha3-256";
	r.kind = "hash";
	r.counter = "get_cycles(): rdtsc";
	r.sec = 0.25;
	r.repeat = 3;
	r.baseline = "sha3-256-generic";
	r.drivers = {"sha3-256-generic", "sha3-256-avx2"};
	SpeedRow row{0, 16, 16, {}};
	row.results["sha3-256-generic"] = {10.5, 80.25, 0.02, {10, 10.5, 10.7}, {81, 80.25, 79}};
	row.results["sha3-256-avx2"] = {21, 40.125, 0.01, {21, 21, 21.2}, {40, 40.125, 40.2}};
	r.rows.push_back(row);
	return r;
}

TEST(Report, JsonRoundTrip)
{
	SpeedReport r = sample_report();
	SpeedReport back = nlohmann::json::parse(report_to_json(r)).get<SpeedReport>();
	EXPECT_EQ(back.alg, r.alg);
	EXPECT_EQ(back.drivers, r.drivers);
	EXPECT_EQ(back.baseline, r.baseline);
	EXPECT_EQ(back.repeat, 3u);
	ASSERT_EQ(back.rows.size(), 1u);
	EXPECT_EQ(back.rows[0].block, 16u);
	EXPECT_DOUBLE_EQ(back.rows[0].results.at("sha3-256-avx2").cycles_per_byte, 40.125);
	EXPECT_EQ(back.rows[0].results.at("sha3-256-generic").runs_mb_per_s.size(), 3u);
	EXPECT_EQ(report_to_json(back), report_to_json(r));
}

TEST(Report, JsonCarriesSchemaVersion)
{
	auto j = nlohmann::json::parse(report_to_json(sample_report()));
	EXPECT_EQ(j.at("kcshim_speed"), report_schema_version);
	for (const char *key : {"alg", "kind", "counter", "core_cycles", "sec", "repeat", "baseline",
				"drivers", "rows"})
		EXPECT_TRUE(j.contains(key)) << key;
}

TEST(Report, RejectsOtherDocuments)
{
	EXPECT_THROW(nlohmann::json::parse(R"({"alg": "x"})").get<SpeedReport>(), Error);
	EXPECT_THROW(nlohmann::json::parse(R"({"kcshim_speed": 1, "alg": "x"})").get<SpeedReport>(),
		     Error);
}

// Numbers a report cannot hold are refused as they are read: a count that is negative, fractional
// or too big for unsigned (converting 1e300 is undefined), a measurement that is not finite
// (1e999 parses as infinity, which JSON cannot write back).
TEST(Report, RejectsNumbersItCannotHold)
{
	const std::string good = report_to_json(sample_report());
	EXPECT_NO_THROW(parse_report(good));
	for (const auto &[from, to] : std::vector<std::pair<std::string, std::string>>{
		     {"\"block\": 16", "\"block\": 1e300"},
		     {"\"block\": 16", "\"block\": -16"},
		     {"\"block\": 16", "\"block\": 4294967296"},
		     {"\"block\": 16", "\"block\": 16.5"},
		     {"\"repeat\": 3", "\"repeat\": -3"},
		     {"\"kcshim_speed\": 1", "\"kcshim_speed\": 1e300"},
		     {"\"sec\": 0.25", "\"sec\": 1e999"},
		     {"\"mb_per_s\": 21.0", "\"mb_per_s\": -1e999"},
	     }) {
		std::string bad = good;
		size_t at = bad.find(from);
		ASSERT_NE(at, std::string::npos) << from << " in " << good;
		bad.replace(at, from.size(), to);
		EXPECT_THROW(parse_report(bad), Error) << to;
	}
}

TEST(Report, CsvHasOneRowPerDriverAndLine)
{
	std::string csv = report_to_csv(sample_report());
	EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
	EXPECT_NE(csv.find("0,16,16,sha3-256-avx2,21.000,40.125,0.0100,2.000"), std::string::npos)
		<< csv;
}

}  // namespace
}  // namespace kcshim::speed
