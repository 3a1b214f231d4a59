/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Result type shared by the afalg layer.
 *
 * Convention for the whole of afalg/: every operation that can fail returns a
 * Result<T>.  A failure is a negative errno (as the kernel would return it)
 * plus the stage at which it happened, so that "ENOENT at bind" (algorithm
 * not available) can be told apart from "EINVAL at recv" (input rejected).
 * No exceptions cross this layer's public API.
 */
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace kcshim::afalg {

using Bytes = std::vector<std::uint8_t>;

/* Where a kernel or bridge operation failed.  Values travel on the wire. */
enum class Stage : std::uint8_t {
	none = 0,
	bind = 1,	/* socket()/bind(): algorithm missing or wrong type */
	setkey = 2,	/* ALG_SET_KEY */
	accept = 3,	/* accept() of an op socket */
	send = 4,	/* sendmsg() of data or control messages */
	recv = 5,	/* recvmsg() of the result */
	transport = 6,	/* bridge connection, framing, timeouts */
	auth = 7,	/* bridge handshake */
	limit = 8,	/* a bridge limit was hit */
	setup = 9,	/* local setup: missing package, module, file */
};

const char *stage_name(Stage s);

struct Error {
	int err = 0;		/* negative errno */
	Stage stage = Stage::none;
	std::string what;	/* human context, one line, may be empty */
	/* Several lines for a developer (a guest's console), never on the wire. */
	std::string detail;
};

/*
 * Either a value or an Error.  Deliberately small: ok(), err(), value(),
 * error().  err() is 0 on success so call sites can write
 * "if (int e = r.err()) return e;".
 */
template <typename T>
class Result {
public:
	Result(T v) : v_(std::move(v)) {}
	Result(Error e) : v_(std::move(e)) {}

	bool ok() const { return v_.index() == 0; }
	explicit operator bool() const { return ok(); }
	int err() const { return ok() ? 0 : std::get<1>(v_).err; }
	const Error &error() const { return std::get<1>(v_); }
	T &value() { return std::get<0>(v_); }
	const T &value() const { return std::get<0>(v_); }
	T *operator->() { return &value(); }
	const T *operator->() const { return &value(); }
	T &operator*() { return value(); }
	const T &operator*() const { return value(); }

private:
	std::variant<T, Error> v_;
};

/* Shorthand for building a failure: return fail(-EINVAL, Stage::recv, "..."). */
inline Error fail(int err, Stage stage, std::string what = {})
{
	return Error{err, stage, std::move(what), {}};
}

/* "ENOENT at bind: no such algorithm" -- for logs and test failure messages. */
std::string describe(const Error &e);

} /* namespace kcshim::afalg */
