/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bridge command line, shared by kcshim-bridge and `kcshim bridge`:
 * options go into BridgeCliOptions, run_bridge() does the rest and returns
 * the process exit code (0 clean stop, 2 usage/setup error, 77 no AF_ALG).
 */
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace kcshim::afalg {

struct BridgeCliOptions {
	std::string tcp;		/* HOST:PORT */
	std::string unix_path;
	bool stdio = false;
	std::string tty;		/* serve one session on this tty (UML console) */
	std::string secret_file;
	unsigned int max_frame = (1u << 20) + 4096;
	unsigned int max_connections = 64;
	unsigned int max_inflight = 8;
	unsigned int workers = 2;
	unsigned int idle_timeout_ms = 60000;
	unsigned int request_timeout_ms = 30000;
	bool quiet = false;
};

void add_bridge_options(CLI::App &app, BridgeCliOptions &opt);
int run_bridge(const BridgeCliOptions &opt);

} /* namespace kcshim::afalg */
