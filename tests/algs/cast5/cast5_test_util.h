// SPDX-License-Identifier: GPL-2.0
// Shared by the CAST5 tests: seeds, RAII for tfms, an skcipher call over one scatterlist entry,
// and OpenSSL's CAST5 (legacy provider) as the independent reference.
//
// Errors: the helpers return the kernel API's 0 / -errno, or report a gtest failure and return
// nullptr / an empty result when the environment (OpenSSL, a tfm) is missing.
#ifndef KCSHIM_TESTS_ALGS_CAST5_TEST_UTIL_H
#define KCSHIM_TESTS_ALGS_CAST5_TEST_UTIL_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>
#include <linux/scatterlist.h>

#include "tests/support/bytes.h"
#include "tests/support/seed.h"

namespace cast5_test {

using kcshim_test::Bytes;
using kcshim_test::hex;
using kcshim_test::random_bytes;
using kcshim_test::test_seed;
using kcshim_test::unhex;

inline std::string seed_note()
{
	return "replay with KCSHIM_TEST_SEED=" + std::to_string(test_seed());
}

struct CipherFree {
	void operator()(crypto_cipher *t) const { crypto_free_cipher(t); }
};
using Cipher = std::unique_ptr<crypto_cipher, CipherFree>;

struct SkcipherFree {
	void operator()(crypto_skcipher *t) const { crypto_free_skcipher(t); }
};
using Skcipher = std::unique_ptr<crypto_skcipher, SkcipherFree>;

struct RequestFree {
	void operator()(skcipher_request *r) const { skcipher_request_free(r); }
};

inline Cipher alloc_cipher(const char *name)
{
	crypto_cipher *tfm = crypto_alloc_cipher(name, 0, 0);

	if (IS_ERR(tfm)) {
		ADD_FAILURE() << "crypto_alloc_cipher(" << name << ") = " << PTR_ERR(tfm) << ": "
			      << kcshim_last_error();
		return nullptr;
	}
	return Cipher(tfm);
}

inline Skcipher alloc_skcipher(const char *name)
{
	crypto_skcipher *tfm = crypto_alloc_skcipher(name, 0, 0);

	if (IS_ERR(tfm)) {
		ADD_FAILURE() << "crypto_alloc_skcipher(" << name << ") = " << PTR_ERR(tfm) << ": "
			      << kcshim_last_error();
		return nullptr;
	}
	return Skcipher(tfm);
}

// One encrypt or decrypt of len bytes from src to dst (may be equal) with a one-entry
// scatterlist each; iv (ivsize bytes, may be null for ecb) is updated in place as the
// kernel's API does. Returns the API's 0 or -errno.
inline int skcipher_crypt(crypto_skcipher *tfm, bool enc, const uint8_t *src, uint8_t *dst,
			  unsigned int len, uint8_t *iv)
{
	std::unique_ptr<skcipher_request, RequestFree> req(skcipher_request_alloc(tfm, GFP_KERNEL));
	scatterlist sg_src, sg_dst;

	if (!req)
		return -ENOMEM;
	sg_init_one(&sg_src, src, len);
	sg_init_one(&sg_dst, dst, len);
	skcipher_request_set_callback(req.get(), 0, nullptr, nullptr);
	skcipher_request_set_crypt(req.get(), &sg_src, src == dst ? &sg_src : &sg_dst, len, iv);
	return enc ? crypto_skcipher_encrypt(req.get()) : crypto_skcipher_decrypt(req.get());
}

// OpenSSL's CAST5 in ECB or CBC mode, no padding, any key length 5..16 (EVP honours the
// length, so keys of 80 bits or less get 12 rounds as RFC 2144 says).
class OpensslCast5 {
public:
	static bool available()
	{
		// unloaded at exit: what is loaded and never unloaded is a leak to LeakSanitizer
		using Provider = std::unique_ptr<OSSL_PROVIDER, decltype(&OSSL_PROVIDER_unload)>;
		static const Provider legacy(OSSL_PROVIDER_load(nullptr, "legacy"), OSSL_PROVIDER_unload);
		static const Provider def(OSSL_PROVIDER_load(nullptr, "default"), OSSL_PROVIDER_unload);
		return legacy && def;
	}

	// nullopt if OpenSSL fails (reported as a gtest failure).
	static std::optional<Bytes> crypt(const char *mode, bool enc, std::span<const uint8_t> key,
					  std::span<const uint8_t> iv, std::span<const uint8_t> in)
	{
		std::unique_ptr<EVP_CIPHER, decltype(&EVP_CIPHER_free)> cipher(
			EVP_CIPHER_fetch(nullptr, mode, nullptr), EVP_CIPHER_free);
		std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> ctx(
			EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
		Bytes out(in.size() + 16);
		int n = 0, m = 0;

		if (!cipher || !ctx ||
		    !EVP_CipherInit_ex(ctx.get(), cipher.get(), nullptr, nullptr, nullptr, enc) ||
		    !EVP_CIPHER_CTX_set_key_length(ctx.get(), static_cast<int>(key.size())) ||
		    !EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, key.data(),
				       iv.empty() ? nullptr : iv.data(), enc) ||
		    !EVP_CIPHER_CTX_set_padding(ctx.get(), 0) ||
		    !EVP_CipherUpdate(ctx.get(), out.data(), &n, in.data(), static_cast<int>(in.size())) ||
		    !EVP_CipherFinal_ex(ctx.get(), out.data() + n, &m)) {
			ADD_FAILURE() << "OpenSSL " << mode << " failed";
			return std::nullopt;
		}
		out.resize(static_cast<size_t>(n + m));
		return out;
	}
};

} // namespace cast5_test

#endif
