// SPDX-License-Identifier: GPL-2.0
// Throughput counters for the Google Benchmark programs under tests/algs (not tests: run by hand):
// bytes per second from CPU time and, on x86, TSC cycles per byte.
//
// Used by tests/algs/cast5 and tests/algs/crct10dif.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>

#include <benchmark/benchmark.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace kcshim_test {

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

// After the loop: bytes_per_second and cycles/B for state.iterations() runs over len bytes each,
// meter having been started just before the loop.
inline void report_throughput(benchmark::State &state, std::size_t len, const CycleMeter &meter)
{
	meter.report(state, static_cast<double>(state.iterations() * len));
	state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * len));
}

}  // namespace kcshim_test
