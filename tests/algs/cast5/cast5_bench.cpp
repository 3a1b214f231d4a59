// SPDX-License-Identifier: GPL-2.0
// Speed of ecb(cast5) and cbc(cast5) over cast5-generic through crypto_skcipher_encrypt/decrypt
// with one scatterlist entry, as tcrypt's cipher speed test runs them, next to OpenSSL's CAST5
// (EVP, legacy provider) on the same buffers. Key sizes: 64 bits (tcrypt's speed_template_8,
// 12 rounds) and 128 bits (16 rounds). Reports MB/s (CPU time) and, on x86, TSC cycles per byte.
//
//   build/tests/algs/cast5/cast5_bench [--benchmark_filter=8192] [--benchmark_repetitions=5]
#include "tests/support/bench_throughput.h"

#include <cstdint>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <crypto/skcipher.h>
#include <linux/err.h>
#include <linux/scatterlist.h>

namespace {

using kcshim_test::CycleMeter;
using kcshim_test::report_throughput;

// args: message length, key length, encrypt (1) or decrypt (0)
void BM_Kcshim(benchmark::State &state, const char *name)
{
	const size_t len = static_cast<size_t>(state.range(0));
	const unsigned int klen = static_cast<unsigned int>(state.range(1));
	const bool enc = state.range(2);
	crypto_skcipher *tfm = crypto_alloc_skcipher(name, 0, 0);

	if (IS_ERR(tfm)) {
		state.SkipWithError("crypto_alloc_skcipher failed");
		return;
	}
	std::vector<uint8_t> key(klen, 0x5a), iv(8, 0xa5), buf(len, 0x3c);
	crypto_skcipher_setkey(tfm, key.data(), klen);
	skcipher_request *req = skcipher_request_alloc(tfm, GFP_KERNEL);
	scatterlist sg;
	sg_init_one(&sg, buf.data(), static_cast<unsigned int>(len));
	skcipher_request_set_callback(req, 0, nullptr, nullptr);
	skcipher_request_set_crypt(req, &sg, &sg, static_cast<unsigned int>(len), iv.data());

	CycleMeter meter;
	for (auto _ : state) {
		int err = enc ? crypto_skcipher_encrypt(req) : crypto_skcipher_decrypt(req);
		benchmark::DoNotOptimize(err);
		benchmark::ClobberMemory();
	}
	report_throughput(state, len, meter);
	skcipher_request_free(req);
	crypto_free_skcipher(tfm);
}

void BM_Openssl(benchmark::State &state, const char *mode)
{
	const size_t len = static_cast<size_t>(state.range(0));
	const int klen = static_cast<int>(state.range(1));
	const int enc = static_cast<int>(state.range(2));
	static const bool loaded = OSSL_PROVIDER_load(nullptr, "legacy") &&
				   OSSL_PROVIDER_load(nullptr, "default");
	EVP_CIPHER *cipher = loaded ? EVP_CIPHER_fetch(nullptr, mode, nullptr) : nullptr;
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	std::vector<uint8_t> key(static_cast<size_t>(klen), 0x5a), iv(8, 0xa5), buf(len, 0x3c);
	int n = 0;

	if (!cipher || !ctx || !EVP_CipherInit_ex(ctx, cipher, nullptr, nullptr, nullptr, enc) ||
	    !EVP_CIPHER_CTX_set_key_length(ctx, klen) ||
	    !EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), iv.data(), enc)) {
		state.SkipWithError("OpenSSL CAST5 unavailable (legacy provider?)");
	} else {
		EVP_CIPHER_CTX_set_padding(ctx, 0);
		CycleMeter meter;
		for (auto _ : state) {
			EVP_CipherUpdate(ctx, buf.data(), &n, buf.data(), static_cast<int>(len));
			benchmark::DoNotOptimize(n);
			benchmark::ClobberMemory();
		}
		report_throughput(state, len, meter);
	}
	EVP_CIPHER_CTX_free(ctx);
	EVP_CIPHER_free(cipher);
}

void args(benchmark::internal::Benchmark *b)
{
	b->ArgNames({"len", "klen", "enc"});
	for (int64_t klen : {8, 16})
		for (int64_t enc : {1, 0})
			for (int64_t len : {16, 256, 8192})
				b->Args({len, klen, enc});
}

} // namespace

BENCHMARK_CAPTURE(BM_Kcshim, ecb_cast5_generic, "ecb(cast5-generic)")->Apply(args);
BENCHMARK_CAPTURE(BM_Openssl, ecb_openssl, "CAST5-ECB")->Apply(args);
BENCHMARK_CAPTURE(BM_Kcshim, cbc_cast5_generic, "cbc(cast5-generic)")->Apply(args);
BENCHMARK_CAPTURE(BM_Openssl, cbc_openssl, "CAST5-CBC")->Apply(args);

BENCHMARK_MAIN();
