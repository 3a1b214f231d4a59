// SPDX-License-Identifier: GPL-2.0
// Speed of crct10dif-generic through crypto_shash_digest(), as tcrypt's hash speed test runs it
// (one digest per message). Reports MB/s (bytes_per_second, from CPU time) and, on x86, TSC cycles per byte.
//
//   build/tests/algs/crct10dif/bench_crct10dif [--benchmark_repetitions=5]
#include <cstdint>
#include <ctime>
#include <cstring>
#include <vector>

#include <benchmark/benchmark.h>

#include <crypto/hash.h>
#include <linux/err.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

// Cycles per byte on a loaded machine: the loop's thread CPU time, in TSC cycles (the TSC rate
// is measured over the same loop against the wall clock), so time spent descheduled is left out.
class CycleMeter {
public:
	CycleMeter() : tsc0_(tsc()), wall0_(now(CLOCK_MONOTONIC)), cpu0_(now(CLOCK_THREAD_CPUTIME_ID)) {}

	// Sets counters["cycles/B"] for bytes processed since construction (x86 only).
	void report(benchmark::State &state, double bytes) const
	{
#if defined(__x86_64__) || defined(__i386__)
		double wall = now(CLOCK_MONOTONIC) - wall0_;
		double cpu = now(CLOCK_THREAD_CPUTIME_ID) - cpu0_;
		double tsc_hz = static_cast<double>(tsc() - tsc0_) / wall;

		state.counters["cycles/B"] = cpu * tsc_hz / bytes;
#else
		(void)state;
		(void)bytes;
#endif
	}

private:
	static uint64_t tsc()
	{
#if defined(__x86_64__) || defined(__i386__)
		return __rdtsc();
#else
		return 0;
#endif
	}
	static double now(clockid_t clk)
	{
		timespec ts;

		clock_gettime(clk, &ts);
		return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
	}

	uint64_t tsc0_;
	double wall0_, cpu0_;
};

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
	meter.report(state, static_cast<double>(state.iterations() * len));
	state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * len));
	crypto_free_shash(tfm);
}

BENCHMARK_CAPTURE(BM_Crct10difDigest, generic, "crct10dif-generic")
	->Arg(16)->Arg(256)->Arg(1024)->Arg(8192);

BENCHMARK_MAIN();
