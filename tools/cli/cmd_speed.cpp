// SPDX-License-Identifier: GPL-2.0
// kcshim speed ALG: every driver of ALG side by side per template line (MB/s, cycles/byte,
// ratio against a baseline), as text, JSON or CSV; --save keeps the JSON for `kcshim compare`,
// --plot draws throughput against block size with gnuplot; --kernel adds the kernel's drivers of
// ALG as kernel:<driver> columns, timed inside that kernel's host (afalg/kernels/kernel_choice.h).
#include <cstdio>
#include <memory>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/speed/error.h"
#include "tools/cli/kernel_options.h"
#include "tools/speed/plot.h"
#include "tools/speed/speed_run.h"
#include "tools/speed/speed_table.h"

namespace kcshim::cli::speed_command {
namespace {

struct Options {
	kcshim::speed::SpeedOptions speed;
	std::string drivers = "all";
	bool json = false, csv = false;
	std::string save, plot;
	KernelArgs kernel;	// --kernel: "" = ours only
};

std::vector<std::string> split_list(const std::string &s)
{
	std::vector<std::string> out;
	size_t pos = 0;
	while (pos <= s.size()) {
		size_t comma = s.find(',', pos);
		std::string item = s.substr(pos, comma == std::string::npos ? comma : comma - pos);
		if (!item.empty())
			out.push_back(item);
		if (comma == std::string::npos)
			break;
		pos = comma + 1;
	}
	return out;
}

int run(Options &o)
{
	using namespace kcshim::speed;
	try {
		if (o.json && o.csv)
			return fail("--json and --csv are exclusive");
		if (o.drivers != "all")
			o.speed.drivers = split_list(o.drivers);
		std::unique_ptr<afalg::OpenKernel> kernel;
		if (!o.kernel.kernel.empty()) {
			afalg::KernelChoice choice = o.kernel.choice();
			choice.algorithms = {o.speed.alg};
			auto k = afalg::open_kernel(choice);
			if (!k)
				return fail("speed: " + k.error().what,
					    afalg::kernel_unreachable(k.error()) ? 77 : 2);
			kernel = std::move(*k);
			o.speed.kernel = &kernel->endpoint();
			o.speed.kernel_label = kernel->label();
		}
		SpeedReport r = run_speed(o.speed);
		std::string text = o.json ? report_to_json(r) : o.csv ? report_to_csv(r) : speed_table(r);
		fwrite(text.data(), 1, text.size(), stdout);
		if (std::string advice = noise_advice(o.speed); !advice.empty())
			if (auto noisy = noisy_lines(r); !noisy.empty())
				fprintf(stderr, "kcshim: warning: %zu results spread more than 5%% over "
						"%u runs (e.g. %s): the machine was noisy; %s\n",
					noisy.size(), r.repeat, noisy.front().c_str(), advice.c_str());
		if (!o.save.empty())
			save_report(r, o.save);
		if (!o.plot.empty())
			plot_report(r, o.plot);
		return 0;
	} catch (const Error &e) {
		return fail(e.what());
	}
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("speed", "Measure every driver of an algorithm side by side");
	auto o = std::make_shared<Options>();
	sub->add_option("alg", o->speed.alg, "cra_name, e.g. sha3-256 or cbc(cast5)")->required();
	sub->add_option("--drivers", o->drivers, "'all' or a comma-separated list of driver names")
		->capture_default_str();
	sub->add_option("--sizes", o->speed.sizes,
			"Block sizes (one update each) instead of tcrypt's template")
		->delimiter(',');
	sub->add_option("--sec", o->speed.sec, "Seconds per line, driver and repeat")
		->capture_default_str();
	sub->add_option("--repeat", o->speed.repeat, "Runs per line; reports median and spread")
		->capture_default_str();
	sub->add_flag("--best", o->speed.best,
		      "Report each line's fastest run, not the median (many short --repeat runs on a "
		      "shared machine)");
	sub->add_option("--baseline", o->speed.baseline, "Driver the ratio column compares with "
							  "(default: the -generic driver)");
	sub->add_option("--pin", o->speed.pin, "Pin to this CPU");
	sub->add_option("--key-size", o->speed.keysize, "skcipher key bytes")->capture_default_str();
	sub->add_flag("--decrypt", o->speed.decrypt, "skcipher: measure decryption");
	add_kernel_options(sub, o->kernel, "Add the kernel's drivers as columns");
	sub->add_flag("--json", o->json, "Print the report as JSON");
	sub->add_flag("--csv", o->csv, "Print the report as CSV");
	sub->add_option("--save", o->save, "Also write the JSON report to FILE")->type_name("FILE");
	sub->add_option("--plot", o->plot, "Draw MB/s against block size (gnuplot)")
		->type_name("FILE.svg|FILE.png");
	add_arch_options(sub);
	out.emplace_back(sub, [o] { return run(*o); });
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::speed_command
