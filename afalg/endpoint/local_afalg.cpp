// SPDX-License-Identifier: GPL-2.0
#include "afalg/endpoint/local_afalg.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "afalg/endpoint/syscall_deadline.h"
#include "afalg/endpoint/kcapi_glue.h"
#include "afalg/endpoint/proc_crypto.h"
#include "afalg/endpoint/raw_hash.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

namespace kcshim::afalg {

/*
 * Bytes of cipher input we let the kernel hold before reading: far below
 * SO_SNDBUF (212992 by default) even with one more max_cipher_piece queued,
 * and a multiple of more_read_unit.
 */
constexpr size_t read_threshold = 32 * 1024;

/*
 * 6.12's AF_ALG reads in whole chunks while MSG_MORE is set and then waits
 * for the rest of the caller's buffer (skcipher_recvmsg() loops, and
 * _skcipher_recvmsg() reverts the part it did not fill): a read under
 * MSG_MORE that is not a multiple of the chunksize never returns. Reads
 * under MSG_MORE are therefore whole multiples of a page, which every
 * chunksize divides. And once the final part is sent without MSG_MORE,
 * af_alg_pull_tsgl() clears ctx->init, so that part must be read in one go:
 * it is at most a page, after all but less than a page of the rest is read.
 */
constexpr size_t more_read_unit = 4096;
constexpr size_t final_part = more_read_unit;

std::string LocalAfalg::restriction()
{
	std::ifstream in("/proc/sys/crypto/af_alg_restrict");
	int level = 0;
	if (!(in >> level) || level == 0)
		return {};
	return "/proc/sys/crypto/af_alg_restrict is " + std::to_string(level) +
	       ": this kernel's AF_ALG binds only its allowlist of names, so most drivers will "
	       "answer ENOENT; as root, `sysctl crypto.af_alg_restrict=0` opens it";
}

LocalAfalg::LocalAfalg(std::chrono::milliseconds timeout) : timeout_(timeout) {}

int LocalAfalg::probe()
{
	int fd = ::socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	::close(fd);
	return 0;
}

Result<std::vector<DriverInfo>> LocalAfalg::list()
{
	return read_proc_crypto();
}

Result<std::string> LocalAfalg::kernel_version()
{
	struct utsname u;
	if (::uname(&u) < 0)
		return fail(-errno, Stage::setup, "uname");
	return std::string(u.release);
}

Result<Bytes> LocalAfalg::hash(std::string_view alg, std::optional<ByteView> key,
			       std::span<const ByteView> pieces)
{
	Deadline dl(timeout_);
	auto h = kcapi::md_init(std::string(alg));
	if (!h)
		return h.error();
	if (key)
		if (int e = kcapi::md_setkey(*h, *key))
			return fail(e, Stage::setkey);

	if (pieces.size() == 1) {
		auto r = kcapi::md_digest(*h, pieces[0]);
		if (!r)
			return fail(static_cast<int>(dl.check(r.err())), r.error().stage);
		return r;
	}
	for (ByteView p : pieces)
		if (int e = kcapi::md_update(*h, p))
			return fail(static_cast<int>(dl.check(e)), Stage::send);
	auto r = kcapi::md_final(*h);
	if (!r)
		return fail(static_cast<int>(dl.check(r.err())), Stage::recv);
	return r;
}

Result<HashCloneResult> LocalAfalg::hash_clone(std::string_view alg,
					       std::optional<ByteView> key,
					       std::span<const ByteView> prefix,
					       ByteView suffix_a, ByteView suffix_b)
{
	Deadline dl(timeout_);
	return raw_hash_clone(alg, key, prefix, suffix_a, suffix_b, dl);
}

namespace {

/* Read whatever the kernel has processed into @out at @done. */
long drain(kcapi::Handle &h, Bytes &out, size_t &done, size_t want)
{
	if (out.size() < done + want)
		out.resize(done + want);
	long n = kcapi::stream_op(h, std::span(out).subspan(done, want));
	if (n > 0)
		done += static_cast<size_t>(n);
	return n;
}

/*
 * One skcipher request over the stream API (trap 2: never the one-shot call).
 * Each piece goes out in slices of at most max_cipher_piece bytes; once more
 * than read_threshold bytes are pending they are read back, so the socket
 * buffer never fills and sendmsg never sleeps. The last final_part bytes go
 * out without MSG_MORE after all but a page of the rest is read.
 */
Result<Bytes> run_request(kcapi::Handle &h, bool encrypt, ByteView iv,
			  std::span<const ByteView> pieces, const Deadline &dl)
{
	size_t total = 0;
	for (ByteView p : pieces)
		total += p.size();
	const size_t more_until = total - std::min(total, final_part);

	if (long r = kcapi::stream_init(h, encrypt, iv); r < 0)
		return fail(static_cast<int>(dl.check(r)), Stage::send);

	Bytes out;
	size_t sent = 0, done = 0;
	/* reads under MSG_MORE while @floor or more bytes are pending */
	auto read_back = [&](size_t floor) -> long {
		while (sent - done >= floor) {
			long n = drain(h, out, done, (sent - done) / more_read_unit * more_read_unit);
			if (n <= 0)
				return n;
		}
		return 0;
	};
	if (pieces.empty()) {
		if (long r = kcapi::stream_update(h, {}, true); r < 0)
			return fail(static_cast<int>(dl.check(r)), Stage::send);
	}
	for (size_t i = 0; i < pieces.size(); i++) {
		ByteView p = pieces[i];
		do {
			size_t most = kcapi::max_cipher_piece;
			if (sent < more_until)
				most = std::min(most, more_until - sent);
			ByteView slice = p.first(std::min(p.size(), most));
			p = p.subspan(slice.size());
			bool last = i + 1 == pieces.size() && p.empty();
			if (last)
				if (long n = read_back(more_read_unit); n < 0)
					return fail(static_cast<int>(dl.check(n)), Stage::recv);
			long r = kcapi::stream_update(h, slice, last);
			if (r < 0)
				return fail(static_cast<int>(dl.check(r)), Stage::send);
			sent += slice.size();
			if (!last)
				if (long n = read_back(read_threshold); n < 0)
					return fail(static_cast<int>(dl.check(n)), Stage::recv);
		} while (!p.empty());
	}
	/* Everything is sent without MSG_MORE now: the rest is available. */
	while (done < total) {
		long n = drain(h, out, done, total - done);
		if (n < 0)
			return fail(static_cast<int>(dl.check(n)), Stage::recv);
		if (n == 0)
			break;
	}
	out.resize(done);
	return out;
}

} /* namespace */

Result<SkcipherResult> LocalAfalg::skcipher(std::string_view alg, bool encrypt, ByteView key,
					    ByteView iv, std::span<const ByteView> pieces)
{
	Deadline dl(timeout_);
	auto h = kcapi::cipher_init(std::string(alg));
	if (!h)
		return h.error();
	if (int e = kcapi::cipher_setkey(*h, key))
		return fail(e, Stage::setkey);

	/*
	 * libkcapi copies ivsize bytes from our pointer whatever we pass, so a
	 * wrong length is refused here with the error the kernel gives for a
	 * wrong ALG_SET_IV length.
	 */
	unsigned int ivsize = kcapi::cipher_ivsize(*h);
	if (iv.size() != ivsize)
		return fail(-EINVAL, Stage::send, "IV length " + std::to_string(iv.size()) +
				     " != ivsize " + std::to_string(ivsize));

	auto out = run_request(*h, encrypt, iv, pieces, dl);
	if (!out)
		return out.error();

	SkcipherResult res;
	res.out = std::move(*out);
	if (ivsize) {
		/* See SkcipherResult::chained: continue without ALG_SET_IV. */
		size_t n = std::max<size_t>(ivsize, kcapi::cipher_blocksize(*h));
		Bytes zero(n);
		if (long r = kcapi::stream_update(*h, zero, true); r < 0)
			return fail(static_cast<int>(dl.check(r)), Stage::send, "chained probe");
		Bytes probe;
		size_t done = 0;
		while (done < n) {
			long k = drain(*h, probe, done, n - done);
			if (k < 0)
				return fail(static_cast<int>(dl.check(k)), Stage::recv, "chained probe");
			if (k == 0)
				break;
		}
		probe.resize(done);
		res.chained = std::move(probe);
	}
	return res;
}

} /* namespace kcshim::afalg */

