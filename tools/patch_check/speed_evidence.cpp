// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/speed_evidence.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <regex>

#include "afalg/kernels/external_command.h"
#include "tools/speed/compare.h"
#include "tools/speed/error.h"
#include "tools/speed/report.h"
#include "tools/speed/tcrypt_modes.h"

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

// The lines' median of the larger side's best_run_noise().
double noise_of(const speed::SpeedReport &report, const std::vector<std::string> &drivers)
{
	std::vector<double> noise;
	for (const auto &row : report.rows) {
		double worst = 0;
		for (const auto &driver : drivers)
			if (auto it = row.results.find(driver); it != row.results.end())
				worst = std::max(worst, best_run_noise(it->second.runs_mb_per_s));
		noise.push_back(worst);
	}
	if (noise.empty())
		return 0;
	std::nth_element(noise.begin(), noise.begin() + noise.size() / 2, noise.end());
	return noise[noise.size() / 2];
}

// tcrypt's own lines of both sides' driver, as a post pastes them: a hash's mode=400 alg=DRIVER,
// a cipher's every speed mode of its algorithm (mode=209 for cast5) through that side's driver.
std::string tcrypt_lines(const std::vector<std::string> &kcshim, const DriverSide &before,
			 const DriverSide &after, const std::string &base, const DriverInfo &info,
			 const SpeedSettings &settings)
{
	// a hash is named by alg=, a cipher's modes name their own algorithm: --driver runs them
	// through this side's
	const bool hash = info.type == "shash" || info.type == "ahash";
	std::vector<int> modes = {400};
	if (!hash)
		modes = speed::speed_modes_of(info.name, info.async,
					      speed::parse_kernel_version(settings.tcrypt_version));
	std::string text;
	for (int mode : modes)
		for (const DriverSide *side : {&before, &after}) {
			const std::string driver = base + "@" + side->name;
			std::vector<std::string> argv = kcshim;
			argv.insert(argv.end(), side->load_args.begin(), side->load_args.end());
			argv.insert(argv.end(), {"tcrypt", "--kernel-version", settings.tcrypt_version,
						 "mode=" + std::to_string(mode)});
			if (hash)
				argv.push_back("alg=" + driver);
			else
				argv.insert(argv.end(), {"--driver", driver});
			afalg::Command cmd;
			cmd.argv = argv;
			cmd.timeout = std::chrono::minutes(10);
			auto result = afalg::run_command(cmd);
			if (result && result->ok())
				text += result->output;
			else
				text += "tcrypt " + side->name + ": " +
					(result ? result->failure_line() : afalg::describe(result.error())) + "\n";
		}
	return text;
}

// A new driver (no before driver of its name) beside every driver of its algorithm: the
// generic one and its siblings, as a post adding a driver shows it.
SpeedBlock new_driver_block(const std::vector<std::string> &kcshim, const DriverSide &after,
			    const std::string &driver, const SpeedSettings &settings,
			    const std::string &sizes)
{
	const DriverInfo &info = after.info.at(driver);
	SpeedBlock block;
	block.driver = without_side(driver);
	block.what = "new: beside every driver of " + info.name;
	block.command = kcshim;
	block.command.insert(block.command.end(), after.load_args.begin(), after.load_args.end());
	block.command.insert(block.command.end(),
			     {"speed", info.name, "--drivers", "all", "--best", "--repeat",
			      std::to_string(settings.repeat), "--sec", std::to_string(settings.sec),
			      "--sizes", sizes, "--baseline", driver});
	afalg::Command cmd;
	cmd.argv = block.command;
	cmd.timeout = std::chrono::minutes(10);
	auto result = afalg::run_command(cmd);
	if (!result || !result->ok())
		block.failure = result ? result->failure_line() : afalg::describe(result.error());
	else
		block.cpb = result->output;
	return block;
}

}  // namespace

double best_run_noise(const std::vector<double> &runs)
{
	double even = 0, odd = 0;
	for (size_t i = 0; i < runs.size(); i++) {
		double &half = i % 2 ? odd : even;
		half = std::max(half, runs[i]);
	}
	return even > 0 && odd > 0 ? std::abs(even - odd) / std::max(even, odd) : 0;
}

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
	for (const auto &row : after.vectors) {
		const std::string base = without_side(row.driver);
		const bool has_before = std::any_of(before.vectors.begin(), before.vectors.end(),
						    [&](const SelftestRow &r) {
							    return without_side(r.driver) == base;
						    });
		auto info = after.info.find(row.driver);
		if (row.passed && !has_before && info != after.info.end() &&
		    (info->second.type == "shash" || info->second.type == "skcipher"))
			blocks.push_back(new_driver_block(kcshim, after, row.driver, settings, sizes));
	}
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
		// and each --speed-no-cpu variant: the same runs with those CPU features masked, so
		// the library and the drivers take their fallbacks (a row per implementation)
		const size_t plain = runs.size();
		for (const auto &masked : settings.no_cpu_variants)
			for (size_t i = 0; i < plain; i++) {
				auto [what, extra] = runs[i];
				extra.insert(extra.begin(), {"--no-cpu", masked});
				runs.emplace_back(what + (what.empty() ? "" : ", ") + "without " + masked, extra);
			}
		bool first = true;
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
			// once per driver, with its first block: tcrypt's modes time every key and
			// direction
			if (first)
				block.tcrypt = tcrypt_lines(kcshim, before, after, base, info, settings);
			first = false;
			blocks.push_back(std::move(block));
		}
	}
	return blocks;
}

}  // namespace kcshim::patch_check
