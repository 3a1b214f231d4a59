// SPDX-License-Identifier: GPL-2.0
/*
 * Bridge hardening.  A BridgeServer in this process serves the test kernel
 * (local AF_ALG, or the UML guest through its own bridge: a relay), and
 * clients attack it over loopback TCP and a Unix socket.  Reference digests
 * come from OpenSSL, not from the kernel under test.
 */
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <poll.h>
#include <random>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

#include "afalg/protocol/auth.h"
#include "afalg/bridge/bridge_server.h"
#include "afalg/remote/remote_endpoint.h"
#include "tests/afalg/shared_kernel.h"

using namespace kcshim::afalg;
using namespace std::chrono_literals;

namespace {

const std::string secret = "correct horse battery staple";

Bytes sha3_256(ByteView m)
{
	Bytes out(32);
	unsigned int n = 0;
	EVP_Digest(m.data(), m.size(), out.data(), &n, EVP_sha3_256(), nullptr);
	return out;
}

struct Bridge {
	std::unique_ptr<BridgeServer> server;
	std::uint16_t port = 0;
	std::string address() const { return "tcp://127.0.0.1:" + std::to_string(port); }
};

Bridge start_bridge(KernelEndpoint &ep, BridgeConfig cfg = {})
{
	cfg.secret = secret;
	Bridge b;
	b.server = std::make_unique<BridgeServer>(ep, cfg);
	auto p = b.server->listen_tcp("127.0.0.1", 0);
	EXPECT_TRUE(p) << describe(p.error());
	b.port = p ? *p : 0;
	b.server->start();
	return b;
}

RemoteEndpoint::Options opts(const std::string &s = secret)
{
	RemoteEndpoint::Options o;
	o.secret = s;
	o.timeout = 60s;
	return o;
}

/* A hand-rolled client for sending what RemoteEndpoint never would. */
class RawClient {
public:
	explicit RawClient(std::uint16_t port)
	{
		fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		sockaddr_in sa = {};
		sa.sin_family = AF_INET;
		sa.sin_port = htons(port);
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		connected_ = ::connect(fd_, reinterpret_cast<sockaddr *>(&sa), sizeof(sa)) == 0;
	}
	~RawClient()
	{
		if (fd_ >= 0)
			::close(fd_);
	}
	bool connected() const { return connected_; }

	void send(const Bytes &b) { (void)!::send(fd_, b.data(), b.size(), MSG_NOSIGNAL); }

	/* Next frame, or nullopt on EOF/timeout. */
	std::optional<std::pair<proto::Header, Bytes>> frame(std::chrono::milliseconds t = 30s)
	{
		Bytes h(proto::header_size);
		if (!read(h, t))
			return std::nullopt;
		proto::Header hdr;
		if (proto::decode_header(h, 64u << 20, hdr))
			return std::nullopt;
		Bytes body(hdr.length);
		if (!read(body, t))
			return std::nullopt;
		return std::make_pair(hdr, body);
	}

	/* True if the server closed the connection within @t. */
	bool closed_within(std::chrono::milliseconds t)
	{
		std::uint8_t c;
		pollfd p = {fd_, POLLIN, 0};
		while (::poll(&p, 1, static_cast<int>(t.count())) == 1) {
			ssize_t n = ::recv(fd_, &c, 1, 0);
			if (n <= 0)
				return true;
		}
		return false;
	}

	/* Do the handshake properly; returns false if refused. */
	bool authenticate(const std::string &s = secret)
	{
		auto hello = frame();
		proto::Hello h;
		if (!hello || proto::decode(hello->second, h))
			return false;
		proto::Auth a;
		auth::make_nonce(a.client_nonce);
		a.mac = auth::client_proof(s, h.nonce, a.client_nonce);
		send(proto::encode_frame(proto::MsgType::auth, 1, proto::encode(a)));
		auto ok = frame();
		return ok && ok->first.type == proto::MsgType::auth_ok;
	}

