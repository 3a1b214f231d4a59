// SPDX-License-Identifier: GPL-2.0
#include "afalg/bridge/bridge_cli.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <atomic>
#include <fcntl.h>
#include <pthread.h>
#include <thread>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include "afalg/protocol/auth.h"
#include "afalg/bridge/bridge_server.h"
#include "afalg/endpoint/local_afalg.h"

namespace kcshim::afalg {

void add_bridge_options(CLI::App &app, BridgeCliOptions &o)
{
	app.add_option("--tcp", o.tcp, "listen on HOST:PORT (loopback unless you say otherwise)");
	app.add_option("--unix", o.unix_path, "listen on a Unix socket at PATH");
	app.add_flag("--stdio", o.stdio, "serve one session on stdin/stdout");
	app.add_option("--tty", o.tty, "serve one session on a tty (raw mode), e.g. a UML console");
	app.add_option("--secret-file", o.secret_file, "file holding the shared secret (>= 16 bytes)")
		->required();
	app.add_option("--max-frame", o.max_frame, "largest request body in bytes");
	app.add_option("--max-connections", o.max_connections, "concurrent connections");
	app.add_option("--max-inflight", o.max_inflight, "requests in flight per connection");
	app.add_option("--workers", o.workers, "AF_ALG worker threads");
	app.add_option("--idle-timeout-ms", o.idle_timeout_ms, "close idle connections after");
	app.add_option("--request-timeout-ms", o.request_timeout_ms, "deadline of one request");
	app.add_flag("-q,--quiet", o.quiet, "no connection log on stderr");
}

static int split_host_port(const std::string &hp, std::string &host, std::uint16_t &port)
{
	size_t colon = hp.rfind(':');
	if (colon == std::string::npos)
		return -EINVAL;
	host = hp.substr(0, colon);
	if (host.size() > 2 && host.front() == '[')
		host = host.substr(1, host.size() - 2);
	if (host.empty() || host == "localhost")
		host = "127.0.0.1";
	try {
		unsigned long p = std::stoul(hp.substr(colon + 1));
		if (p > 65535)
			return -EINVAL;
		port = static_cast<std::uint16_t>(p);
	} catch (...) {
		return -EINVAL;
	}
	return 0;
}

int run_bridge(const BridgeCliOptions &o)
{
	int modes = !o.tcp.empty() + !o.unix_path.empty() + o.stdio + !o.tty.empty();
	if (modes == 0) {
		std::fprintf(stderr, "kcshim-bridge: give --tcp, --unix, --stdio or --tty\n");
		return 2;
	}
	if ((o.stdio || !o.tty.empty()) && modes > 1) {
		std::fprintf(stderr, "kcshim-bridge: --stdio/--tty serve one session; no other modes\n");
		return 2;
	}
	auto secret = auth::read_secret_file(o.secret_file);
	if (!secret) {
		std::fprintf(stderr, "kcshim-bridge: %s\n", describe(secret.error()).c_str());
		return 2;
	}
	if (int e = LocalAfalg::probe()) {
		std::fprintf(stderr, "kcshim-bridge: this kernel has no usable AF_ALG (%s)\n",
			     strerrorname_np(-e));
		return 77;
	}
	if (std::string why = LocalAfalg::restriction(); !why.empty())
		std::fprintf(stderr, "kcshim-bridge: warning: %s\n", why.c_str());

	/*
	 * SIGINT/SIGTERM are taken by one sigwait() thread, so they must be
	 * blocked before any other thread (workers, watchdog) exists.  SIGPIPE
	 * must not kill the bridge when a client vanishes.
	 */
	sigset_t stop_signals;
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
	std::signal(SIGPIPE, SIG_IGN);

	LocalAfalg ep(std::chrono::milliseconds(o.request_timeout_ms));
	BridgeConfig cfg;
	cfg.secret = *secret;
	cfg.limits.max_body = o.max_frame;
	cfg.max_connections = o.max_connections;
	cfg.max_inflight = o.max_inflight;
	cfg.workers = o.workers;
	cfg.idle_timeout = std::chrono::milliseconds(o.idle_timeout_ms);
	cfg.request_timeout = std::chrono::milliseconds(o.request_timeout_ms);
	if (!o.quiet && !o.stdio)
		cfg.log = [](std::string_view s) {
			std::fprintf(stderr, "%.*s\n", static_cast<int>(s.size()), s.data());
		};
	BridgeServer server(ep, cfg);

	if (!o.tcp.empty()) {
		std::string host;
		std::uint16_t port = 0;
		if (split_host_port(o.tcp, host, port)) {
			std::fprintf(stderr, "kcshim-bridge: --tcp wants HOST:PORT, got %s\n", o.tcp.c_str());
			return 2;
		}
		auto r = server.listen_tcp(host, port);
		if (!r) {
			std::fprintf(stderr, "kcshim-bridge: %s\n", describe(r.error()).c_str());
			return 2;
		}
		if (!o.quiet)
			std::fprintf(stderr, "kcshim-bridge: listening on tcp %s:%u\n", host.c_str(), *r);
	}
	if (!o.unix_path.empty()) {
		auto r = server.listen_unix(o.unix_path);
		if (!r) {
			std::fprintf(stderr, "kcshim-bridge: %s\n", describe(r.error()).c_str());
			return 2;
		}
	}
	if (o.stdio) {
		if (int e = server.serve_fds(STDIN_FILENO, STDOUT_FILENO)) {
			std::fprintf(stderr, "kcshim-bridge: stdio: %s\n", strerrorname_np(-e));
			return 2;
		}
	}
	if (!o.tty.empty()) {
		int fd = ::open(o.tty.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
		if (fd < 0 || server.serve_fds(fd, fd)) {
			std::fprintf(stderr, "kcshim-bridge: cannot serve on %s: %s\n", o.tty.c_str(),
				     strerrorname_np(errno));
			return 2;
		}
	}

	/* Runs until a signal, or until the --stdio/--tty session ends. */
	std::atomic<bool> finished{false};
	std::thread stopper([&] {
		int sig = 0;
		sigwait(&stop_signals, &sig);
		if (!finished)
			server.stop();
	});
	server.run();
	finished = true;
	pthread_kill(stopper.native_handle(), SIGTERM);
	stopper.join();
	return 0;
}

} /* namespace kcshim::afalg */
