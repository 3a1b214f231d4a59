/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place kcshim calls libkcapi.  Every libkcapi trap we know of is
 * handled here and nowhere else:
 *
 *  1. libkcapi needs NETLINK_CRYPTO (the crypto_user module) for every
 *     *_init(); without it each init fails with -EPROTONOSUPPORT.  We say so
 *     in the error text instead of letting it look like a missing algorithm.
 *  2. One-shot kcapi_cipher_encrypt/decrypt() above 64 KiB re-sends the IV
 *     every 16 pages (libkcapi issue #127), so CBC output is wrong.  We never
 *     use the one-shot cipher calls: ciphers go through the stream API in
 *     pieces of at most max_cipher_piece bytes.
 *  3. kcapi_md_update() (and paths built on it) return send()'s bare -1 with
 *     errno set, not -errno.  All return values pass through errno_ret().
 *  4. Blocking: stream updates can sleep forever when the socket buffer is
 *     full (SO_SNDTIMEO is ignored).  Callers hold a Deadline (deadline.h);
 *     we keep pieces small and read after each one so it never comes to that.
 *
 * Error convention: functions return 0 / a byte count, or -errno.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "afalg/endpoint/result.h"

struct kcapi_handle;

namespace kcshim::afalg::kcapi {

/* 16 pages: what the kernel processes per step (ALG_MAX_PAGES). */
constexpr std::size_t max_cipher_piece = 16 * 4096;

class Handle {
public:
	enum class Kind { md, cipher };

	Handle() = default;
	Handle(kcapi_handle *h, Kind k) : h_(h), kind_(k) {}
	Handle(Handle &&o) noexcept : h_(o.h_), kind_(o.kind_) { o.h_ = nullptr; }
	Handle &operator=(Handle &&o) noexcept;
	Handle(const Handle &) = delete;
	Handle &operator=(const Handle &) = delete;
	~Handle() { reset(); }

	kcapi_handle *get() const { return h_; }
	void reset();

private:
	kcapi_handle *h_ = nullptr;
	Kind kind_ = Kind::md;
};

/* kcapi_md_init(); Error at Stage::bind (with the crypto_user hint). */
Result<Handle> md_init(const std::string &alg);
int md_setkey(Handle &h, std::span<const std::uint8_t> key);
int md_update(Handle &h, std::span<const std::uint8_t> data);
/* Digest of everything sent so far (digestsize from NETLINK_CRYPTO). */
Result<Bytes> md_final(Handle &h);
Result<Bytes> md_digest(Handle &h, std::span<const std::uint8_t> data);

Result<Handle> cipher_init(const std::string &alg);
int cipher_setkey(Handle &h, std::span<const std::uint8_t> key);
unsigned int cipher_ivsize(Handle &h);
unsigned int cipher_blocksize(Handle &h);
/* Start a request: ALG_SET_OP + ALG_SET_IV cmsgs with MSG_MORE, no data. */
long stream_init(Handle &h, bool encrypt, std::span<const std::uint8_t> iv);
/* Send data; @last clears MSG_MORE so stream modes release the tail. */
long stream_update(Handle &h, std::span<const std::uint8_t> data, bool last);
/* Read processed data; may return fewer bytes than @out holds. */
long stream_op(Handle &h, std::span<std::uint8_t> out);

/* "1.4.0" */
std::string version();

} /* namespace kcshim::afalg::kcapi */
