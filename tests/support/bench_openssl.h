// SPDX-License-Identifier: GPL-2.0
// A Google Benchmark body for the benchmark programs under tests/algs (not tests): one OpenSSL
// EVP digest per message (init, update, final), as `kcshim speed`'s openssl: column runs it, over
// state.range(0) bytes. Reports MB/s (CPU time) and, on x86, TSC cycles per byte.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include "tests/support/bench_throughput.h"

namespace kcshim_test {

// outlen is what an XOF squeezes (ignored for fixed-length digests).
inline void bench_openssl_digest(benchmark::State &state, const EVP_MD *(*md)(), size_t outlen)
{
	const size_t len = static_cast<size_t>(state.range(0));
	const std::vector<uint8_t> msg(len, 0xa5);
	std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
	uint8_t out[EVP_MAX_MD_SIZE];
	unsigned int n;

	CycleMeter meter;
	for (auto _ : state) {
		EVP_DigestInit_ex(ctx.get(), md(), nullptr);
		EVP_DigestUpdate(ctx.get(), msg.data(), len);
		if (EVP_MD_flags(md()) & EVP_MD_FLAG_XOF)
			EVP_DigestFinalXOF(ctx.get(), out, outlen);
		else
			EVP_DigestFinal_ex(ctx.get(), out, &n);
		benchmark::DoNotOptimize(out);
	}
	report_throughput(state, len, meter);
}

}  // namespace kcshim_test
