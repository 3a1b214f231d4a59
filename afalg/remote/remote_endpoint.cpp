// SPDX-License-Identifier: GPL-2.0
#include "afalg/remote/remote_endpoint.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "afalg/protocol/auth.h"

namespace kcshim::afalg {

using clock = std::chrono::steady_clock;
using proto::MsgType;

namespace {

int ms_left(clock::time_point until)
{
	auto d = std::chrono::duration_cast<std::chrono::milliseconds>(until - clock::now());
	return d.count() < 0 ? 0 : static_cast<int>(std::min<long long>(d.count(), 1 << 30));
}

/* 0 when @fd is ready for @events, -ETIMEDOUT, or -errno. */
int wait_fd(int fd, short events, clock::time_point until)
{
	for (;;) {
		struct pollfd p = {fd, events, 0};
		int n = ::poll(&p, 1, ms_left(until));
		if (n > 0)
			return 0;
		if (n == 0)
			return -ETIMEDOUT;
		if (errno != EINTR)
			return -errno;
	}
}

/*
 * write() to a pipe whose reader died raises SIGPIPE.  A library must not
 * change the process's disposition, so block it in this thread for the
 * write and swallow a signal the write itself raised.
 */
ssize_t write_nosigpipe(int fd, const void *p, size_t n)
{
	ssize_t r = ::send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
	if (r >= 0 || errno != ENOTSOCK)
		return r;

	sigset_t pipe_set, old;
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	r = ::write(fd, p, n);
	int saved = errno;
	if (r < 0 && errno == EPIPE) {
		struct timespec zero = {0, 0};
		sigtimedwait(&pipe_set, nullptr, &zero);
	}
	pthread_sigmask(SIG_SETMASK, &old, nullptr);
	errno = saved;
	return r;
}

void set_nonblock(int fd)
{
	int fl = ::fcntl(fd, F_GETFL);
	if (fl >= 0)
		::fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* Non-blocking connect bounded by @until; returns the fd or -errno. */
int connect_bounded(int family, const sockaddr *sa, socklen_t len, clock::time_point until)
{
	int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -errno;
	if (::connect(fd, sa, len) < 0 && errno != EINPROGRESS) {
		int e = -errno;
		::close(fd);
		return e;
	}
	int e = wait_fd(fd, POLLOUT, until);
	int soerr = 0;
	socklen_t sl = sizeof(soerr);
	if (!e && ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) == 0 && soerr)
		e = -soerr;
	if (e) {
		::close(fd);
		return e;
	}
	if (family != AF_UNIX) {
		int one = 1;
		::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	}
	return fd;
}

Result<int> dial(const std::string &address, clock::time_point until)
{
	if (address.rfind("unix:", 0) == 0) {
		std::string path = address.substr(5);
		struct sockaddr_un sun = {};
		sun.sun_family = AF_UNIX;
		if (path.empty() || path.size() >= sizeof(sun.sun_path))
			return fail(-EINVAL, Stage::setup, "bad unix socket path: " + address);
		std::memcpy(sun.sun_path, path.data(), path.size());
		int fd = connect_bounded(AF_UNIX, reinterpret_cast<sockaddr *>(&sun), sizeof(sun),
					 until);
		if (fd < 0)
			return fail(fd, Stage::transport, "connect " + address);
		return fd;
	}
	if (address.rfind("tcp://", 0) == 0) {
		std::string hp = address.substr(6);
		size_t colon = hp.rfind(':');
		if (colon == std::string::npos || colon == 0)
			return fail(-EINVAL, Stage::setup, "expected tcp://HOST:PORT: " + address);
		std::string host = hp.substr(0, colon), port = hp.substr(colon + 1);
		if (host.size() > 2 && host.front() == '[' && host.back() == ']')
			host = host.substr(1, host.size() - 2);
		struct addrinfo hints = {}, *res = nullptr;
		hints.ai_socktype = SOCK_STREAM;
		if (int g = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &res))
			return fail(-EHOSTUNREACH, Stage::transport,
				    "resolve " + host + ": " + gai_strerror(g));
		int fd = -ECONNREFUSED;
		for (auto *ai = res; ai && fd < 0; ai = ai->ai_next)
			fd = connect_bounded(ai->ai_family, ai->ai_addr, ai->ai_addrlen, until);
		::freeaddrinfo(res);
		if (fd < 0)
			return fail(fd, Stage::transport, "connect " + address);
		return fd;
	}
	return fail(-EINVAL, Stage::setup, "address must be tcp://HOST:PORT or unix:PATH: " + address);
}

} /* namespace */

