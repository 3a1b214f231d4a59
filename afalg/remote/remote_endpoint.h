/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RemoteEndpoint: a KernelEndpoint whose kernel sits behind a bridge
 * (bridge_server.h): another machine over TCP, a local Unix socket, or a
 * UML guest on a console fd pair.  Calls are synchronous and serialised on
 * the one connection; every wait is bounded by Options::timeout.  After a
 * transport error or timeout the connection cannot be trusted to be in sync,
 * so it is marked broken and later calls fail with -ENOTCONN/transport.
 */
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include "afalg/endpoint/kernel_endpoint.h"
#include "afalg/protocol/protocol.h"

namespace kcshim::afalg {

class RemoteEndpoint final : public KernelEndpoint {
public:
	struct Options {
		std::string secret;
		std::chrono::milliseconds timeout{30000};	/* per request */
		std::chrono::milliseconds connect_timeout{10000};	/* through AUTH_OK */
	};

	/*
	 * Connect to "tcp://HOST:PORT" or "unix:PATH" and authenticate.
	 * Errors: -EINVAL/setup (bad address), -errno/transport (connect),
	 * -EACCES/auth (secret refused or server proof wrong),
	 * -ETIMEDOUT/transport.
	 */
	static Result<std::unique_ptr<RemoteEndpoint>> connect(const std::string &address,
							       const Options &opt);

	/*
	 * Use an already-connected fd pair (takes ownership of both; they may
	 * be equal).  Waits up to connect_timeout for the server's HELLO.
	 */
	static Result<std::unique_ptr<RemoteEndpoint>> over_fds(int in_fd, int out_fd,
								const Options &opt);

	~RemoteEndpoint() override;

	Result<std::vector<DriverInfo>> list() override;
	Result<Bytes> hash(std::string_view alg, std::optional<ByteView> key,
			   std::span<const ByteView> pieces) override;
	Result<HashCloneResult> hash_clone(std::string_view alg, std::optional<ByteView> key,
					   std::span<const ByteView> prefix,
					   ByteView suffix_a, ByteView suffix_b) override;
	Result<SkcipherResult> skcipher(std::string_view alg, bool encrypt, ByteView key,
					ByteView iv, std::span<const ByteView> pieces) override;
	/* Runs on the bridge; Options::timeout must exceed duration_ms. */
	Result<SpeedResult> speed(const SpeedRequest &q) override;
	/* From AUTH_OK; no round trip. */
	Result<std::string> kernel_version() override;
	/*
	 * One BATCH frame holding as many of @req's cases as fit the server's
	 * frame limit; returns the results the server had time for (a
	 * prefix).  Falls back to one plain request per case if the server
	 * does not allow BATCH, and for a case whose message is over the
	 * protocol's generated-length limit.  @until is the server's business
	 * (it has its own budget); this call is bounded by Options::timeout.
	 */
	Result<std::vector<BatchResult>> batch(const BatchRequest &req,
					       std::chrono::steady_clock::time_point until) override;

	/* The server's max frame body, from HELLO. */
	std::uint32_t server_max_body() const { return server_max_body_; }

private:
	RemoteEndpoint(int in_fd, int out_fd, const Options &opt);
	Error handshake();
	/* Send one request, wait for its reply; ERROR replies become Error. */
	Result<Bytes> call(proto::MsgType type, const Bytes &body, proto::MsgType want);
	int write_all(const Bytes &b, std::chrono::steady_clock::time_point until);
	int read_exact(std::uint8_t *p, size_t n, std::chrono::steady_clock::time_point until);
	Result<Bytes> read_frame(proto::Header &hdr, std::chrono::steady_clock::time_point until);
	/* Read one frame; CREDIT frames are applied and skipped. */
	Result<Bytes> read_reply(proto::Header &hdr, std::chrono::steady_clock::time_point until);

	std::mutex mu_;
	int in_fd_;
	int out_fd_;
	Options opt_;
	std::uint32_t next_id_ = 1;
	std::uint32_t server_max_body_ = 0;
	std::uint32_t window_ = 0;		/* Hello::window; 0 = no flow control */
	std::uint64_t outstanding_ = 0;		/* sent, not yet credited */
	std::string kernel_version_;
	bool broken_ = false;
	bool no_batch_ = false;		/* the server refused BATCH once */
};

} /* namespace kcshim::afalg */
