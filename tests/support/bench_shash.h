// SPDX-License-Identifier: GPL-2.0
// A Google Benchmark body for the benchmark programs under tests/algs (not tests): one digest per
// message through crypto_shash_digest(), as tcrypt's hash speed test and kcshim speed run it, over
// state.range(0) bytes. Reports MB/s (CPU time) and, on x86, TSC cycles per byte.
#pragma once

#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include <crypto/hash.h>
#include <linux/err.h>

#include "tests/support/bench_throughput.h"

namespace kcshim_test {

inline void bench_shash_digest(benchmark::State &state, const char *driver)
{
	const size_t len = static_cast<size_t>(state.range(0));
	crypto_shash *tfm = crypto_alloc_shash(driver, 0, 0);

	if (IS_ERR(tfm)) {
		state.SkipWithError("crypto_alloc_shash failed (CPU without the instructions?)");
		return;
	}
	std::vector<uint8_t> data(len);
	for (size_t i = 0; i < len; i++)
		data[i] = static_cast<uint8_t>(i * 131 + 7);
	alignas(16) unsigned char descbuf[sizeof(shash_desc) + HASH_MAX_DESCSIZE] = {};
	auto *desc = reinterpret_cast<shash_desc *>(descbuf);
	desc->tfm = tfm;
	uint8_t out[HASH_MAX_DIGESTSIZE];

	CycleMeter meter;
	for (auto _ : state) {
		crypto_shash_digest(desc, data.data(), static_cast<unsigned int>(len), out);
		benchmark::DoNotOptimize(out);
	}
	report_throughput(state, len, meter);
	crypto_free_shash(tfm);
}

}  // namespace kcshim_test
