// SPDX-License-Identifier: GPL-2.0
#include "afalg/endpoint/kcapi_glue.h"

#include <cerrno>
#include <mutex>
#include <sys/uio.h>

#include <kcapi.h>

namespace kcshim::afalg::kcapi {

/*
 * Trap 3: a bare -1 from libkcapi is send()'s return with errno set.  -1 is
 * also -EPERM, so errno is cleared before each call and only a -1 with a
 * fresh errno other than EPERM is reinterpreted.
 */
static long errno_ret(long ret)
{
	if (ret == -1 && errno != 0 && errno != EPERM)
		return -errno;
	return ret;
}

#define KCAPI_CALL(expr) (errno = 0, errno_ret(static_cast<long>(expr)))

/* libkcapi logs every failed bind on stderr; failures are values here. */
static void quiet_once()
{
	static std::once_flag once;
	std::call_once(once, [] { kcapi_set_verbosity(KCAPI_LOG_NONE); });
}

Handle &Handle::operator=(Handle &&o) noexcept
{
	if (this != &o) {
		reset();
		h_ = o.h_;
		kind_ = o.kind_;
		o.h_ = nullptr;
	}
	return *this;
}

void Handle::reset()
{
	if (!h_)
		return;
	if (kind_ == Kind::md)
		kcapi_md_destroy(h_);
	else
		kcapi_cipher_destroy(h_);
	h_ = nullptr;
}

/* Trap 1: name the missing crypto_user module instead of a bare errno. */
static Error init_error(long ret, const std::string &alg)
{
	std::string what = alg;
	if (ret == -EPROTONOSUPPORT)
		what += ": libkcapi needs NETLINK_CRYPTO; load the crypto_user module";
	else if (ret == -EAFNOSUPPORT)
		what += ": this kernel has no AF_ALG";
	return fail(static_cast<int>(ret), Stage::bind, what);
}

Result<Handle> md_init(const std::string &alg)
{
	quiet_once();
	kcapi_handle *h = nullptr;
	long ret = KCAPI_CALL(kcapi_md_init(&h, alg.c_str(), 0));
	if (ret < 0)
		return init_error(ret, alg);
	return Handle(h, Handle::Kind::md);
}

int md_setkey(Handle &h, std::span<const std::uint8_t> key)
{
	return static_cast<int>(KCAPI_CALL(kcapi_md_setkey(h.get(), key.data(),
							   static_cast<uint32_t>(key.size()))));
}

int md_update(Handle &h, std::span<const std::uint8_t> data)
{
	long ret = KCAPI_CALL(kcapi_md_update(h.get(), data.data(), data.size()));
	return ret < 0 ? static_cast<int>(ret) : 0;
}

Result<Bytes> md_final(Handle &h)
{
	Bytes out(kcapi_md_digestsize(h.get()));
	long ret = KCAPI_CALL(kcapi_md_final(h.get(), out.data(), out.size()));
	if (ret < 0)
		return fail(static_cast<int>(ret), Stage::recv);
	out.resize(static_cast<size_t>(ret));
	return out;
}

Result<Bytes> md_digest(Handle &h, std::span<const std::uint8_t> data)
{
	Bytes out(kcapi_md_digestsize(h.get()));
	long ret = KCAPI_CALL(kcapi_md_digest(h.get(), data.data(), data.size(),
					      out.data(), out.size()));
	if (ret < 0)
		/* one-shot = send + recv; a send error (ENOKEY) is the usual one */
		return fail(static_cast<int>(ret), ret == -ENOKEY ? Stage::send : Stage::recv);
	out.resize(static_cast<size_t>(ret));
	return out;
}

Result<Handle> cipher_init(const std::string &alg)
{
	quiet_once();
	kcapi_handle *h = nullptr;
	long ret = KCAPI_CALL(kcapi_cipher_init(&h, alg.c_str(), 0));
	if (ret < 0)
		return init_error(ret, alg);
	return Handle(h, Handle::Kind::cipher);
}

int cipher_setkey(Handle &h, std::span<const std::uint8_t> key)
{
	return static_cast<int>(KCAPI_CALL(kcapi_cipher_setkey(h.get(), key.data(),
							       static_cast<uint32_t>(key.size()))));
}

unsigned int cipher_ivsize(Handle &h)
{
	return kcapi_cipher_ivsize(h.get());
}

unsigned int cipher_blocksize(Handle &h)
{
	return kcapi_cipher_blocksize(h.get());
}

long stream_init(Handle &h, bool encrypt, std::span<const std::uint8_t> iv)
{
	/* libkcapi reads ivsize bytes from @iv; an empty IV means "none". */
	const uint8_t *ivp = iv.empty() ? nullptr : iv.data();
	if (encrypt)
		return KCAPI_CALL(kcapi_cipher_stream_init_enc(h.get(), ivp, nullptr, 0));
	return KCAPI_CALL(kcapi_cipher_stream_init_dec(h.get(), ivp, nullptr, 0));
}

long stream_update(Handle &h, std::span<const std::uint8_t> data, bool last)
{
	struct iovec iov = {const_cast<uint8_t *>(data.data()), data.size()};
	if (last)
		return KCAPI_CALL(kcapi_cipher_stream_update_last(h.get(), &iov, 1));
	return KCAPI_CALL(kcapi_cipher_stream_update(h.get(), &iov, 1));
}

long stream_op(Handle &h, std::span<std::uint8_t> out)
{
	struct iovec iov = {out.data(), out.size()};
	return KCAPI_CALL(kcapi_cipher_stream_op(h.get(), &iov, 1));
}

std::string version()
{
	char buf[64] = {};
	kcapi_versionstring(buf, sizeof(buf));
	return buf;
}

} /* namespace kcshim::afalg::kcapi */
