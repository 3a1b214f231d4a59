/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bridge: serves a KernelEndpoint over the kcshim bridge protocol
 * (protocol.h) to clients on TCP, a Unix socket, or one fd pair (stdio, a
 * pipe pair, or a UML console).
 *
 * Security model: the bridge gives its clients a line into the kernel's
 * crypto API, which has a long CVE history.  Run it in a disposable VM (the
 * embedded UML kernel is one), as an unprivileged user.  It binds loopback
 * unless told otherwise; every connection must complete the HMAC
 * challenge-response before any other message is read; only LIST, HASH,
 * HASH_CLONE, SKCIPHER, BATCH (many HASH/HASH_CLONE/SKCIPHER cases with
 * generated messages) and SPEED (a bounded timing loop of one of them) exist (no aead, no fd passing, no splice, no paths); all sizes are checked before allocation; every connection has
 * handshake/idle/frame deadlines and every request a deadline.
 *
 * Threads: one Asio I/O thread does all networking and owns all session
 * state; AF_ALG calls run on a worker pool because hash op sockets cannot be
 * polled and a skcipher call may block until its Deadline fires.
 */
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "afalg/endpoint/kernel_endpoint.h"
#include "afalg/protocol/protocol.h"

namespace kcshim::afalg {

struct BridgeConfig {
	std::string secret;			/* shared secret, >= auth::min_secret bytes */
	proto::Limits limits;			/* frame size, pieces per request */
	unsigned int max_connections = 64;
	unsigned int max_inflight = 8;		/* requests being worked on per connection */
	unsigned int workers = 2;		/* AF_ALG worker threads */
	std::chrono::milliseconds handshake_timeout{5000};
	std::chrono::milliseconds idle_timeout{60000};	/* no frame and nothing in flight */
	std::chrono::milliseconds frame_timeout{10000};	/* header to last body byte */
	std::chrono::milliseconds request_timeout{30000};
	/*
	 * Flow-control window announced in HELLO (protocol.h, Hello::window);
	 * 0 = none.  serve_fds() sets a safe value for ttys by itself.
	 */
	std::uint32_t credit_window = 0;
	bool allow_list = true;
	bool allow_hash = true;
	bool allow_skcipher = true;
	/*
	 * BATCH runs hash/skcipher cases (batch.h); each case is still
	 * subject to allow_hash/allow_skcipher.  A batch stops early once half
	 * of request_timeout is spent and returns the results so far.
	 */
	bool allow_batch = true;
	/*
	 * SPEED runs a timing loop for up to max_speed_ms (kernel_endpoint.h),
	 * hashes only with allow_hash, skciphers only with allow_skcipher; its
	 * duration must be under half of request_timeout.
	 */
	bool allow_speed = true;
	/* One line per event (connections, auth failures, errors); may be empty. */
	std::function<void(std::string_view)> log;
};

class BridgeServer {
public:
	/* @ep must outlive the server and be thread-safe. */
	BridgeServer(KernelEndpoint &ep, BridgeConfig cfg);
	~BridgeServer();
	BridgeServer(const BridgeServer &) = delete;
	BridgeServer &operator=(const BridgeServer &) = delete;

	/*
	 * Listen on TCP @host:@port (port 0 picks one).  Returns the bound
	 * port, or -errno/setup (-EINVAL for an unparsable address).
	 */
	Result<std::uint16_t> listen_tcp(const std::string &host, std::uint16_t port);

	/* Listen on a Unix stream socket at @path (removed first if stale). */
	Result<std::uint16_t> listen_unix(const std::string &path);

	/*
	 * Serve exactly one connection on @in_fd/@out_fd (they may be equal,
	 * e.g. a tty).  The server takes ownership and stops when the
	 * connection ends.  Ttys are put in raw mode so frames pass unchanged.
	 */
	int serve_fds(int in_fd, int out_fd);

	/* Run the I/O loop in this thread until stop() or the fd session ends. */
	void run();
	/* Run the I/O loop on a background thread. */
	void start();
	/* Close everything and return from run(); safe from any thread. */
	void stop();

	/* Live connections (for tests and logs). */
	unsigned int connections() const;

	struct Core;

private:
	std::unique_ptr<Core> core_;
};

} /* namespace kcshim::afalg */
