// SPDX-License-Identifier: GPL-2.0
// kcshim compare A B: before/after/speedup per template line plus a geometric-mean row, from two
// saved reports (kcshim speed --save) or two drivers measured now, e.g. with
//   kcshim -m before.so@before -m after.so@after compare sha3-256-generic@before sha3-256-generic@after
#include <cstdio>
#include <filesystem>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/speed/compare.h"
#include "tools/speed/drivers.h"
#include "tools/speed/error.h"
#include "tools/speed/speed_run.h"

namespace kcshim::cli::compare_command {
namespace {

struct Options {
	std::string before, after;
	std::string before_driver, after_driver;
	std::string metric = "cpb";
	std::string save;
	kcshim::speed::SpeedOptions speed;
};

bool is_report(const std::string &arg)
{
	return arg.ends_with(".json") || std::filesystem::is_regular_file(arg);
}

int run(Options &o)
{
	using namespace kcshim::speed;
	try {
		Metric metric = o.metric == "mbps" ? Metric::mb_per_s : Metric::cycles_per_byte;
		Comparison c;
		if (is_report(o.before) != is_report(o.after))
			return fail("compare two saved reports or two drivers, not one of each");
		if (is_report(o.before)) {
			c = compare_reports(load_report(o.before), o.before_driver,
					    load_report(o.after), o.after_driver, metric);
		} else {
			if (o.before == o.after)
				return fail("compare needs two different drivers (load builds with "
					    "-m before.so@before -m after.so@after)");
			std::string alg = cra_name_of(o.before);
			if (cra_name_of(o.after) != alg)
				return fail(o.before + " and " + o.after + " implement different "
					    "algorithms (" + alg + ", " + cra_name_of(o.after) + ")");
			o.speed.alg = alg;
			o.speed.drivers = {o.before, o.after};
			o.speed.baseline = o.before;
			SpeedReport r = run_speed(o.speed);
			if (!o.save.empty())
				save_report(r, o.save);
			c = compare_reports(r, o.before, r, o.after, metric);
		}
		std::string text = comparison_table(c);
		fwrite(text.data(), 1, text.size(), stdout);
		return 0;
	} catch (const Error &e) {
		return fail(e.what());
	}
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("compare", "Before/after/speedup table from two saved reports "
						  "or two drivers");
	auto o = std::make_shared<Options>();
	sub->add_option("before", o->before, "Saved report (.json) or driver name")->required();
	sub->add_option("after", o->after, "Saved report (.json) or driver name")->required();
	sub->add_option("--before-driver", o->before_driver,
			"Driver to take from the first report (default: its only driver or baseline)");
	sub->add_option("--after-driver", o->after_driver, "Driver to take from the second report");
	sub->add_option("--metric", o->metric, "cpb: cycles per byte; mbps: MB/s")
		->check(CLI::IsMember({"cpb", "mbps"}))
		->capture_default_str();
	sub->add_option("--sec", o->speed.sec, "Seconds per line (drivers)")->capture_default_str();
	sub->add_option("--repeat", o->speed.repeat, "Runs per line (drivers)")->capture_default_str();
	sub->add_option("--pin", o->speed.pin, "Pin to this CPU (drivers)");
	sub->add_option("--sizes", o->speed.sizes,
			"Block sizes (one update each) instead of tcrypt's template (drivers)")
		->delimiter(',');
	sub->add_flag("--best", o->speed.best,
		      "Each line's fastest run, not the median (drivers; with many short --repeat runs)");
	sub->add_option("--key-size", o->speed.keysize, "skcipher key bytes (drivers)")
		->capture_default_str();
	sub->add_flag("--decrypt", o->speed.decrypt, "skcipher: measure decryption (drivers)");
	sub->add_option("--save", o->save, "Also write the measured report (drivers) to FILE")
		->type_name("FILE");
	add_arch_options(sub);
	out.emplace_back(sub, [o] { return run(*o); });
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::compare_command
