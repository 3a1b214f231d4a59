// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/kunit_bench_evidence.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

#include "afalg/kernels/external_command.h"
#include "tools/cross/emulation.h"
#include "tools/kunit/kunit_results.h"
#include "tools/patch_check/speed_evidence.h"

namespace kcshim::patch_check {

namespace {

using kunit_tool::MeasurementWhere;

// Rates (MB/s, ops/s: every benchmark line of 7.3's suites) are best high; anything else low.
bool higher_is_better(const std::string &unit)
{
	return unit.ends_with("/s");
}

double best_of(const std::vector<double> &values, const std::string &unit)
{
	if (values.empty())
		return 0;
	return higher_is_better(unit) ? *std::max_element(values.begin(), values.end())
				      : *std::min_element(values.begin(), values.end());
}

// How much better than best value is: the fraction a round improved a best by.
double gain(double best, double value, const std::string &unit)
{
	if (best <= 0 || value <= 0)
		return 0;
	return higher_is_better(unit) ? value / best - 1 : best / value - 1;
}

struct Side {
	const fs::path &tree;
	const std::vector<std::string> &suites;
	std::string name;
};

std::vector<std::string> command_of(const std::vector<std::string> &kcshim, const Side &side,
				    const fs::path &out_dir)
{
	std::vector<std::string> argv = kcshim;
	argv.insert(argv.end(), {"kunit", "--benchmark", "--filter", "*.benchmark*", "-j", "1",
				 "--kernel-tree", side.tree.string(), "--build-dir",
				 (out_dir / "kunit").string(), "--json",
				 (out_dir / ("kunit-bench-" + side.name + ".json")).string()});
	argv.insert(argv.end(), side.suites.begin(), side.suites.end());
	return argv;
}

// One run of a side: its measurements, or nothing with *error set.
std::optional<kunit_tool::Run> run_side(const std::vector<std::string> &argv, const fs::path &json,
					std::string *error)
{
	fs::remove(json);
	afalg::Command cmd;
	cmd.argv = argv;
	cmd.stdout_file = "/dev/null";
	cmd.timeout = std::chrono::minutes(10);
	auto result = afalg::run_command(cmd);
	if (!result) {
		*error = "cannot run kcshim: " + afalg::describe(result.error());
		return std::nullopt;
	}
	// 0 passed, 1 a benchmark case failed: both leave their measurements
	if (result->timed_out || result->exit_status < 0 || result->exit_status > 1) {
		*error = "kunit --benchmark " + result->failure_line();
		return std::nullopt;
	}
	return kunit_tool::load_run(json.string(), error);
}

std::string figure(double v, const std::string &unit)
{
	char buf[64];
	std::snprintf(buf, sizeof(buf), v == std::floor(v) ? "%.0f %s" : "%.2f %s", v, unit.c_str());
	return buf;
}

}  // namespace

double KunitBenchRow::best_before() const
{
	return best_of(before, unit);
}

double KunitBenchRow::best_after() const
{
	return best_of(after, unit);
}

double KunitBenchRow::noise() const
{
	// best_run_noise() takes rates; a time's reciprocal is one
	const auto rates = [&](std::vector<double> v) {
		if (!higher_is_better(unit))
			for (double &x : v)
				x = x > 0 ? 1 / x : 0;
		return v;
	};
	return std::max(best_run_noise(rates(before)), best_run_noise(rates(after)));
}

KunitBench bench_rounds(const SideRunner &run_side, const KunitBenchSettings &settings)
{
	KunitBench bench;
	std::vector<std::pair<MeasurementWhere, KunitBenchRow>> rows;
	const auto row_of = [&](const MeasurementWhere &where) -> KunitBenchRow & {
		for (auto &[w, row] : rows)
			if (w == where)
				return row;
		const auto &[suite, test, key, label, unit] = where;
		rows.emplace_back(where, KunitBenchRow{suite, test, kunit_tool::measurement_name(where),
						       unit, {}, {}});
		return rows.back().second;
	};
	while (bench.rounds < settings.max_rounds) {
		double largest_gain = 0;
		// before first in even rounds, after first in odd ones
		for (int turn = 0; turn < 2 && bench.failure.empty(); turn++) {
			const int side = (bench.rounds % 2) ? 1 - turn : turn;
			std::string error;
			auto run = run_side(side, &error);
			if (!run) {
				bench.failure = std::string(side ? "after" : "before") + ": " + error;
				break;
			}
			bench.emulation = run->emulation;
			for (const auto &[where, value] : kunit_tool::benchmark_measurements(*run)) {
				KunitBenchRow &row = row_of(where);
				auto &values = side ? row.after : row.before;
				if (!values.empty())
					largest_gain = std::max(largest_gain,
								gain(best_of(values, row.unit), value, row.unit));
				values.push_back(value);
			}
		}
		if (!bench.failure.empty())
			break;
		bench.rounds++;
		if (bench.rounds >= settings.min_rounds && largest_gain <= settings.settle) {
			bench.settled = true;
			break;
		}
	}
	double log_sum = 0;
	unsigned n = 0;
	for (auto &[where, row] : rows) {
		if (row.before.empty() || row.after.empty())
			continue;
		const double b = row.best_before(), a = row.best_after();
		if (b > 0 && a > 0) {
			log_sum += std::log(higher_is_better(row.unit) ? a / b : b / a);
			n++;
		}
		bench.rows.push_back(std::move(row));
	}
	if (n) {
		char buf[32];
		std::snprintf(buf, sizeof(buf), "%.2fx", std::exp(log_sum / n));
		bench.geomean = buf;
	}
	return bench;
}

KunitBench run_kunit_bench(const std::vector<std::string> &kcshim, const fs::path &before_tree,
			   const std::vector<std::string> &before_suites, const fs::path &after_tree,
			   const std::vector<std::string> &after_suites, const fs::path &out_dir,
			   const KunitBenchSettings &settings)
{
	const Side sides[] = {{before_tree, before_suites, "before"}, {after_tree, after_suites, "after"}};
	std::vector<std::vector<std::string>> commands;
	for (const Side &side : sides)
		commands.push_back(command_of(kcshim, side, out_dir));
	KunitBench bench = bench_rounds(
		[&](int side, std::string *error) {
			return run_side(commands[side],
					out_dir / ("kunit-bench-" + sides[side].name + ".json"), error);
		},
		settings);
	bench.commands = std::move(commands);
	return bench;
}

std::string kunit_bench_table(const KunitBench &bench)
{
	std::vector<std::vector<std::string>> cells = {
		{"suite", "case", "measurement", "before", "after", "after/before", "noise"}};
	for (const auto &row : bench.rows) {
		const double b = row.best_before(), a = row.best_after();
		char ratio[32], noise[32];
		std::snprintf(ratio, sizeof(ratio), "%.2f", b > 0 ? a / b : 0.0);
		std::snprintf(noise, sizeof(noise), "%.0f%%", row.noise() * 100);
		cells.push_back({row.suite, row.test, row.what, figure(b, row.unit), figure(a, row.unit),
				 ratio, noise});
	}
	std::vector<size_t> width(cells.front().size());
	for (const auto &line : cells)
		for (size_t i = 0; i < line.size(); i++)
			width[i] = std::max(width[i], line[i].size());
	std::ostringstream out;
	for (const auto &line : cells) {
		for (size_t i = 0; i < line.size(); i++) {
			const bool number = i >= 3;	// right-aligned
			const std::string pad(width[i] - line[i].size(), ' ');
			out << (i ? "  " : "") << (number ? pad + line[i] : line[i] + (i + 1 < line.size() ? pad : ""));
		}
		out << "\n";
	}
	return out.str();
}

}  // namespace kcshim::patch_check
