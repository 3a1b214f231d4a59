// SPDX-License-Identifier: GPL-2.0
// Speed of crct10dif-generic through crypto_shash_digest(), as tcrypt's hash speed test runs it
// (one digest per message). Reports MB/s (bytes_per_second, from CPU time) and, on x86, TSC cycles per byte.
//
//   build/tests/algs/crct10dif/bench_crct10dif [--benchmark_repetitions=5]
#include "support/bench_throughput.h"

#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include <crypto/hash.h>
#include <linux/err.h>

using kcshim_test::CycleMeter;
using kcshim_test::report_throughput;

static void BM_Crct10difDigest(benchmark::State &state, const char *driver)
{
	const size_t len = static_cast<size_t>(state.range(0));
	crypto_shash *tfm = crypto_alloc_shash(driver, 0, 0);

	if (IS_ERR(tfm)) {
		state.SkipWithError("crypto_alloc_shash failed");
		return;
	}
	std::vector<uint8_t> data(len);
	for (size_t i = 0; i < len; i++)
		data[i] = static_cast<uint8_t>(i * 131 + 7);
	alignas(16) unsigned char descbuf[sizeof(shash_desc) + HASH_MAX_DESCSIZE] = {};
	auto *desc = reinterpret_cast<shash_desc *>(descbuf);
	desc->tfm = tfm;
	uint8_t out[2];

	CycleMeter meter;
	for (auto _ : state) {
		crypto_shash_digest(desc, data.data(), len, out);
		benchmark::DoNotOptimize(out);
	}
	report_throughput(state, len, meter);
	crypto_free_shash(tfm);
}

BENCHMARK_CAPTURE(BM_Crct10difDigest, generic, "crct10dif-generic")
	->Arg(16)->Arg(256)->Arg(1024)->Arg(8192);

BENCHMARK_MAIN();
