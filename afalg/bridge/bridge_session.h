/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One bridge connection, generic over the byte stream (TCP socket, Unix
 * socket, fd pair).  Internal to bridge_server.cpp.
 *
 * All members are touched only on the I/O thread; workers get a copy of the
 * request and post the reply frame back.  A session stays alive while a
 * read, write, timer or worker holds its shared_ptr, so a client vanishing
 * mid-request just makes the late reply go nowhere.
 */
#pragma once

#include <array>
#include <atomic>
#include <deque>
#include <memory>

#include <boost/asio.hpp>

#include "afalg/protocol/auth.h"
#include "afalg/bridge/bridge_dispatch.h"
#include "afalg/bridge/bridge_server.h"

namespace kcshim::afalg {

namespace asio = boost::asio;

/* What a session needs from its server. */
struct SessionHost {
	KernelEndpoint &ep;
	const BridgeConfig &cfg;
	asio::thread_pool &pool;
	std::string kernel_version;
	std::function<void()> on_close;	/* runs on the I/O thread */

	void log(const std::string &s) const
	{
		if (cfg.log)
			cfg.log(s);
	}
};

/* Two descriptors as one AsyncStream: reads from one, writes to the other. */
class FdPairStream {
public:
	using executor_type = asio::any_io_executor;

	FdPairStream(asio::io_context &io, int in_fd, int out_fd)
		: in_(io, in_fd), out_(io, out_fd) {}

	executor_type get_executor() { return in_.get_executor(); }

	template <typename Buffers, typename Handler>
	auto async_read_some(const Buffers &b, Handler &&h)
	{
		return in_.async_read_some(b, std::forward<Handler>(h));
	}
	template <typename Buffers, typename Handler>
	auto async_write_some(const Buffers &b, Handler &&h)
	{
		return out_.async_write_some(b, std::forward<Handler>(h));
	}
	void close()
	{
		boost::system::error_code ec;
		in_.close(ec);
		out_.close(ec);
	}

private:
	asio::posix::stream_descriptor in_;
	asio::posix::stream_descriptor out_;
};

template <typename Stream>
void close_stream(Stream &s)
{
	boost::system::error_code ec;
	s.shutdown(asio::socket_base::shutdown_both, ec);
	s.close(ec);
}

inline void close_stream(FdPairStream &s)
{
	s.close();
}

template <typename Stream>
class Session : public std::enable_shared_from_this<Session<Stream>> {
public:
	Session(SessionHost &host, Stream stream, std::string peer)
		: host_(host), stream_(std::move(stream)), timer_(stream_.get_executor()),
		  peer_(std::move(peer)) {}

	void start()
	{
		if (!auth::make_nonce(nonce_)) {
			close("no random nonce");
			return;
		}
		proto::Hello h{nonce_, host_.cfg.limits.max_body, host_.cfg.credit_window};
		send(proto::encode_frame(proto::MsgType::hello, 0, proto::encode(h)));
		read_header();
	}

	void close(const std::string &why)
	{
		if (closed_)
			return;
		closed_ = true;
		host_.log("bridge: " + peer_ + ": closed: " + why);
		timer_.cancel();
		close_stream(stream_);
		if (host_.on_close)
			host_.on_close();
	}

private:
	using Self = Session<Stream>;
	using error_code = boost::system::error_code;

	void arm(std::chrono::milliseconds t, const char *what)
	{
		timer_.expires_after(t);
		timer_.async_wait([self = this->shared_from_this(), what](error_code ec) {
			if (ec || self->closed_)
				return;
			/* A long request is not idleness: look again later. */
			if (self->inflight_ && self->authed_ && what == std::string("idle")) {
				self->arm(self->host_.cfg.idle_timeout, what);
				return;
			}
			self->close(std::string(what) + " timeout");
		});
	}

	/*
	 * Read exactly @n bytes.  With a credit window, every window/2 bytes
	 * consumed are returned to the client in a CREDIT frame, so it never
	 * has more than the window outstanding in the channel.
	 */
	template <typename Done>
	void read_exact(std::uint8_t *p, size_t n, Done done)
	{
		if (n == 0) {
			done(error_code());
			return;
		}
		stream_.async_read_some(
			asio::buffer(p, n),
			[self = this->shared_from_this(), p, n, done](error_code ec, size_t got) {
				if (self->closed_)
					return;
				if (ec) {
					done(ec);
					return;
				}
				self->credit(got);
				self->read_exact(p + got, n - got, done);
			});
	}

	void credit(size_t got)
	{
		std::uint32_t w = host_.cfg.credit_window;
		if (!w)
			return;
		uncredited_ += got;
		if (uncredited_ >= w / 2) {
			send(proto::encode_frame(proto::MsgType::credit, 0,
						 proto::encode_credit(uncredited_)));
			uncredited_ = 0;
		}
	}

	void read_header()
	{
		if (closed_)
			return;
		arm(authed_ ? host_.cfg.idle_timeout : host_.cfg.handshake_timeout,
		    authed_ ? "idle" : "handshake");
		read_exact(hdr_buf_.data(), hdr_buf_.size(),
			   [self = this->shared_from_this()](error_code ec) { self->on_header(ec); });
	}