	/* Abortive close (RST), like a killed process with data in flight. */
	void kill()
	{
		linger l = {1, 0};
		::setsockopt(fd_, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
		::close(fd_);
		fd_ = -1;
	}

	int fd() const { return fd_; }

private:
	bool read(Bytes &b, std::chrono::milliseconds t)
	{
		size_t off = 0;
		while (off < b.size()) {
			pollfd p = {fd_, POLLIN, 0};
			if (::poll(&p, 1, static_cast<int>(t.count())) != 1)
				return false;
			ssize_t n = ::recv(fd_, b.data() + off, b.size() - off, 0);
			if (n <= 0)
				return false;
			off += static_cast<size_t>(n);
		}
		return true;
	}

	int fd_ = -1;
	bool connected_ = false;
};

int error_of(const std::pair<proto::Header, Bytes> &f)
{
	proto::ErrorMsg em;
	if (f.first.type != proto::MsgType::error || proto::decode(f.second, em))
		return 0;
	return em.err;
}

/* The bridge still serves a fresh, well-behaved client correctly. */
void expect_still_serving(const Bridge &b)
{
	auto c = RemoteEndpoint::connect(b.address(), opts());
	ASSERT_TRUE(c) << describe(c.error());
	Bytes m = {'a', 'b', 'c'};
	auto d = hash_oneshot(**c, "sha3-256", m);
	ASSERT_TRUE(d) << describe(d.error());
	EXPECT_EQ(*d, sha3_256(m));
}

} /* namespace */

TEST(Bridge, GoodSecretServesHashListAndSkcipher)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	auto c = RemoteEndpoint::connect(b.address(), opts());
	ASSERT_TRUE(c) << describe(c.error());
	Bytes m(1000, 0x5a);
	auto d = hash_oneshot(**c, "sha3-256-generic", m);
	ASSERT_TRUE(d) << describe(d.error());
	EXPECT_EQ(*d, sha3_256(m));
	auto l = (*c)->list();
	ASSERT_TRUE(l) << describe(l.error());
	EXPECT_FALSE(l->empty());
	auto v = (*c)->kernel_version();
	ASSERT_TRUE(v);
	EXPECT_EQ(*v, *ep->kernel_version());
}

TEST(Bridge, UnixSocketWorks)
{
	KCSHIM_NEED_KERNEL(ep);
	BridgeConfig cfg;
	cfg.secret = secret;
	BridgeServer s(*ep, cfg);
	std::string path = "/tmp/kcshim-bridge-test-" + std::to_string(::getpid()) + ".sock";
	ASSERT_TRUE(s.listen_unix(path));
	s.start();
	auto c = RemoteEndpoint::connect("unix:" + path, opts());
	ASSERT_TRUE(c) << describe(c.error());
	Bytes m = {'x'};
	auto d = hash_oneshot(**c, "sha3-256", m);
	ASSERT_TRUE(d) << describe(d.error());
	EXPECT_EQ(*d, sha3_256(m));
	::unlink(path.c_str());
}

TEST(Bridge, WrongSecretRefused)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	auto c = RemoteEndpoint::connect(b.address(), opts("wrong secret, same length."));
	ASSERT_FALSE(c);
	EXPECT_EQ(c.err(), -EACCES) << describe(c.error());
	EXPECT_EQ(c.error().stage, Stage::auth);
	expect_still_serving(b);
}

TEST(Bridge, RequestBeforeAuthRefusedAndClosed)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	RawClient rc(b.port);
	ASSERT_TRUE(rc.connected());
	ASSERT_TRUE(rc.frame());	/* HELLO */
	rc.send(proto::encode_frame(proto::MsgType::list, 7, {}));
	auto f = rc.frame();
	ASSERT_TRUE(f);
	EXPECT_EQ(error_of(*f), -EACCES);
	EXPECT_TRUE(rc.closed_within(5s));
}

TEST(Bridge, OversizedFrameRefusedBeforeAllocation)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	RawClient rc(b.port);
	ASSERT_TRUE(rc.authenticate());
	/* A header announcing 3 GiB: must be refused from the header alone. */
	Bytes h = proto::encode_frame(proto::MsgType::hash, 9, {});
	h[12] = 0xc0;
	rc.send(h);
	auto f = rc.frame();
	ASSERT_TRUE(f);
	EXPECT_EQ(f->first.id, 9u);
	EXPECT_EQ(error_of(*f), -EMSGSIZE);
	EXPECT_TRUE(rc.closed_within(5s));
	expect_still_serving(b);
}

TEST(Bridge, TruncatedFrameClosesAfterFrameTimeout)
{
	KCSHIM_NEED_KERNEL(ep);
	BridgeConfig cfg;
	cfg.frame_timeout = 500ms;
	auto b = start_bridge(*ep, cfg);
	RawClient rc(b.port);
	ASSERT_TRUE(rc.authenticate());
	Bytes frame = proto::encode_frame(proto::MsgType::hash, 3,
					  proto::encode(proto::HashReq{"sha3-256", {}, {Bytes(100)}}));
	frame.resize(frame.size() - 50);
	rc.send(frame);
	auto t0 = std::chrono::steady_clock::now();
	EXPECT_TRUE(rc.closed_within(10s));
	EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
	expect_still_serving(b);
}

