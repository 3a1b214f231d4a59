// SPDX-License-Identifier: GPL-2.0
// The bridge's session state machine: a BridgeServer serves one socketpair (serve_fds), the
// harness completes the HMAC handshake as a client would, then sends the input as frames and
// reads every reply until the server closes. The kernel behind it is a stand-in (deterministic
// answers, no AF_ALG), so what is tested is the session: any frame sequence after a valid
// handshake must leave the server answering with well-formed frames or closing, never crashing,
// and the run must end (the server closes once the client has shut down its side).
//
// Input: a sequence of pieces  u8 type | u16 length (big-endian) | length bytes of body;
// each is sent as one frame with that type and an increasing id, a type of 0 sending the body
// as raw bytes instead (a header of its own, or garbage).
#include <cerrno>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <thread>

#include "afalg/protocol/auth.h"
#include "afalg/endpoint/batch.h"
#include "afalg/bridge/bridge_server.h"
#include "afalg/protocol/protocol.h"

namespace {

using namespace kcshim::afalg;
using namespace std::chrono_literals;

const std::string secret = "kcshim fuzzing secret, 32 bytes!";

// Answers like a kernel would in shape: a digest is the SHA-256 of the pieces, a cipher XORs.
class StandInKernel : public KernelEndpoint {
public:
	Result<std::vector<DriverInfo>> list() override
	{
		DriverInfo d;
		d.name = "sha256";
		d.driver = "sha256-standin";
		d.type = "shash";
		d.digestsize = 32;
		return std::vector<DriverInfo>{d};
	}
	Result<Bytes> hash(std::string_view alg, std::optional<ByteView> key,
			   std::span<const ByteView> pieces) override
	{
		if (alg.empty())
			return fail(-ENOENT, Stage::bind);
		Bytes all;
		for (ByteView p : pieces)
			all.insert(all.end(), p.begin(), p.end());
		return sha256(all);
	}
	Result<HashCloneResult> hash_clone(std::string_view alg, std::optional<ByteView> key,
					   std::span<const ByteView> prefix, ByteView suffix_a,
					   ByteView suffix_b) override
	{
		auto a = hash(alg, key, prefix);
		if (!a)
			return a.error();
		HashCloneResult r;
		r.digest_a = *a;
		r.digest_b = *a;
		r.digest_a.insert(r.digest_a.end(), suffix_a.begin(), suffix_a.end());
		r.digest_b.insert(r.digest_b.end(), suffix_b.begin(), suffix_b.end());
		return r;
	}
	Result<SkcipherResult> skcipher(std::string_view alg, bool encrypt, ByteView key,
					ByteView iv, std::span<const ByteView> pieces) override
	{
		if (key.empty())
			return fail(-EINVAL, Stage::setkey);
		SkcipherResult r;
		for (ByteView p : pieces)
			for (std::uint8_t b : p)
				r.out.push_back(b ^ key[r.out.size() % key.size()]);
		r.chained.assign(iv.begin(), iv.end());
		return r;
	}
	Result<std::string> kernel_version() override { return std::string("0.0.0-standin"); }
};

bool read_exact(int fd, std::uint8_t *p, std::size_t n)
{
	while (n) {
		/* libFuzzer's SIGALRM (its -timeout check, once a second) interrupts us: go on */
		pollfd pf = {fd, POLLIN, 0};
		int ready = poll(&pf, 1, 5000);
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready != 1)
			return false;
		ssize_t got = read(fd, p, n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return false;
		p += got;
		n -= got;
	}
	return true;
}

// The next frame from the server; false at EOF. A malformed frame from the server aborts.
bool next_frame(int fd, proto::Header &h, Bytes &body)
{
	Bytes head(proto::header_size);
	if (!read_exact(fd, head.data(), head.size()))
		return false;
	if (proto::decode_header(head, 64u << 20, h))
		abort();	// the server wrote something that is not a frame
	body.resize(h.length);
	if (!read_exact(fd, body.data(), body.size()))
		return false;
	return true;
}

void write_all(int fd, const Bytes &b)
{
	std::size_t off = 0;
	while (off < b.size()) {
		ssize_t n = send(fd, b.data() + off, b.size() - off, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;		// the server closed: fine
		off += n;
	}
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	static StandInKernel kernel;
	BridgeConfig cfg;
	cfg.secret = secret;
	cfg.workers = 1;
	cfg.limits.max_body = 1 << 16;
	cfg.limits.max_pieces = 64;
	cfg.limits.max_batch_cases = 64;
	cfg.limits.max_gen_len = 1 << 16;
	cfg.limits.max_gen_total = 1 << 20;
	cfg.handshake_timeout = 2s;
	cfg.frame_timeout = 2s;
	cfg.request_timeout = 4s;
	cfg.allow_speed = false;	// a timing loop is time, not state

	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		abort();
	BridgeServer server(kernel, cfg);
	if (server.serve_fds(sv[0], sv[0]))
		abort();
	std::thread io([&] { server.run(); });
	int fd = sv[1];

	proto::Header h;
	Bytes body;
	proto::Hello hello;
	if (!next_frame(fd, h, body) || h.type != proto::MsgType::hello || proto::decode(body, hello))
		abort();
	proto::Auth a;
	auth::make_nonce(a.client_nonce);
	a.mac = auth::client_proof(secret, hello.nonce, a.client_nonce);
	write_all(fd, proto::encode_frame(proto::MsgType::auth, 1, proto::encode(a)));
	if (!next_frame(fd, h, body) || h.type != proto::MsgType::auth_ok)
		abort();

	Bytes stream;
	std::uint32_t id = 2;
	for (std::size_t i = 0; i + 3 <= size;) {
		std::uint8_t type = data[i];
		std::size_t len = std::min<std::size_t>(data[i + 1] << 8 | data[i + 2], size - i - 3);
		ByteView piece(data + i + 3, len);
		Bytes frame = type ? proto::encode_frame(static_cast<proto::MsgType>(type), id++, piece)
				   : Bytes(piece.begin(), piece.end());
		stream.insert(stream.end(), frame.begin(), frame.end());
		i += 3 + len;
	}
	std::thread writer([&] {
		write_all(fd, stream);
		shutdown(fd, SHUT_WR);
	});
	while (next_frame(fd, h, body))
		;
	writer.join();
	server.stop();
	io.join();
	close(fd);
	return 0;
}
