// SPDX-License-Identifier: GPL-2.0
// kcshim: the kernel crypto API in userspace. Thin: parse arguments, call the library, print.
#include <csignal>
#include <cstdio>

#include <kcshim/kcshim.h>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "afalg/kernels/external_command.h"

namespace {

/*
 * Ctrl-C, a terminal hang-up or a CI timeout: the helper commands kcshim runs (apt-get
 * downloading a kernel, dpkg-deb, depmod) have process groups of their own, which the signal
 * does not reach; end them, then die of the signal as before. A booted guest needs nothing:
 * its guardian ends it when kcshim goes.
 */
void end_helpers_and_die(int sig)
{
	kcshim::afalg::kill_running_commands(sig);
	std::signal(sig, SIG_DFL);
	std::raise(sig);
}

} /* namespace */

int main(int argc, char **argv)
{
	using namespace kcshim::cli;
	for (int sig : {SIGINT, SIGTERM, SIGHUP})
		std::signal(sig, end_helpers_and_die);
	CLI::App app{"kcshim: the Linux kernel crypto API in userspace"};
	app.require_subcommand(1);
	// -m before or after the command (`kcshim selftest -m x.so@k`): a subcommand passes the
	// options it does not know to the app (commands created after this inherit it)
	app.fallthrough();
	app.set_help_all_flag("--help-all", "Show help for every command");
	Globals globals;
	app.add_option("-m,--module", globals.modules,
		       "Load a driver module (.so) first; MODULE@SUFFIX renames its drivers "
		       "<driver>@SUFFIX (repeatable)")
		->type_name("MODULE[@SUFFIX]");
	app.add_option("--no-cpu", globals.masked_cpu_features,
		       "Treat a CPU feature as absent, named as in /proc/cpuinfo (avx2, pclmulqdq; "
		       "arm64 pmull, sha3), so drivers and libraries take their fallbacks "
		       "(repeatable, or comma-separated)")
		->delimiter(',')->type_name("FEATURE");

	std::vector<std::pair<CLI::App *, Command>> runners;
	for (auto &factory : commands())
		factory(app, globals, runners);

	try {
		app.parse(argc, argv);
	} catch (const CLI::ParseError &e) {
		// --help and friends print and exit 0; a usage error is one line and exit 2
		if (e.get_exit_code() == 0)
			return app.exit(e);
		// the help of the command the user was typing: `kcshim speed --pinn` -> kcshim speed
		std::string where = "kcshim";
		for (auto &[sub, run] : runners)
			if (sub->parsed())
				where += " " + sub->get_name();
		return fail(std::string(e.what()) + " (see " + where + " --help)", 2);
	}
	for (auto &[sub, run] : runners) {
		if (sub->parsed()) {
			if (auto status = run_on_arch(*sub, argc, argv))
				return *status;	/* it could not run there */
			int err = load_modules(globals);
			if (err)
				return err;
			return run();
		}
	}
	return fail("no command given");
}