TEST(Bridge, GarbageHeaderGetsErrorAndClose)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	std::mt19937 rng(1234);
	for (int i = 0; i < 5; i++) {
		RawClient rc(b.port);
		ASSERT_TRUE(rc.authenticate());
		Bytes junk(64);
		for (auto &x : junk)
			x = static_cast<std::uint8_t>(rng());
		rc.send(junk);
		auto f = rc.frame();
		ASSERT_TRUE(f) << "round " << i;
		EXPECT_EQ(error_of(*f), -EPROTO) << "round " << i;
		EXPECT_TRUE(rc.closed_within(5s));
	}
	/* Garbage before authenticating: same, no crash. */
	RawClient pre(b.port);
	ASSERT_TRUE(pre.frame());
	pre.send(Bytes(40, 0xff));
	auto f = pre.frame();
	ASSERT_TRUE(f);
	EXPECT_NE(error_of(*f), 0);
	expect_still_serving(b);
}

TEST(Bridge, MalformedBodyGetsErrorConnectionSurvives)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	RawClient rc(b.port);
	ASSERT_TRUE(rc.authenticate());
	rc.send(proto::encode_frame(proto::MsgType::hash, 11, Bytes{0, 200, 1, 2, 3}));
	auto f = rc.frame();
	ASSERT_TRUE(f);
	EXPECT_EQ(f->first.id, 11u);
	EXPECT_EQ(error_of(*f), -EPROTO);
	/* Same connection, a valid request: answered. */
	Bytes m = {'q'};
	rc.send(proto::encode_frame(proto::MsgType::hash, 12,
				    proto::encode(proto::HashReq{"sha3-256", {}, {m}})));
	auto g = rc.frame();
	ASSERT_TRUE(g);
	ASSERT_EQ(g->first.type, proto::MsgType::hash_ok);
	Bytes d;
	ASSERT_EQ(proto::decode_hash_ok(g->second, d), 0);
	EXPECT_EQ(d, sha3_256(m));
}

TEST(Bridge, SlowClientTimedOut)
{
	KCSHIM_NEED_KERNEL(ep);
	BridgeConfig cfg;
	cfg.handshake_timeout = 300ms;
	cfg.idle_timeout = 500ms;
	auto b = start_bridge(*ep, cfg);

	RawClient silent(b.port);	/* never authenticates */
	ASSERT_TRUE(silent.frame());
	EXPECT_TRUE(silent.closed_within(5s));

	RawClient idle(b.port);	/* authenticates, then says nothing */
	ASSERT_TRUE(idle.authenticate());
	auto t0 = std::chrono::steady_clock::now();
	EXPECT_TRUE(idle.closed_within(5s));
	EXPECT_GE(std::chrono::steady_clock::now() - t0, 300ms);
	expect_still_serving(b);
}

TEST(Bridge, FiftyClientsAtOnce)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	constexpr int clients = 50, per_client = 4;
	std::atomic<int> good{0};
	std::vector<std::string> failures(clients);
	std::vector<std::thread> th;
	for (int i = 0; i < clients; i++)
		th.emplace_back([&, i] {
			auto c = RemoteEndpoint::connect(b.address(), opts());
			if (!c) {
				failures[i] = describe(c.error());
				return;
			}
			for (int j = 0; j < per_client; j++) {
				Bytes m(static_cast<size_t>(i * 37 + j), static_cast<std::uint8_t>(i));
				auto d = hash_oneshot(**c, "sha3-256", m);
				if (!d) {
					failures[i] = describe(d.error());
					return;
				}
				if (*d != sha3_256(m)) {
					failures[i] = "wrong digest";
					return;
				}
				good++;
			}
		});
	for (auto &t : th)
		t.join();
	for (int i = 0; i < clients; i++)
		EXPECT_EQ(failures[i], "") << "client " << i;
	EXPECT_EQ(good.load(), clients * per_client);
}

TEST(Bridge, ClientKilledMidRequestLosesNoLiveReply)
{
	KCSHIM_NEED_KERNEL(ep);
	auto b = start_bridge(*ep);
	auto live = RemoteEndpoint::connect(b.address(), opts());
	ASSERT_TRUE(live) << describe(live.error());

	/* Clients that send a request and die with it in flight (RST). */
	std::atomic<int> killed{0};
	std::thread killer([&] {
		Bytes big(20000, 7);
		for (int i = 0; i < 20; i++) {
			RawClient rc(b.port);
			if (!rc.authenticate())
				continue;
			rc.send(proto::encode_frame(proto::MsgType::hash, 5,
						    proto::encode(proto::HashReq{"sha3-256", {}, {big}})));
			rc.kill();
			killed++;
		}
	});
	std::vector<std::string> wrong;
	for (int i = 0; i < 40; i++) {
		Bytes m(static_cast<size_t>(100 + i), static_cast<std::uint8_t>(i));
		auto d = hash_oneshot(**live, "sha3-256", m);
		if (!d)
			wrong.push_back("request " + std::to_string(i) + ": " + describe(d.error()));
		else if (*d != sha3_256(m))
			wrong.push_back("request " + std::to_string(i) + ": wrong digest");
	}
	killer.join();
	EXPECT_TRUE(wrong.empty()) << wrong.front();
	EXPECT_EQ(killed.load(), 20);
	expect_still_serving(b);
}

