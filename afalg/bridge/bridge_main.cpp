// SPDX-License-Identifier: GPL-2.0
/*
 * kcshim-bridge: serve this kernel's AF_ALG (through LocalAfalg) over the
 * bridge protocol.  Thin on purpose: argument parsing here, everything else
 * in bridge_cli.cpp so `kcshim bridge` can reuse it.
 */
#include <CLI/CLI.hpp>

#include "afalg/bridge/bridge_cli.h"

int main(int argc, char **argv)
{
	CLI::App app{"kcshim-bridge: serve this kernel's crypto API (AF_ALG) to kcshim clients"};
	kcshim::afalg::BridgeCliOptions opt;
	kcshim::afalg::add_bridge_options(app, opt);
	CLI11_PARSE(app, argc, argv);
	return kcshim::afalg::run_bridge(opt);
}
