// SPDX-License-Identifier: GPL-2.0
#include "afalg/protocol/auth.h"

#include <cerrno>
#include <fstream>
#include <sstream>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

namespace kcshim::afalg::auth {

static proto::Mac proof(const std::string &secret, std::string_view label,
			const proto::Nonce &first, const proto::Nonce &second)
{
	Bytes msg(label.begin(), label.end());
	msg.insert(msg.end(), first.begin(), first.end());
	msg.insert(msg.end(), second.begin(), second.end());

	proto::Mac mac{};
	unsigned int len = 0;
	HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()), msg.data(),
	     msg.size(), mac.data(), &len);
	return mac;
}

bool make_nonce(proto::Nonce &out)
{
	return RAND_bytes(out.data(), static_cast<int>(out.size())) == 1;
}

proto::Mac client_proof(const std::string &secret, const proto::Nonce &server_nonce,
			const proto::Nonce &client_nonce)
{
	return proof(secret, "kcshim-bridge-client", server_nonce, client_nonce);
}

proto::Mac server_proof(const std::string &secret, const proto::Nonce &server_nonce,
			const proto::Nonce &client_nonce)
{
	/* Different label and order: a client proof is never a server proof. */
	return proof(secret, "kcshim-bridge-server", client_nonce, server_nonce);
}

bool mac_equal(const proto::Mac &a, const proto::Mac &b)
{
	return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

Result<std::string> read_secret_file(const std::string &path)
{
	std::ifstream f(path, std::ios::binary);
	if (!f)
		return fail(-(errno ? errno : ENOENT), Stage::setup, "cannot read secret file " + path);
	std::ostringstream ss;
	ss << f.rdbuf();
	std::string s = ss.str();
	while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
		s.pop_back();
	if (s.size() < min_secret)
		return fail(-EINVAL, Stage::setup,
			    "secret in " + path + " is shorter than " + std::to_string(min_secret) +
				    " bytes");
	return s;
}

} /* namespace kcshim::afalg::auth */
