// SPDX-License-Identifier: GPL-2.0
// An algorithm through OpenSSL's libcrypto (EVP), the "openssl:ALG" comparison column of `kcshim
// speed`: the same buffer (tvmem_size bytes of 0xff), the same lengths and the same operation
// shape as the kcshim drivers beside it (a digest, or init + blen/plen updates + final; a cipher
// call over the whole block with the key set once and the IV reset per operation), in the same
// timing loop. Fetched once from a library context of its own with the default and legacy
// providers (CAST5 is legacy), so no operation pays for a lookup.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tools/speed/drivers.h"
#include "tools/speed/templates.h"

namespace kcshim::speed {

inline constexpr const char openssl_prefix[] = "openssl:";

class OpensslBench {
public:
	// OpenSSL's algorithm for a kcshim cra_name ("sha3-256", "shake128" with digestsize bytes
	// of output, "cbc(cast5)", "ecb(aes)" with keysize), or nullptr when libcrypto has none
	// ("crct10dif", "ctr(cast5)").
	static std::unique_ptr<OpensslBench> make(const std::string &cra_name, AlgKind kind,
						  unsigned int keysize, unsigned int digestsize);
	~OpensslBench();
	OpensslBench(const OpensslBench &) = delete;
	OpensslBench &operator=(const OpensslBench &) = delete;

	unsigned int blocksize() const { return blocksize_; }
	// One operation; 0, or -EIO when libcrypto fails.
	int hash_op(const HashSpeed &s);
	int cipher_op(unsigned int bytes, bool encrypt);

private:
	struct State;
	explicit OpensslBench(std::unique_ptr<State> state, unsigned int blocksize);
	std::unique_ptr<State> state_;
	unsigned int blocksize_;
};

}  // namespace kcshim::speed
