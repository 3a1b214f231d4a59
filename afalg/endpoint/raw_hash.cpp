// SPDX-License-Identifier: GPL-2.0
#include "afalg/endpoint/raw_hash.h"

#include <cerrno>
#include <cstring>
#include <linux/if_alg.h>
#include <sys/socket.h>
#include <unistd.h>

#include "afalg/kernels/posix_io.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

namespace kcshim::afalg {

namespace {

/* Largest digest any kernel hash returns through AF_ALG (sha512, ...). */
constexpr size_t max_digest = 128;

long send_piece(int fd, ByteView piece, bool more)
{
	ssize_t n = ::send(fd, piece.data(), piece.size(), more ? MSG_MORE : 0);
	return n < 0 ? -errno : n;
}

/* Read one digest; the kernel sets MSG_TRUNC if max_digest were too small. */
Result<Bytes> read_digest(int fd, const Deadline &dl)
{
	Bytes out(max_digest);
	ssize_t n = ::recv(fd, out.data(), out.size(), 0);
	if (n < 0)
		return fail(static_cast<int>(dl.check(-errno)), Stage::recv);
	out.resize(static_cast<size_t>(n));
	return out;
}

} /* namespace */

Result<HashCloneResult> raw_hash_clone(std::string_view alg, std::optional<ByteView> key,
				       std::span<const ByteView> prefix, ByteView suffix_a,
				       ByteView suffix_b, const Deadline &dl)
{
	struct sockaddr_alg sa = {};
	sa.salg_family = AF_ALG;
	std::strcpy(reinterpret_cast<char *>(sa.salg_type), "hash");
	if (alg.size() >= sizeof(sa.salg_name))
		return fail(-ENAMETOOLONG, Stage::bind, std::string(alg));
	std::memcpy(sa.salg_name, alg.data(), alg.size());

	UniqueFd tfm(::socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0));
	if (tfm.get() < 0)
		return fail(-errno, Stage::bind, "socket(AF_ALG)");
	if (::bind(tfm.get(), reinterpret_cast<struct sockaddr *>(&sa), sizeof(sa)) < 0)
		return fail(-errno, Stage::bind, std::string(alg));
	if (key && ::setsockopt(tfm.get(), SOL_ALG, ALG_SET_KEY, key->data(),
				static_cast<socklen_t>(key->size())) < 0)
		return fail(-errno, Stage::setkey);

	UniqueFd op(::accept4(tfm.get(), nullptr, nullptr, SOCK_CLOEXEC));
	if (op.get() < 0)
		return fail(-errno, Stage::accept);
	for (ByteView p : prefix)
		if (long r = send_piece(op.get(), p, true); r < 0)
			return fail(static_cast<int>(dl.check(r)), Stage::send);

	/* accept() on the op socket with MSG_MORE pending clones the state. */
	UniqueFd clone(::accept4(op.get(), nullptr, nullptr, SOCK_CLOEXEC));
	if (clone.get() < 0)
		return fail(-errno, Stage::accept, "clone");

	HashCloneResult res;
	if (long r = send_piece(clone.get(), suffix_a, false); r < 0)
		return fail(static_cast<int>(dl.check(r)), Stage::send, "clone");
	auto a = read_digest(clone.get(), dl);
	if (!a)
		return a.error();
	if (long r = send_piece(op.get(), suffix_b, false); r < 0)
		return fail(static_cast<int>(dl.check(r)), Stage::send);
	auto b = read_digest(op.get(), dl);
	if (!b)
		return b.error();
	res.digest_a = std::move(*a);
	res.digest_b = std::move(*b);
	return res;
}

} /* namespace kcshim::afalg */
