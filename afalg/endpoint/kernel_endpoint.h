/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel endpoint: what kcshim needs from a running kernel's crypto API.
 *
 * One abstract interface with two implementations:
 *   LocalAfalg      (local_afalg.h)     AF_ALG through libkcapi in this process
 *   RemoteEndpoint  (remote_endpoint.h) the same operations over the bridge
 *                                       protocol (TCP, Unix socket, fd pair)
 *   (embedded kernels: kernels/guest.h boots user-mode Linux or a Debian kernel
 *   under qemu and hands out a RemoteEndpoint talking to a bridge in it)
 *
 * Every operation is self-contained: it binds a fresh tfm, runs, and frees it,
 * so results never depend on earlier calls.  All methods are thread-safe.
 * Failures are Result errors carrying -errno and the failing Stage (result.h).
 */
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "afalg/endpoint/batch.h"
#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

using ByteView = std::span<const std::uint8_t>;

/* One block of /proc/crypto. Numeric fields absent for a type read as 0. */
struct DriverInfo {
	std::string name;	/* cra_name, e.g. "sha3-256" */
	std::string driver;	/* cra_driver_name, e.g. "sha3-256-generic" */
	std::string module;	/* "kernel" when built in */
	std::string type;	/* shash, ahash, skcipher, cipher, aead, rng, ... */
	int priority = 0;
	unsigned int blocksize = 0;
	unsigned int digestsize = 0;
	unsigned int min_keysize = 0;
	unsigned int max_keysize = 0;
	unsigned int ivsize = 0;
	unsigned int chunksize = 0;
	bool selftest_passed = false;	/* "selftest : passed" */
	bool internal = false;		/* "internal : yes": AF_ALG refuses it */
	bool async = false;		/* "async : yes" */

	/*
	 * An AF_ALG "skcipher" socket drives both: 6.8 on lists the plain
	 * ecb/cbc/ctr instances of a cipher as "lskcipher".
	 */
	bool is_skcipher() const { return type == "skcipher" || type == "lskcipher"; }

	bool operator==(const DriverInfo &) const = default;
};

/*
 * Drivers that can be cross-checked through AF_ALG: drops internal ones and
 * those whose self-test did not pass, keeps every other driver of a name.
 */
std::vector<DriverInfo> usable_drivers(const std::vector<DriverInfo> &all);

struct SkcipherResult {
	Bytes out;
	/*
	 * The kernel's output IV, observed the only way AF_ALG allows: one
	 * extra all-zero request of max(ivsize, blocksize) bytes is run on the
	 * same op socket without ALG_SET_IV, so it continues from the IV the
	 * kernel left behind.  A userspace implementation reproduces it by
	 * running the same zero block from its own output IV.  Empty when the
	 * cipher has no IV or the main request failed.
	 */
	Bytes chained;
};

/*
 * One timing loop run where the kernel is (SPEED, protocol.h): the same
 * operation repeated on one bound tfm for @duration_ms.  Hashes: digest()
 * of @block bytes when @update == @block, else init, block/update updates
 * (MSG_MORE), final.  Skciphers: one encrypt or decrypt request of @block
 * bytes (zero IV) per operation, @key set once.
 */
struct SpeedRequest {
	std::string alg;		/* cra_name or cra_driver_name */
	bool skcipher = false;
	bool encrypt = true;		/* skciphers only */
	std::optional<Bytes> key;	/* required for skciphers, optional for hashes */
	std::uint32_t block = 0;	/* bytes per operation, 1..max_speed_block */
	std::uint32_t update = 0;	/* hashes: bytes per update, 1..block */
	std::uint32_t duration_ms = 0;	/* 1..max_speed_ms */
};

struct SpeedResult {
	std::uint64_t ops = 0;		/* operations completed */
	std::uint64_t ns = 0;		/* their elapsed time */
};

/* Bounds of a SpeedRequest, checked by every implementation before allocating. */
constexpr std::uint32_t max_speed_ms = 10000;
constexpr std::uint32_t max_speed_block = 64 * 1024;

/* 0, or -EINVAL when @q is outside the bounds above (or update > block). */
int check_speed_request(const SpeedRequest &q);

struct HashCloneResult {
	Bytes digest_a;	/* H(prefix || suffix_a), from the accept()ed clone */
	Bytes digest_b;	/* H(prefix || suffix_b), from the original op */
};

