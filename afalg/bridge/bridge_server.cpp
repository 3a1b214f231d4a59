// SPDX-License-Identifier: GPL-2.0
#include "afalg/bridge/bridge_server.h"

#include <cerrno>
#include <fcntl.h>
#include <list>
#include <termios.h>
#include <thread>
#include <unistd.h>

#include "afalg/bridge/bridge_session.h"

namespace kcshim::afalg {

using tcp = asio::ip::tcp;
using unix_sock = asio::local::stream_protocol;

struct BridgeServer::Core {
	Core(KernelEndpoint &ep_, BridgeConfig cfg_)
		: cfg(std::move(cfg_)), pool(cfg.workers ? cfg.workers : 1),
		  host{ep_, cfg, pool, {}, {}}
	{
		auto v = ep_.kernel_version();
		host.kernel_version = v ? *v : std::string("unknown");
		host.on_close = [this] { live--; };
	}

	BridgeConfig cfg;
	asio::io_context io;
	asio::thread_pool pool;
	SessionHost host;
	std::list<tcp::acceptor> tcp_acceptors;
	std::list<unix_sock::acceptor> unix_acceptors;
	/* Sessions by weak reference, so stop() can close them. */
	std::vector<std::function<void()>> closers;
	std::atomic<unsigned int> live{0};	/* written on the I/O thread only */
	std::thread bg;

	template <typename Stream>
	void adopt(Stream s, std::string peer)
	{
		if (live >= cfg.max_connections) {
			/* Tell the client why before hanging up. */
			auto frame = std::make_shared<Bytes>(
				error_frame(0, -EBUSY, Stage::limit, "too many connections"));
			auto sp = std::make_shared<Stream>(std::move(s));
			asio::async_write(*sp, asio::buffer(*frame),
					  [sp, frame](boost::system::error_code, size_t) {
						  close_stream(*sp);
					  });
			host.log("bridge: " + peer + ": refused, connection limit");
			return;
		}
		live++;
		auto sess = std::make_shared<Session<Stream>>(host, std::move(s), peer);
		std::weak_ptr<Session<Stream>> w = sess;
		closers.push_back([w] {
			if (auto p = w.lock())
				p->close("server stopping");
		});
		host.log("bridge: " + peer + ": connected");
		sess->start();
	}

	void accept_tcp(tcp::acceptor &acc)
	{
		acc.async_accept([this, &acc](boost::system::error_code ec, tcp::socket s) {
			if (ec == asio::error::operation_aborted)
				return;
			if (!ec) {
				boost::system::error_code e2;
				auto ep = s.remote_endpoint(e2);
				s.set_option(tcp::no_delay(true), e2);
				adopt(std::move(s), e2 ? std::string("tcp:?")
						       : "tcp:" + ep.address().to_string() + ":" +
								 std::to_string(ep.port()));
			}
			accept_tcp(acc);
		});
	}

	void accept_unix(unix_sock::acceptor &acc)
	{
		acc.async_accept([this, &acc](boost::system::error_code ec, unix_sock::socket s) {
			if (ec == asio::error::operation_aborted)
				return;
			if (!ec)
				adopt(std::move(s), "unix");
			accept_unix(acc);
		});
	}

	void shutdown()
	{
		for (auto &a : tcp_acceptors) {
			boost::system::error_code ec;
			a.close(ec);
		}
		for (auto &a : unix_acceptors) {
			boost::system::error_code ec;
			a.close(ec);
		}
		for (auto &c : closers)
			c();
		closers.clear();
		io.stop();
	}
};

BridgeServer::BridgeServer(KernelEndpoint &ep, BridgeConfig cfg)
	: core_(std::make_unique<Core>(ep, std::move(cfg)))
{
}

BridgeServer::~BridgeServer()
{
	stop();
	if (core_->bg.joinable())
		core_->bg.join();
	/* Workers may still post replies; let them finish first. */
	core_->pool.join();
}

Result<std::uint16_t> BridgeServer::listen_tcp(const std::string &host, std::uint16_t port)
{
	boost::system::error_code ec;
	auto addr = asio::ip::make_address(host, ec);
	if (ec)
		return fail(-EINVAL, Stage::setup, "not an IP address: " + host);
	tcp::endpoint ep(addr, port);
	auto &acc = core_->tcp_acceptors.emplace_back(core_->io);
	acc.open(ep.protocol(), ec);
	if (!ec)
		acc.set_option(tcp::acceptor::reuse_address(true), ec);
	if (!ec)
		acc.bind(ep, ec);
	if (!ec)
		acc.listen(asio::socket_base::max_listen_connections, ec);
	if (ec) {
		core_->tcp_acceptors.pop_back();
		return fail(-ec.value(), Stage::setup, "listen on " + host + ": " + ec.message());
	}
	std::uint16_t bound = acc.local_endpoint(ec).port();
	core_->accept_tcp(acc);
	return bound;
}

Result<std::uint16_t> BridgeServer::listen_unix(const std::string &path)
{
	boost::system::error_code ec;
	::unlink(path.c_str());
	auto &acc = core_->unix_acceptors.emplace_back(core_->io);
	unix_sock::endpoint ep(path);
	acc.open(ep.protocol(), ec);
	if (!ec)
		acc.bind(ep, ec);
	if (!ec)
		acc.listen(asio::socket_base::max_listen_connections, ec);
	if (ec) {
		core_->unix_acceptors.pop_back();
		return fail(-ec.value(), Stage::setup, "listen on " + path + ": " + ec.message());
	}
	core_->accept_unix(acc);
	return std::uint16_t{0};
}

/* Binary frames must pass a tty unchanged: no echo, no CR/LF mapping, no ^C. */
static int make_raw(int fd)
{
	struct termios t;
	if (!isatty(fd))
		return 0;
	if (tcgetattr(fd, &t) < 0)
		return -errno;
	cfmakeraw(&t);
	if (tcsetattr(fd, TCSANOW, &t) < 0)
		return -errno;
	return 0;
}

int BridgeServer::serve_fds(int in_fd, int out_fd)
{
	/* epoll refuses one fd twice, and a tty is one fd both ways. */
	if (out_fd == in_fd)
		out_fd = ::fcntl(in_fd, F_DUPFD_CLOEXEC, 3);
	if (out_fd < 0)
		return -errno;
	if (int e = make_raw(in_fd))
		return e;
	if (int e = make_raw(out_fd))
		return e;
	auto *core = core_.get();
	/* Stay well below n_tty's 4096-byte buffer minus its 128-byte margin. */
	if (isatty(in_fd) && !core->cfg.credit_window)
		core->cfg.credit_window = 2048;
	core->host.on_close = [core] {
		core->live--;
		/* An fd session is the whole server: its end is ours. */
		core->shutdown();
	};
	try {
		core->adopt(FdPairStream(core->io, in_fd, out_fd), "fd");
	} catch (const boost::system::system_error &e) {
		return -e.code().value();
	}
	return 0;
}

void BridgeServer::run()
{
	/* Keep running with no listener yet (serve_fds/listen may come later). */
	auto guard = asio::make_work_guard(core_->io);
	core_->io.run();
}

void BridgeServer::start()
{
	core_->bg = std::thread([this] { run(); });
}

void BridgeServer::stop()
{
	asio::post(core_->io, [core = core_.get()] { core->shutdown(); });
}

unsigned int BridgeServer::connections() const
{
	return core_->live.load();
}

} /* namespace kcshim::afalg */
