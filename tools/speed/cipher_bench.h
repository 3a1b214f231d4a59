// SPDX-License-Identifier: GPL-2.0
// One skcipher transform set up as tcrypt's test_skcipher_speed() sets up a template line: the
// key is the first keysize bytes of tvmem (0xff; tcrypt passes no template keys for cast5), the
// IV is 0xff, and each operation encrypts or decrypts blen bytes in place right after the key.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <linux/scatterlist.h>

#include "tools/speed/templates.h"

struct crypto_skcipher;
struct skcipher_request;

namespace kcshim::speed {

class CipherBench {
public:
	// crypto_alloc_skcipher(name, 0, async ? 0 : CRYPTO_ALG_ASYNC). Template names such as
	// "cbc(cast5)" are instantiated on demand. Throws Error "unknown algorithm: NAME".
	CipherBench(const std::string &name, bool async);
	~CipherBench();
	CipherBench(const CipherBench &) = delete;
	CipherBench &operator=(const CipherBench &) = delete;

	std::string driver() const;
	unsigned int blocksize() const;
	// Sets key, IV and request for one template line; 0 or the setkey error.
	int prepare(const CipherSpeed &s);
	int op(bool encrypt);	// 0 or -errno
	uint32_t flags() const;	// crypto_skcipher_get_flags(), for tcrypt's failure lines

private:
	struct SkcipherFree {
		void operator()(struct crypto_skcipher *t) const;
	};
	struct RequestFree {
		void operator()(struct skcipher_request *r) const;
	};
	std::unique_ptr<struct crypto_skcipher, SkcipherFree> tfm_;
	std::unique_ptr<struct skcipher_request, RequestFree> req_;
	std::unique_ptr<uint8_t[], void (*)(void *)> tvmem_;
	struct scatterlist sg_;
	uint8_t iv_[128];
};

}  // namespace kcshim::speed
