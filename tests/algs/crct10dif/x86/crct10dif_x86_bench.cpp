// SPDX-License-Identifier: GPL-2.0
// Where the time of an x86-64 CRC-T10DIF digest goes, side by side in one run (not a test):
//
//  - Ceiling: eight independent zmm folds (two VPCLMULQDQ and a VPTERNLOGQ per 64 bytes) with no
//    loads and no reduction: the fastest any 64-byte folding loop can go on this CPU.
//  - Fold: the bare folding cores (crct10dif-x86-fold.c) inside kernel_fpu_begin()/end(), as the
//    kernel's lib/crc KUnit benchmark calls crc_t10dif_update().
//  - Digest: the registered drivers through crypto_shash_digest(), as tcrypt and kcshim speed run
//    them.
//
//   taskset -c 1 build/tests/algs/crct10dif/x86/crct10dif_x86_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true     (one command line)
#include "tests/support/bench_shash.h"
#include "tests/support/bench_throughput.h"

#include <cstdint>
#include <vector>

#include <immintrin.h>

#include <benchmark/benchmark.h>

#include <asm/fpu/api.h>
#include <crypto/hash.h>
#include <linux/err.h>

extern "C" {
#include "crct10dif-x86.h"
}

namespace {

using kcshim_test::CycleMeter;
using kcshim_test::report_throughput;

__attribute__((target("avx512f,vpclmulqdq"))) inline __m512i fold(__m512i x, __m512i k)
{
	return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x11),
					 _mm512_clmulepi64_epi128(x, k, 0x00), k, 0x96);
}

// Eight named accumulators, kept in registers (an array, or DoNotOptimize(), would put them in
// memory); counts 512 bytes per round of eight folds.
__attribute__((target("avx512f,vpclmulqdq"))) void BM_Ceiling(benchmark::State &state)
{
	const __m512i k = _mm512_set1_epi64(0x8bb7);
	__m512i a0 = k, a1 = k, a2 = k, a3 = k, a4 = k, a5 = k, a6 = k, a7 = k;

	CycleMeter meter;
	for (auto _ : state) {
		a0 = fold(a0, k), a1 = fold(a1, k), a2 = fold(a2, k), a3 = fold(a3, k);
		a4 = fold(a4, k), a5 = fold(a5, k), a6 = fold(a6, k), a7 = fold(a7, k);
		__asm__ volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4), "+v"(a5),
				 "+v"(a6), "+v"(a7));
	}
	report_throughput(state, 8 * 64, meter);
}

std::vector<uint8_t> message(size_t len)
{
	std::vector<uint8_t> data(len);
	for (size_t i = 0; i < len; i++)
		data[i] = static_cast<uint8_t>(i * 131 + 7);
	return data;
}

void BM_Fold(benchmark::State &state, u16 (*fold)(u16, const u8 *, size_t))
{
	const size_t len = static_cast<size_t>(state.range(0));
	std::vector<uint8_t> data = message(len);

	crct10dif_x86_init_consts();
	CycleMeter meter;
	for (auto _ : state) {
		kernel_fpu_begin();
		u16 crc = fold(0, data.data(), len);
		kernel_fpu_end();
		benchmark::DoNotOptimize(crc);
	}
	report_throughput(state, len, meter);
}

bool has_vpclmul()
{
	return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
	       __builtin_cpu_supports("vpclmulqdq");
}

// The ceiling and the zmm core only where the CPU has their instructions.
int register_benchmarks()
{
	if (has_vpclmul()) {
		benchmark::RegisterBenchmark("BM_Ceiling", BM_Ceiling);
		benchmark::RegisterBenchmark("BM_Fold/vpclmul", BM_Fold, crct10dif_vpclmul_fold)
			->Arg(1024)->Arg(4096)->Arg(8192)->Arg(16384);
	}
	benchmark::RegisterBenchmark("BM_Fold/pclmul", BM_Fold, crct10dif_pclmul_fold)
		->Arg(1024)->Arg(4096)->Arg(8192)->Arg(16384);
	for (const char *driver : {"crct10dif-vpclmul-avx512", "crct10dif-pclmul"})
		benchmark::RegisterBenchmark((std::string("BM_Digest/") + driver).c_str(),
					     kcshim_test::bench_shash_digest, driver)
			->Arg(64)->Arg(1024)->Arg(4096)->Arg(8192)->Arg(16384);
	return 0;
}

const int registered = register_benchmarks();

}  // namespace

BENCHMARK_MAIN();
