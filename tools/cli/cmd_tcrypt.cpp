// SPDX-License-Identifier: GPL-2.0
// kcshim tcrypt mode=N [sec=S] [alg=NAME] [klen=K] [num_mb=M] [--driver D]: tcrypt.ko's speed and self-test
// modes run against kcshim's drivers, printed in tcrypt's formats. With --kernel uml|vm:..., the
// kernel's own tcrypt.ko runs the same mode in an embedded kernel and both are shown side by side.
#include <cstdio>
#include <iostream>

#include "afalg/kernels/guest.h"
#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/cli/kernel_options.h"
#include "tools/speed/error.h"
#include "tools/speed/side_by_side.h"
#include "tools/speed/tcrypt_run.h"

namespace kcshim::cli::tcrypt_command {
namespace {

struct Options {
	std::vector<std::string> params;
	std::string kernel_version = "6.12";
	std::string driver;
	KernelArgs kernel;	// empty --kernel: kcshim's drivers only
};

// The kernel's tcrypt.ko is loaded into an embedded kernel (auto: user-mode Linux); a kernel
// reached through AF_ALG (this host's, a bridge's) cannot load it for us.
int run_beside_kernel(const speed::TcryptParams &p, const KernelArgs &args)
{
	afalg::KernelChoice k = args.choice();
	std::string kind = k.kernel == "auto" ? "uml" : k.kernel;
	if (!afalg::KernelTarget::names_guest(kind))
		return fail("--kernel " + kind + ": tcrypt.ko runs in an embedded kernel (uml, "
			    "vm:ARCH[:VERSION]); through AF_ALG kcshim reaches a kernel's drivers, "
			    "not its modules",
			    2);
	auto target = afalg::KernelTarget::parse(kind, k.cpu);
	if (!target)
		return fail(target.error().what, 2);
	return speed::run_side_by_side(p, *target, afalg::guest_options(k)) ? 0 : 1;
}

int run(const Options &o)
{
	using namespace kcshim::speed;
	try {
		TcryptParams defaults;
		defaults.version = parse_kernel_version(o.kernel_version);
		defaults.driver = o.driver;
		TcryptParams p = parse_tcrypt_params(o.params, defaults);
		if (!o.kernel.kernel.empty() && !o.driver.empty())
			return fail("--driver names one of kcshim's drivers: the kernel's tcrypt.ko "
				    "beside it (--kernel) would time another", 2);
		if (!o.kernel.kernel.empty())
			return run_beside_kernel(p, o.kernel);
		TcryptRun r = run_tcrypt(p, [](std::string_view text) {
			fwrite(text.data(), 1, text.size(), stdout);
			fflush(stdout);
		});
		return r.failed ? 1 : 0;
	} catch (const Error &e) {
		return fail(e.what());
	}
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("tcrypt", "Run a tcrypt.ko mode (speed or self-test) in "
					     "userspace, printed as tcrypt prints it");
	auto o = std::make_shared<Options>();
	sub->add_option("params", o->params,
			"tcrypt module parameters: mode=N sec=S alg=NAME klen=K num_mb=M")
		->required();
	sub->add_option("--kernel-version", o->kernel_version,
			"Reproduce this tree's tcrypt.c (block sizes, printk details)")
		->check(CLI::IsMember({"6.1", "6.12", "7.3"}))
		->capture_default_str();
	sub->add_option("--driver", o->driver,
			"Only the mode's steps of this driver's algorithm, through this driver (a "
			"cipher inside the mode's templates): one side of a before/after pair, "
			"e.g. mode=209 --driver cast5-generic@after");
	add_kernel_options(sub, o->kernel,
			   "Also run the kernel's own tcrypt.ko, which only an embedded kernel (uml, "
			   "vm:) can load",
			   "user-mode Linux");
	sub->footer("Modes: " + kcshim::speed::covered_modes() +
		    ".\nsec=0 (default) is cycles mode: 4 warm-up operations, 8 timed.");
	add_arch_options(sub);
	out.emplace_back(sub, [o] { return run(*o); });
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::tcrypt_command
