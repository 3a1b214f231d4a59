// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/speed_evidence.h"

#include <algorithm>
#include <chrono>
#include <regex>

#include "afalg/kernels/external_command.h"
#include "tools/speed/compare.h"
#include "tools/speed/error.h"
#include "tools/speed/report.h"

namespace kcshim::patch_check {

namespace {

std::string without_side(const std::string &driver)
{
	return driver.substr(0, driver.rfind('@'));
}

// A single-block cipher is measured through the cbc template, as tcrypt and users meet it.
bool measurable(const DriverInfo &info)
{
	return info.type == "shash" || info.type == "ahash" || info.type == "skcipher" ||
	       info.type == "cipher";
}

// The after drivers that passed their vectors, with a before driver that passed too.
std::vector<std::string> comparable(const DriverSide &before, const DriverSide &after)
{
	std::vector<std::string> out;
	for (const auto &row : after.vectors) {
		if (!row.passed)
			continue;
		const std::string base = without_side(row.driver);
		bool before_passed = std::any_of(before.vectors.begin(), before.vectors.end(),
						 [&](const SelftestRow &r) {
							 return r.passed && without_side(r.driver) == base;
						 });
		auto info = after.info.find(row.driver);
		if (before_passed && info != after.info.end() && measurable(info->second))
			out.push_back(row.driver);
	}
	return out;
}

std::string geomean_of(const std::string &table)
{
	static const std::regex geomean(R"(geomean\s+(\S+x))");
	std::smatch m;
	return std::regex_search(table, m, geomean) ? m[1].str() : "";
}

double noise_of(const speed::SpeedReport &report, const std::vector<std::string> &drivers)
{
	std::vector<double> spreads;
	for (const auto &row : report.rows) {
		double worst = 0;
		for (const auto &driver : drivers)
			if (auto it = row.results.find(driver); it != row.results.end())
				worst = std::max(worst, it->second.spread);
		spreads.push_back(worst);
	}
	if (spreads.empty())
		return 0;
	std::nth_element(spreads.begin(), spreads.begin() + spreads.size() / 2, spreads.end());
	return spreads[spreads.size() / 2];
}

}  // namespace

std::vector<std::string> speed_not_measured(const DriverSide &after)
{
	std::vector<std::string> out;
	for (const auto &[driver, info] : after.info)
		if (!measurable(info))
			out.push_back(driver + ": a " + info.type + ", which kcshim compare does not time");
	return out;
}

std::vector<SpeedBlock> run_speed(const std::vector<std::string> &kcshim, const DriverSide &before,
				  const DriverSide &after, const SpeedSettings &settings,
				  const fs::path &out_dir)
{
	std::vector<SpeedBlock> blocks;
	std::string sizes;
	for (unsigned s : settings.sizes)
		sizes += (sizes.empty() ? "" : ",") + std::to_string(s);
	for (const auto &driver : comparable(before, after)) {
		const DriverInfo &info = after.info.at(driver);
		const bool through_cbc = info.type == "cipher";
		const std::string base = without_side(driver);
		const auto on = [&](const DriverSide &side) {
			const std::string name = base + "@" + side.name;
			return through_cbc ? "cbc(" + name + ")" : name;
		};
		// what to measure: a hash once; a cipher both ways at its smallest and largest key
		std::vector<std::pair<std::string, std::vector<std::string>>> runs;
		if (info.type == "skcipher" || through_cbc) {
			std::vector<unsigned> keys = {info.max_keysize};
			if (info.min_keysize && info.min_keysize != info.max_keysize)
				keys.insert(keys.begin(), info.min_keysize);
			for (unsigned key : keys)
				for (bool decrypt : {false, true}) {
					std::vector<std::string> args = {"--key-size", std::to_string(key)};
					if (decrypt)
						args.push_back("--decrypt");
					runs.emplace_back(std::string(decrypt ? "decryption" : "encryption") +
								  ", " + std::to_string(key) + "-byte key",
							  args);
				}
		} else {
			runs.emplace_back("", std::vector<std::string>{});
		}
		for (const auto &[what, extra] : runs) {
			SpeedBlock block;
			block.driver = through_cbc ? "cbc(" + base + ")" : base;
			block.what = what;
			// one measurement, saved, gives both tables
			const fs::path saved =
				out_dir / ("speed-" + std::to_string(blocks.size() + 1) + ".json");
			std::vector<std::string> argv = kcshim;
			argv.insert(argv.end(), before.load_args.begin(), before.load_args.end());
			argv.insert(argv.end(), after.load_args.begin(), after.load_args.end());
			argv.insert(argv.end(), {"compare", on(before), on(after),
						 "--best", "--repeat", std::to_string(settings.repeat),
						 "--sec", std::to_string(settings.sec), "--sizes", sizes,
						 "--save", saved.string()});
			argv.insert(argv.end(), extra.begin(), extra.end());
			block.command = argv;
			afalg::Command cmd;
			cmd.argv = argv;
			cmd.timeout = std::chrono::minutes(10);
			auto result = afalg::run_command(cmd);
			if (!result || !result->ok()) {
				block.failure = result ? result->failure_line() : afalg::describe(result.error());
				blocks.push_back(std::move(block));
				continue;
			}
			block.cpb = result->output;
			try {
				const speed::SpeedReport report = speed::load_report(saved.string());
				block.mbps = speed::comparison_table(speed::compare_reports(
					report, on(before), report, on(after),
					speed::Metric::mb_per_s));
				block.noise = noise_of(report, {on(before), on(after)});
			} catch (const speed::Error &e) {
				block.failure = e.what();
			}
			block.geomean = geomean_of(block.cpb);
			blocks.push_back(std::move(block));
		}
	}
	return blocks;
}

}  // namespace kcshim::patch_check