class KernelEndpoint {
public:
	virtual ~KernelEndpoint() = default;

	/* /proc/crypto of the kernel; only algorithms loaded so far appear. */
	virtual Result<std::vector<DriverInfo>> list() = 0;

	/*
	 * Hash @pieces with @alg (cra_name or cra_driver_name).  One piece is a
	 * one-shot digest; several pieces are sent with MSG_MORE one by one,
	 * empty ones included, then the digest is read; no pieces at all reads
	 * the digest of the empty message.  @key, when set, is applied with
	 * ALG_SET_KEY first (keyed hashes such as hmac(sha256)).
	 * Errors: -ENOENT/bind (no such hash), -ENOKEY/send (keyed hash without
	 * key), -ENOSYS/setkey (key on an unkeyed hash), -EINVAL/setkey (bad
	 * key length), -ETIMEDOUT (deadline), -EAFNOSUPPORT/bind (no AF_ALG).
	 */
	virtual Result<Bytes> hash(std::string_view alg, std::optional<ByteView> key,
				   std::span<const ByteView> pieces) = 0;

	/*
	 * Export/import check: hash @prefix with MSG_MORE, accept() a clone of
	 * the partial state, then finish the clone with @suffix_a and the
	 * original with @suffix_b.  Same errors as hash().
	 */
	virtual Result<HashCloneResult> hash_clone(std::string_view alg,
						   std::optional<ByteView> key,
						   std::span<const ByteView> prefix,
						   ByteView suffix_a, ByteView suffix_b) = 0;

	/*
	 * Encrypt or decrypt the concatenation of @pieces with @alg (e.g.
	 * "cbc(cast5-generic)") as ONE request: each piece is its own sendmsg
	 * with MSG_MORE, the last without.  Large pieces are cut further below
	 * the socket buffer so the call can never block forever.  @iv must be
	 * exactly the cipher's ivsize (empty for ecb).
	 * Errors: -ENOENT/bind, -EINVAL/setkey (key size), -EINVAL/send (IV
	 * size), -EINVAL/recv (length not a multiple of the block size),
	 * -ETIMEDOUT (deadline).
	 */
	virtual Result<SkcipherResult> skcipher(std::string_view alg, bool encrypt,
						ByteView key, ByteView iv,
						std::span<const ByteView> pieces) = 0;

	/*
	 * Time @q where the kernel runs (so a slow channel to a remote
	 * kernel is not measured).  At least one operation always runs.
	 * Errors: -EINVAL/limit (check_speed_request()), those of hash() and
	 * skcipher(), -EOPNOTSUPP/transport from a bridge that does not allow
	 * SPEED.  The default fails with -EOPNOTSUPP.
	 */
	virtual Result<SpeedResult> speed(const SpeedRequest &q);

	/* uname -r of the kernel that does the work. */
	virtual Result<std::string> kernel_version() = 0;

	/*
	 * Run the cases of @req (batch.h) and return the results of a prefix
	 * of them, in order: all of them, or as many as fitted before @until
	 * (at least one).  Call again with the rest.  Each case's failure is
	 * in its BatchResult; the call itself fails only for transport
	 * reasons.  The default runs the cases one by one with hash(),
	 * hash_clone() and skcipher(); RemoteEndpoint sends them as one BATCH
	 * frame so that the message bytes never cross the wire.
	 */
	virtual Result<std::vector<BatchResult>> batch(const BatchRequest &req,
						       std::chrono::steady_clock::time_point until)
	{
		return run_batch(*this, req, until);
	}
};

/* Convenience: hash of a single buffer (one-shot). */
inline Result<Bytes> hash_oneshot(KernelEndpoint &ep, std::string_view alg, ByteView data,
				  std::optional<ByteView> key = std::nullopt)
{
	ByteView one[1] = {data};
	return ep.hash(alg, key, one);
}

/* Convenience: skcipher over a single buffer. */
inline Result<SkcipherResult> skcipher_oneshot(KernelEndpoint &ep, std::string_view alg,
					       bool encrypt, ByteView key, ByteView iv,
					       ByteView data)
{
	ByteView one[1] = {data};
	return ep.skcipher(alg, encrypt, key, iv, one);
}

} /* namespace kcshim::afalg */