TEST(Bridge, ConnectionLimitRefusesExtraClient)
{
	KCSHIM_NEED_KERNEL(ep);
	BridgeConfig cfg;
	cfg.max_connections = 2;
	auto b = start_bridge(*ep, cfg);
	auto c1 = RemoteEndpoint::connect(b.address(), opts());
	auto c2 = RemoteEndpoint::connect(b.address(), opts());
	ASSERT_TRUE(c1);
	ASSERT_TRUE(c2);
	auto c3 = RemoteEndpoint::connect(b.address(), opts());
	ASSERT_FALSE(c3);
	EXPECT_EQ(c3.err(), -EBUSY) << describe(c3.error());
	c1->reset();
	/* The slot frees once the server sees the close. */
	bool ok = false;
	for (int i = 0; i < 50 && !ok; i++) {
		ok = static_cast<bool>(RemoteEndpoint::connect(b.address(), opts()));
		if (!ok)
			std::this_thread::sleep_for(50ms);
	}
	EXPECT_TRUE(ok);
}

TEST(Bridge, OperationsOutsideAllowlistRefused)
{
	KCSHIM_NEED_KERNEL(ep);
	BridgeConfig cfg;
	cfg.allow_skcipher = false;
	auto b = start_bridge(*ep, cfg);
	auto c = RemoteEndpoint::connect(b.address(), opts());
	ASSERT_TRUE(c);
	Bytes key(16, 1), iv(8, 0), data(8, 0);
	auto r = skcipher_oneshot(**c, "cbc(cast5)", true, key, iv, data);
	ASSERT_FALSE(r);
	EXPECT_EQ(r.err(), -EOPNOTSUPP);
	/* Reply types are not requests either. */
	RawClient rc(b.port);
	ASSERT_TRUE(rc.authenticate());
	rc.send(proto::encode_frame(proto::MsgType::hash_ok, 4, proto::encode_hash_ok(Bytes(4))));
	auto f = rc.frame();
	ASSERT_TRUE(f);
	EXPECT_EQ(error_of(*f), -EOPNOTSUPP);
}

TEST(Bridge, SpeedIsAllowlistedAndBoundedByTheRequestDeadline)
{
	KCSHIM_NEED_KERNEL(ep);
	SpeedRequest q{"sha3-256-generic", false, true, std::nullopt, 64, 64, 20};
	{
		BridgeConfig cfg;
		cfg.allow_speed = false;
		auto b = start_bridge(*ep, cfg);
		auto c = RemoteEndpoint::connect(b.address(), opts());
		ASSERT_TRUE(c);
		auto r = (*c)->speed(q);
		ASSERT_FALSE(r);
		EXPECT_EQ(r.err(), -EOPNOTSUPP) << describe(r.error());
	}
	{
		BridgeConfig cfg;
		cfg.allow_hash = false;	/* SPEED of a hash needs HASH too */
		auto b = start_bridge(*ep, cfg);
		auto c = RemoteEndpoint::connect(b.address(), opts());
		ASSERT_TRUE(c);
		auto r = (*c)->speed(q);
		ASSERT_FALSE(r);
		EXPECT_EQ(r.err(), -EOPNOTSUPP) << describe(r.error());
	}
	BridgeConfig cfg;
	cfg.request_timeout = 1000ms;
	auto b = start_bridge(*ep, cfg);
	auto c = RemoteEndpoint::connect(b.address(), opts());
	ASSERT_TRUE(c);
	q.duration_ms = 600;	/* over half the 1 s deadline: refused up front */
	auto r = (*c)->speed(q);
	ASSERT_FALSE(r);
	EXPECT_EQ(r.err(), -EINVAL) << describe(r.error());
	EXPECT_EQ(r.error().stage, Stage::limit);
	q.duration_ms = 100;
	auto ok = (*c)->speed(q);
	ASSERT_TRUE(ok) << describe(ok.error());
	EXPECT_GT(ok->ops, 0u);
	EXPECT_GE(ok->ns, 100'000'000u);
}
