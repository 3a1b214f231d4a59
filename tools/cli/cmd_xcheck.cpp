// SPDX-License-Identifier: GPL-2.0
// kcshim xcheck [ALG...|--all]: cross-check kcshim's drivers against a kernel's (afalg/xcheck/xcheck.h).
// Exit codes: 0 all equal, 1 a mismatch, 2 usage or setup error, 77 no kernel reachable or
// nothing to compare.
#include <iostream>
#include <memory>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/cli/kernel_options.h"
#include "afalg/xcheck/xcheck.h"

namespace kcshim::cli::xcheck_command {
namespace {

struct XcheckArgs {
	std::vector<std::string> algs;
	bool all = false;
	KernelArgs kernel;
	std::string seed;
	afalg::xcheck::Options opt;
};

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand(
		"xcheck", "Cross-check kcshim's drivers against a kernel's, driver pair by driver pair");
	auto a = std::make_shared<XcheckArgs>();
	sub->add_option("algs", a->algs,
			"cra_name, driver or mode to check, e.g. sha3-256, cast5, cbc(cast5)");
	sub->add_flag("--all", a->all, "Check every kcshim driver the kernel also has");
	add_kernel_options(sub, a->kernel, "The kernel to compare with");
	sub->add_option("--iterations", a->opt.iterations,
			"Random cases per driver pair, run after the pair's fixed cases (every "
			"length up to 4 blocks + 1, every key size, ...: about 1200 for a hash); "
			"0: the fixed cases only")
		->capture_default_str();
	sub->add_option("--seed", a->seed, "Seed (decimal or 0x hex); default: random, printed");
	sub->add_option("--max-len", a->opt.max_len, "Longest random message in bytes")
		->capture_default_str();
	sub->add_option("--repro-dir", a->opt.repro_dir,
			"Where reproducers put long messages (default $TMPDIR or /tmp)");
	add_arch_options(sub);
	out.emplace_back(sub, [a] {
		if (a->all == !a->algs.empty())
			return fail("xcheck: give ALG... or --all", afalg::xcheck::exit_setup);
		afalg::xcheck::Options opt = a->opt;
		opt.algs = a->algs;
		if (!a->seed.empty()) {
			try {
				size_t end = 0;
				opt.seed = std::stoull(a->seed, &end, 0);
				if (end != a->seed.size() || !opt.seed)
					throw std::invalid_argument(a->seed);
			} catch (const std::exception &) {
				return fail("xcheck: --seed wants a non-zero number, not " + a->seed,
					    afalg::xcheck::exit_setup);
			}
		}
		return afalg::xcheck::run_with_kernel(a->kernel.choice(), opt, std::cout);
	});
}

}  // namespace

KCSHIM_COMMAND(add);

}  // namespace kcshim::cli::xcheck_command