RemoteEndpoint::RemoteEndpoint(int in_fd, int out_fd, const Options &opt)
	: in_fd_(in_fd), out_fd_(out_fd), opt_(opt)
{
	set_nonblock(in_fd_);
	set_nonblock(out_fd_);
}

RemoteEndpoint::~RemoteEndpoint()
{
	::close(in_fd_);
	if (out_fd_ != in_fd_)
		::close(out_fd_);
}

Result<std::unique_ptr<RemoteEndpoint>> RemoteEndpoint::connect(const std::string &address,
								const Options &opt)
{
	auto fd = dial(address, clock::now() + opt.connect_timeout);
	if (!fd)
		return fd.error();
	return over_fds(*fd, *fd, opt);
}

Result<std::unique_ptr<RemoteEndpoint>> RemoteEndpoint::over_fds(int in_fd, int out_fd,
								 const Options &opt)
{
	std::unique_ptr<RemoteEndpoint> ep(new RemoteEndpoint(in_fd, out_fd, opt));
	Error e = ep->handshake();
	if (e.err)
		return e;
	return ep;
}

int RemoteEndpoint::write_all(const Bytes &b, clock::time_point until)
{
	size_t off = 0;
	while (off < b.size()) {
		size_t chunk = b.size() - off;
		if (window_) {
			/* Flow control: wait for CREDIT before exceeding the window. */
			while (outstanding_ >= window_) {
				proto::Header hdr;
				auto f = read_frame(hdr, until);
				if (!f)
					return f.err();
				std::uint32_t c = 0;
				if (hdr.type != MsgType::credit || proto::decode_credit(*f, c) ||
				    c > outstanding_)
					return -EPROTO;
				outstanding_ -= c;
			}
			chunk = std::min<size_t>(chunk, window_ - outstanding_);
		}
		ssize_t n = write_nosigpipe(out_fd_, b.data() + off, chunk);
		if (n > 0)
			outstanding_ += window_ ? static_cast<size_t>(n) : 0;
		if (n > 0) {
			off += static_cast<size_t>(n);
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return -errno;
		if (int e = wait_fd(out_fd_, POLLOUT, until))
			return e;
	}
	return 0;
}

int RemoteEndpoint::read_exact(std::uint8_t *p, size_t n, clock::time_point until)
{
	size_t off = 0;
	while (off < n) {
		ssize_t r = ::read(in_fd_, p + off, n - off);
		if (r > 0) {
			off += static_cast<size_t>(r);
			continue;
		}
		if (r == 0)
			return -ECONNRESET;
		if (errno != EAGAIN && errno != EINTR)
			return -errno;
		if (int e = wait_fd(in_fd_, POLLIN, until))
			return e;
	}
	return 0;
}

Result<Bytes> RemoteEndpoint::read_frame(proto::Header &hdr, clock::time_point until)
{
	std::uint8_t h[proto::header_size];
	if (int e = read_exact(h, sizeof(h), until))
		return fail(e, Stage::transport, "reading reply header");
	/* Replies may exceed our own request limit; cap at the protocol max. */
	if (int e = proto::decode_header(h, 64u << 20, hdr))
		return fail(e, Stage::transport, "bad reply header");
	Bytes body(hdr.length);
	if (int e = read_exact(body.data(), body.size(), until))
		return fail(e, Stage::transport, "reading reply body");
	return body;
}

Result<Bytes> RemoteEndpoint::read_reply(proto::Header &hdr, clock::time_point until)
{
	for (;;) {
		auto f = read_frame(hdr, until);
		if (!f || hdr.type != MsgType::credit)
			return f;
		std::uint32_t c = 0;
		if (!window_ || proto::decode_credit(*f, c) || c > outstanding_)
			return fail(-EPROTO, Stage::transport, "unexpected CREDIT");
		outstanding_ -= c;
	}
}

Error RemoteEndpoint::handshake()
{
	auto until = clock::now() + opt_.connect_timeout;
	proto::Header hdr;
	auto body = read_frame(hdr, until);
	if (!body)
		return body.error();
	proto::Hello hello;
	if (hdr.type == MsgType::error) {
		proto::ErrorMsg em;
		if (proto::decode(*body, em) == 0)
			return fail(em.err, em.stage, "server: " + em.what);
	}
	if (hdr.type != MsgType::hello || proto::decode(*body, hello))
		return fail(-EPROTO, Stage::auth, "expected HELLO");
	server_max_body_ = hello.max_body;
	window_ = hello.window;

	proto::Auth a;
	if (!auth::make_nonce(a.client_nonce))
		return fail(-EIO, Stage::auth, "no random nonce");
	a.mac = auth::client_proof(opt_.secret, hello.nonce, a.client_nonce);
	std::uint32_t id = next_id_++;
	if (int e = write_all(proto::encode_frame(MsgType::auth, id, proto::encode(a)), until))
		return fail(e, Stage::transport, "sending AUTH");

	body = read_reply(hdr, until);
	if (!body)
		return body.error();
	if (hdr.type == MsgType::error) {
		proto::ErrorMsg em;
		if (proto::decode(*body, em))
			return fail(-EPROTO, Stage::auth, "malformed ERROR");
		return fail(em.err, em.stage, "server: " + em.what);
	}
	proto::AuthOk ok;
	if (hdr.type != MsgType::auth_ok || hdr.id != id || proto::decode(*body, ok))
		return fail(-EPROTO, Stage::auth, "expected AUTH_OK");
	/* Mutual: a server that does not know the secret cannot answer this. */
	if (!auth::mac_equal(ok.mac, auth::server_proof(opt_.secret, hello.nonce, a.client_nonce)))
		return fail(-EACCES, Stage::auth, "server proof does not match the secret");
	kernel_version_ = ok.kernel_version;
	return Error{};
}

Result<Bytes> RemoteEndpoint::call(MsgType type, const Bytes &body, MsgType want)
{
	std::lock_guard lk(mu_);
	if (broken_)
		return fail(-ENOTCONN, Stage::transport, "connection broken by an earlier error");
	if (server_max_body_ && body.size() > server_max_body_)
		return fail(-EMSGSIZE, Stage::limit,
			    "request of " + std::to_string(body.size()) +
				    " bytes over the server limit " + std::to_string(server_max_body_));

	auto until = clock::now() + opt_.timeout;
	std::uint32_t id = next_id_++;
	if (int e = write_all(proto::encode_frame(type, id, body), until)) {
		broken_ = true;
		return fail(e, Stage::transport, "sending request");
	}
	proto::Header hdr;
	auto reply = read_reply(hdr, until);
	if (!reply) {
		broken_ = true;
		return reply.error();
	}
	if (hdr.id != id) {
		broken_ = true;
		return fail(-EPROTO, Stage::transport, "reply for another request");
	}
	if (hdr.type == MsgType::error) {
		proto::ErrorMsg em;
		if (proto::decode(*reply, em))
			return fail(-EPROTO, Stage::transport, "malformed ERROR");
		return fail(em.err, em.stage, em.what);
	}
	if (hdr.type != want)
		return fail(-EPROTO, Stage::transport,
			    std::string("unexpected ") + proto::msg_name(hdr.type));
	return reply;
}

static std::vector<Bytes> copy_pieces(std::span<const ByteView> pieces)
{
	std::vector<Bytes> v;
	v.reserve(pieces.size());
	for (ByteView p : pieces)
		v.emplace_back(p.begin(), p.end());
	return v;
}

static std::optional<Bytes> copy_key(std::optional<ByteView> key)
{
	if (!key)
		return std::nullopt;
	return Bytes(key->begin(), key->end());
}

Result<std::vector<DriverInfo>> RemoteEndpoint::list()
{
	auto r = call(MsgType::list, {}, MsgType::list_ok);
	if (!r)
		return r.error();
	std::vector<DriverInfo> out;
	if (proto::decode_list_ok(*r, out))
		return fail(-EPROTO, Stage::transport, "malformed LIST_OK");
	return out;
}

Result<SpeedResult> RemoteEndpoint::speed(const SpeedRequest &q)
{
	if (check_speed_request(q))
		return fail(-EINVAL, Stage::limit, "SPEED request outside its bounds");
	if (std::chrono::milliseconds(q.duration_ms) >= opt_.timeout)
		return fail(-EINVAL, Stage::limit, "SPEED duration not under the request timeout");
	auto r = call(MsgType::speed, proto::encode(q), MsgType::speed_ok);
	if (!r)
		return r.error();
	SpeedResult out;
	if (proto::decode_speed_ok(*r, out))
		return fail(-EPROTO, Stage::transport, "malformed SPEED_OK");
	return out;
}

Result<Bytes> RemoteEndpoint::hash(std::string_view alg, std::optional<ByteView> key,
				   std::span<const ByteView> pieces)
{
	proto::HashReq q{std::string(alg), copy_key(key), copy_pieces(pieces)};
	auto r = call(MsgType::hash, proto::encode(q), MsgType::hash_ok);
	if (!r)
		return r.error();
	Bytes d;
	if (proto::decode_hash_ok(*r, d))
		return fail(-EPROTO, Stage::transport, "malformed HASH_OK");
	return d;
}

Result<HashCloneResult> RemoteEndpoint::hash_clone(std::string_view alg,
						   std::optional<ByteView> key,
						   std::span<const ByteView> prefix,
						   ByteView suffix_a, ByteView suffix_b)
{
	proto::HashCloneReq q{std::string(alg), copy_key(key), copy_pieces(prefix),
			      Bytes(suffix_a.begin(), suffix_a.end()),
			      Bytes(suffix_b.begin(), suffix_b.end())};
	auto r = call(MsgType::hash_clone, proto::encode(q), MsgType::hash_clone_ok);
	if (!r)
		return r.error();
	HashCloneResult out;
	if (proto::decode_hash_clone_ok(*r, out))
		return fail(-EPROTO, Stage::transport, "malformed HASH_CLONE_OK");
	return out;
}

Result<SkcipherResult> RemoteEndpoint::skcipher(std::string_view alg, bool encrypt, ByteView key,
						ByteView iv, std::span<const ByteView> pieces)
{
	proto::SkcipherReq q{std::string(alg), encrypt, Bytes(key.begin(), key.end()),
			     Bytes(iv.begin(), iv.end()), copy_pieces(pieces)};
	auto r = call(MsgType::skcipher, proto::encode(q), MsgType::skcipher_ok);
	if (!r)
		return r.error();
	SkcipherResult out;
	if (proto::decode_skcipher_ok(*r, out))
		return fail(-EPROTO, Stage::transport, "malformed SKCIPHER_OK");
	return out;
}

Result<std::string> RemoteEndpoint::kernel_version()
{
	return kernel_version_;
}

Result<std::vector<BatchResult>> RemoteEndpoint::batch(const BatchRequest &req,
						       clock::time_point until)
{
	if (req.cases.empty())
		return std::vector<BatchResult>{};
	const proto::Limits lim;	/* the protocol's defaults bound what we send */
	auto too_long = [&lim](const BatchCase &c) {
		return c.msg.len > lim.max_gen_len || c.suffix_a.len > lim.max_gen_len ||
		       c.suffix_b.len > lim.max_gen_len || c.splits.size() > lim.max_pieces;
	};
	if (no_batch_)
		return KernelEndpoint::batch(req, until);
	if (too_long(req.cases.front()))	/* its bytes must travel: a plain request */
		return std::vector<BatchResult>{
			run_case(*this, req.alg, req.cases.front(), req.full_max)};

	/* The longest prefix that fits one frame and the server's limits. */
	const size_t max_body = server_max_body_ ? server_max_body_ : lim.max_body;
	const size_t head = proto::encode_batch_head(req.alg, req.full_max, 0).size();
	Bytes cases;
	std::uint32_t n = 0;
	std::uint64_t gen = 0;
	for (const auto &c : req.cases) {
		if (n == lim.max_batch_cases || too_long(c))
			break;
		std::uint64_t g = std::uint64_t(c.msg.len) + c.suffix_a.len + c.suffix_b.len;
		Bytes one = proto::encode_batch_case(c);
		if (n && (head + cases.size() + one.size() > max_body || gen + g > lim.max_gen_total))
			break;
		cases.insert(cases.end(), one.begin(), one.end());
		gen += g;
		n++;
	}
	Bytes body = proto::encode_batch_head(req.alg, req.full_max, n);
	body.insert(body.end(), cases.begin(), cases.end());

	auto r = call(MsgType::batch, body, MsgType::batch_ok);
	if (!r) {
		if (r.err() == -EOPNOTSUPP && r.error().stage == Stage::transport) {
			no_batch_ = true;
			return KernelEndpoint::batch(req, until);
		}
		return r.error();
	}
	std::vector<BatchResult> out;
	if (proto::decode_batch_ok(*r, n, out) || out.empty())
		return fail(-EPROTO, Stage::transport, "malformed BATCH_OK");
	return out;
}

} /* namespace kcshim::afalg */
