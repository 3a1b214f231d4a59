// SPDX-License-Identifier: GPL-2.0
// RAII helpers for tests that drive the kernel API from C++ (SHASH_DESC_ON_STACK is C only).
#pragma once

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <crypto/hash.h>
#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>

namespace kcshim::test {

struct ShashFree {
	void operator()(struct crypto_shash *t) const { crypto_free_shash(t); }
};
struct CipherFree {
	void operator()(struct crypto_cipher *t) const { crypto_free_cipher(t); }
};
struct SkcipherFree {
	void operator()(struct crypto_skcipher *t) const { crypto_free_skcipher(t); }
};
struct AhashFree {
	void operator()(struct crypto_ahash *t) const { crypto_free_ahash(t); }
};
struct AhashRequestFree {
	void operator()(struct ahash_request *r) const { ahash_request_free(r); }
};
using Shash = std::unique_ptr<struct crypto_shash, ShashFree>;
using Cipher = std::unique_ptr<struct crypto_cipher, CipherFree>;
using Skcipher = std::unique_ptr<struct crypto_skcipher, SkcipherFree>;
using Ahash = std::unique_ptr<struct crypto_ahash, AhashFree>;
using AhashRequest = std::unique_ptr<struct ahash_request, AhashRequestFree>;

// A shash descriptor sized for tfm.
class Desc {
public:
	explicit Desc(struct crypto_shash *tfm)
		: size_(sizeof(struct shash_desc) + crypto_shash_descsize(tfm)),
		  mem_(static_cast<struct shash_desc *>(aligned_alloc(64, (size_ + 63) & ~size_t(63))))
	{
		mem_->tfm = tfm;
	}
	~Desc() { free(mem_); }
	Desc(const Desc &) = delete;
	Desc &operator=(const Desc &) = delete;
	struct shash_desc *get() { return mem_; }

private:
	size_t size_;
	struct shash_desc *mem_;
};

inline std::vector<uint8_t> digest(struct crypto_shash *tfm, const std::vector<uint8_t> &data)
{
	std::vector<uint8_t> out(crypto_shash_digestsize(tfm));
	Desc d(tfm);
	if (crypto_shash_digest(d.get(), data.data(), static_cast<unsigned>(data.size()), out.data()))
		out.clear();
	return out;
}

// One skcipher request over buf in place; returns the driver's error.
inline int skcipher_crypt(struct crypto_skcipher *tfm, bool enc, std::vector<uint8_t> &buf,
			  uint8_t *iv)
{
	struct scatterlist sg;
	sg_init_one(&sg, buf.data(), static_cast<unsigned>(buf.size()));
	struct skcipher_request *req = skcipher_request_alloc(tfm, GFP_KERNEL);
	skcipher_request_set_callback(req, 0, nullptr, nullptr);
	skcipher_request_set_crypt(req, &sg, &sg, static_cast<unsigned>(buf.size()), iv);
	int err = enc ? crypto_skcipher_encrypt(req) : crypto_skcipher_decrypt(req);
	skcipher_request_free(req);
	return err;
}

}  // namespace kcshim::test