	void on_header(error_code ec)
	{
		if (closed_)
			return;
		if (ec) {
			close(ec == asio::error::eof ? "peer closed" : ec.message());
			return;
		}
		int e = proto::decode_header(hdr_buf_, host_.cfg.limits.max_body, hdr_);
		if (e) {
			/* Cannot resync a byte stream after a bad header: reply, close. */
			reject(e, Stage::transport, e == -EMSGSIZE ? "frame too large" : "bad header");
			return;
		}
		/* Checked against the limit above, so this allocation is bounded. */
		body_.resize(hdr_.length);
		if (!authed_)
			arm(host_.cfg.handshake_timeout, "handshake");
		else
			arm(host_.cfg.frame_timeout, "frame");
		read_exact(body_.data(), body_.size(),
			   [self = this->shared_from_this()](error_code ec) { self->on_body(ec); });
	}

	void on_body(error_code ec)
	{
		if (closed_)
			return;
		if (ec) {
			close("truncated frame: " + ec.message());
			return;
		}
		if (!authed_) {
			on_auth();
			return;
		}
		on_request();
		read_header();
	}

	void on_auth()
	{
		proto::Auth a;
		if (hdr_.type != proto::MsgType::auth || proto::decode(body_, a)) {
			reject(-EACCES, Stage::auth, "authenticate first");
			return;
		}
		auto want = auth::client_proof(host_.cfg.secret, nonce_, a.client_nonce);
		if (!auth::mac_equal(want, a.mac)) {
			host_.log("bridge: " + peer_ + ": bad token");
			reject(-EACCES, Stage::auth, "bad token");
			return;
		}
		authed_ = true;
		proto::AuthOk ok{auth::server_proof(host_.cfg.secret, nonce_, a.client_nonce),
				 host_.kernel_version};
		send(proto::encode_frame(proto::MsgType::auth_ok, hdr_.id, proto::encode(ok)));
		read_header();
	}

	void on_request()
	{
		const std::uint32_t id = hdr_.id;
		if (!bridge_allows(host_.cfg, hdr_.type)) {
			send(error_frame(id, -EOPNOTSUPP, Stage::transport,
					 std::string(proto::msg_name(hdr_.type)) + " not allowed"));
			return;
		}
		if (inflight_ >= host_.cfg.max_inflight) {
			send(error_frame(id, -EBUSY, Stage::limit, "too many requests in flight"));
			return;
		}
		inflight_++;

		/* done is shared between the worker's reply and the deadline. */
		auto done = std::make_shared<bool>(false);
		auto deadline = std::make_shared<asio::steady_timer>(stream_.get_executor());
		deadline->expires_after(host_.cfg.request_timeout);
		deadline->async_wait([self = this->shared_from_this(), done, id](error_code ec) {
			if (ec || *done)
				return;
			*done = true;
			self->send(error_frame(id, -ETIMEDOUT, Stage::transport, "request deadline"));
		});

		proto::Header hdr = hdr_;
		asio::post(host_.pool, [self = this->shared_from_this(), hdr, body = std::move(body_),
					done, deadline]() mutable {
			/* The client is gone: its queued work must not delay the living. */
			if (self->closed_)
				return;
			Bytes frame = bridge_dispatch(self->host_.ep, self->host_.cfg, hdr, body);
			asio::post(self->stream_.get_executor(),
				   [self, frame = std::move(frame), done, deadline]() mutable {
					   self->inflight_--;
					   deadline->cancel();
					   if (*done)
						   return;
					   *done = true;
					   self->send(std::move(frame));
				   });
		});
		body_ = Bytes();
	}

	/* Reply with an ERROR, then close once it is written. */
	void reject(int err, Stage stage, const std::string &what)
	{
		host_.log("bridge: " + peer_ + ": " + what);
		close_after_write_ = true;
		send(error_frame(hdr_.id, err, stage, what));
	}

	void send(Bytes frame)
	{
		if (closed_)
			return;
		wq_.push_back(std::move(frame));
		if (wq_.size() == 1)
			write_next();
	}

	void write_next()
	{
		asio::async_write(stream_, asio::buffer(wq_.front()),
				  [self = this->shared_from_this()](error_code ec, size_t) {
					  if (self->closed_)
						  return;
					  if (ec) {
						  self->close("write: " + ec.message());
						  return;
					  }
					  self->wq_.pop_front();
					  if (!self->wq_.empty())
						  self->write_next();
					  else if (self->close_after_write_)
						  self->close("rejected");
				  });
	}

	SessionHost &host_;
	Stream stream_;
	asio::steady_timer timer_;
	std::string peer_;
	proto::Nonce nonce_{};
	std::array<std::uint8_t, proto::header_size> hdr_buf_{};
	proto::Header hdr_;
	Bytes body_;
	std::deque<Bytes> wq_;
	unsigned int inflight_ = 0;
	std::uint32_t uncredited_ = 0;
	bool authed_ = false;
	std::atomic<bool> closed_{false};	/* also read by workers */
	bool close_after_write_ = false;
};

} /* namespace kcshim::afalg */