namespace kcshim::afalg {

namespace {

using speed_clock = std::chrono::steady_clock;

/* One hash operation of SpeedRequest: digest, or init/update.../final. */
int hash_op(kcapi::Handle &h, const SpeedRequest &q, ByteView buf)
{
	if (q.update == q.block)
		return kcapi::md_digest(h, buf).err();
	for (size_t off = 0; off < buf.size(); off += q.update)
		if (int e = kcapi::md_update(h, buf.subspan(off, std::min<size_t>(q.update,
										  buf.size() - off))))
			return e;
	return kcapi::md_final(h).err();
}

} /* namespace */

Result<SpeedResult> LocalAfalg::speed(const SpeedRequest &q)
{
	if (check_speed_request(q))
		return fail(-EINVAL, Stage::limit, "SPEED request outside its bounds");
	/* The loop takes duration_ms; the other half of the deadline is for the last op. */
	if (std::chrono::milliseconds(q.duration_ms) * 2 > timeout_)
		return fail(-EINVAL, Stage::limit,
			    "duration " + std::to_string(q.duration_ms) + " ms over half the " +
				    std::to_string(timeout_.count()) + " ms deadline");
	Deadline dl(timeout_);
	const Bytes buf(q.block, 0x5a);
	const auto len = std::chrono::milliseconds(q.duration_ms);
	SpeedResult res;

	if (!q.skcipher) {
		auto h = kcapi::md_init(q.alg);
		if (!h)
			return h.error();
		if (q.key)
			if (int e = kcapi::md_setkey(*h, *q.key))
				return fail(e, Stage::setkey);
		auto t0 = speed_clock::now(), t = t0;
		do {
			if (int e = hash_op(*h, q, buf))
				return fail(static_cast<int>(dl.check(e)), Stage::send);
			res.ops++;
			t = speed_clock::now();
		} while (t - t0 < len);
		res.ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t - t0).count();
		return res;
	}

	auto h = kcapi::cipher_init(q.alg);
	if (!h)
		return h.error();
	if (int e = kcapi::cipher_setkey(*h, *q.key))
		return fail(e, Stage::setkey);
	const Bytes iv(kcapi::cipher_ivsize(*h));
	const ByteView one[1] = {buf};
	auto t0 = speed_clock::now(), t = t0;
	do {
		auto out = run_request(*h, q.encrypt, iv, one, dl);
		if (!out)
			return out.error();
		res.ops++;
		t = speed_clock::now();
	} while (t - t0 < len);
	res.ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t - t0).count();
	return res;
}

} /* namespace kcshim::afalg */
