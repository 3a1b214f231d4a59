// SPDX-License-Identifier: GPL-2.0
// Throughput of our generic hash drivers against OpenSSL's EVP on the same machine, one-shot
// digests of tcrypt's sizes (16 .. 8192 bytes). Not a test: run by hand, e.g.
//   ./build/tests/algs/sha3/bench_sha3 --benchmark_filter=/8192 --benchmark_repetitions=5
// Besides bytes/s (from CPU time) it reports "cyc/B": the thread's CPU time per byte times the
// time-stamp counter's frequency, i.e. cycles per byte at the nominal clock (x86 only). CPU time
// rather than elapsed ticks, so that a loaded machine does not count other processes' time.
#include <crypto/hash.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>

#include <openssl/evp.h>

#include <benchmark/benchmark.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include <chrono>
#include <cstdint>
#include <ctime>
#include <memory>
#include <vector>

namespace {

double thread_cpu_seconds()
{
	timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// The TSC's frequency in Hz, measured once against CLOCK_MONOTONIC; 0 where there is no TSC.
double tsc_hz()
{
#if defined(__x86_64__) || defined(__i386__)
	static const double hz = [] {
		const auto t0 = std::chrono::steady_clock::now();
		const std::uint64_t c0 = __rdtsc();
		while (std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(50))
			;
		const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
		return static_cast<double>(__rdtsc() - c0) / dt.count();
	}();
	return hz;
#else
	return 0;
#endif
}

void report(benchmark::State &state, std::size_t len, double cpu_seconds)
{
	const double bytes = static_cast<double>(state.iterations()) * static_cast<double>(len);

	state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
	if (tsc_hz())
		state.counters["cyc/B"] = cpu_seconds * tsc_hz() / bytes;
}

void kcshim_digest(benchmark::State &state, const char *driver)
{
	struct Free {
		void operator()(crypto_shash *t) const { crypto_free_shash(t); }
	};
	const std::size_t len = static_cast<std::size_t>(state.range(0));
	const std::vector<std::uint8_t> msg(len, 0xa5);
	std::uint8_t out[HASH_MAX_DIGESTSIZE];

	kcshim_init();
	crypto_shash *raw = crypto_alloc_shash(driver, 0, 0);
	if (IS_ERR(raw)) {
		state.SkipWithError("crypto_alloc_shash failed");
		return;
	}
	std::unique_ptr<crypto_shash, Free> tfm(raw);

	tsc_hz();
	const double start = thread_cpu_seconds();
	for (auto _ : state) {
		crypto_shash_tfm_digest(tfm.get(), msg.data(), len, out);
		benchmark::DoNotOptimize(out);
	}
	report(state, len, thread_cpu_seconds() - start);
}

void openssl_digest(benchmark::State &state, const EVP_MD *(*md)(), std::size_t outlen)
{
	const std::size_t len = static_cast<std::size_t>(state.range(0));
	const std::vector<std::uint8_t> msg(len, 0xa5);
	std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
	std::uint8_t out[64];
	unsigned int n;

	tsc_hz();
	const double start = thread_cpu_seconds();
	for (auto _ : state) {
		EVP_DigestInit_ex(ctx.get(), md(), nullptr);
		EVP_DigestUpdate(ctx.get(), msg.data(), len);
		if (EVP_MD_flags(md()) & EVP_MD_FLAG_XOF)
			EVP_DigestFinalXOF(ctx.get(), out, outlen);
		else
			EVP_DigestFinal_ex(ctx.get(), out, &n);
		benchmark::DoNotOptimize(out);
	}
	report(state, len, thread_cpu_seconds() - start);
}

#define SIZES RangeMultiplier(4)->Range(16, 8192)

BENCHMARK_CAPTURE(kcshim_digest, sha3_256_generic, "sha3-256-generic")->SIZES;
BENCHMARK_CAPTURE(openssl_digest, openssl_sha3_256, EVP_sha3_256, 32)->SIZES;
BENCHMARK_CAPTURE(kcshim_digest, sha3_512_generic, "sha3-512-generic")->SIZES;
BENCHMARK_CAPTURE(openssl_digest, openssl_sha3_512, EVP_sha3_512, 64)->SIZES;
BENCHMARK_CAPTURE(kcshim_digest, shake128_generic, "shake128-generic")->SIZES;
BENCHMARK_CAPTURE(openssl_digest, openssl_shake128, EVP_shake128, 32)->SIZES;
BENCHMARK_CAPTURE(kcshim_digest, sha512_generic, "sha512-generic")->SIZES;
BENCHMARK_CAPTURE(openssl_digest, openssl_sha512, EVP_sha512, 64)->SIZES;

}  // namespace

BENCHMARK_MAIN();
