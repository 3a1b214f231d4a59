// SPDX-License-Identifier: GPL-2.0
// kcshim bridge: serve this kernel's AF_ALG to kcshim clients (afalg/README.md). The same options
// and code as the kcshim-bridge executable; user-mode Linux guests run this inside (afalg/kernels).
#include <memory>

#include "afalg/bridge/bridge_cli.h"
#include "tools/cli/command.h"

namespace kcshim::cli::bridge_command {
namespace {

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("bridge",
				       "Serve this kernel's AF_ALG drivers to kcshim clients "
				       "(xcheck --kernel tcp://HOST:PORT); exit 77 without AF_ALG");
	auto opt = std::make_shared<afalg::BridgeCliOptions>();
	afalg::add_bridge_options(*sub, *opt);
	out.emplace_back(sub, [opt] { return afalg::run_bridge(*opt); });
}

}  // namespace

KCSHIM_COMMAND(add);

}  // namespace kcshim::cli::bridge_command
