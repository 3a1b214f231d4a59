/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bridge's challenge-response (see protocol.h for the exchange).
 * HMAC-SHA256 and the random nonces come from OpenSSL's libcrypto.
 */
#pragma once

#include <string>

#include "afalg/protocol/protocol.h"

namespace kcshim::afalg::auth {

/* Shortest secret we accept: guessing 128 bits is not an attack. */
constexpr std::size_t min_secret = 16;

/* A fresh random nonce (RAND_bytes); aborts never, returns false on failure. */
bool make_nonce(proto::Nonce &out);

proto::Mac client_proof(const std::string &secret, const proto::Nonce &server_nonce,
			const proto::Nonce &client_nonce);
proto::Mac server_proof(const std::string &secret, const proto::Nonce &server_nonce,
			const proto::Nonce &client_nonce);

/* Constant-time comparison of two MACs. */
bool mac_equal(const proto::Mac &a, const proto::Mac &b);

/*
 * Read a secret file: its bytes with trailing newlines removed.  Fails with
 * -errno/setup, or -EINVAL/setup if shorter than min_secret.
 */
Result<std::string> read_secret_file(const std::string &path);

} /* namespace kcshim::afalg::auth */
