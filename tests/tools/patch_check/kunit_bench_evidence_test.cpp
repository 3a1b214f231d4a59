// SPDX-License-Identifier: GPL-2.0
// The rounds of patch-check's KUnit benchmarks, over runs made here: they end once a round
// raises no best by more than 2% (never before the third), or at the most rounds; the sides take
// turns first; each row keeps its best; a side that cannot run ends them and says why.
#include <gtest/gtest.h>

#include "tools/patch_check/kunit_bench_evidence.h"

namespace {

using namespace kcshim::patch_check;
using KunitRun = kcshim::kunit_tool::Run;

KunitRun run_with(double mb_per_s)
{
	KunitRun run;
	run.suites.push_back({"sha3", KCSHIM_KUNIT_SUCCESS, 0, {}});
	kcshim::kunit_tool::CaseResult c;
	c.name = "benchmark_hash";
	c.benchmark.push_back({"len=4096", "", mb_per_s, "MB/s"});
	run.suites.back().cases.push_back(c);
	return run;
}

TEST(KunitBench, SettlesAfterTheThirdRoundOnceNoBestRises)
{
	std::vector<int> order;
	const auto steady = [&](int side, std::string *) -> std::optional<KunitRun> {
		order.push_back(side);
		return run_with(side ? 110 : 100);
	};
	const KunitBench b = bench_rounds(steady, {});
	EXPECT_EQ(b.rounds, 3u);
	EXPECT_TRUE(b.settled);
	EXPECT_EQ(order, (std::vector<int>{0, 1, 1, 0, 0, 1}));
	ASSERT_EQ(b.rows.size(), 1u);
	EXPECT_EQ(b.rows[0].what, "len=4096");
	EXPECT_EQ(b.geomean, "1.10x");
}

TEST(KunitBench, KeepsGoingWhileABestRisesUpToTheMost)
{
	double before = 100;
	const auto rising = [&](int side, std::string *) -> std::optional<KunitRun> {
		if (!side)
			before *= 1.10;	// every round 10% better: never settles
		return run_with(side ? 200 : before);
	};
	KunitBenchSettings settings;
	settings.max_rounds = 5;
	const KunitBench b = bench_rounds(rising, settings);
	EXPECT_EQ(b.rounds, 5u);
	EXPECT_FALSE(b.settled);
	EXPECT_DOUBLE_EQ(b.rows.at(0).best_before(), before);
}

TEST(KunitBench, ASideThatCannotRunEndsTheRounds)
{
	const auto broken = [](int side, std::string *error) -> std::optional<KunitRun> {
		if (side) {
			*error = "kunit --benchmark exited with 2";
			return std::nullopt;
		}
		return run_with(100);
	};
	const KunitBench b = bench_rounds(broken, {});
	EXPECT_EQ(b.rounds, 0u);
	EXPECT_EQ(b.failure, "after: kunit --benchmark exited with 2");
	EXPECT_TRUE(b.rows.empty());
}

}  // namespace
