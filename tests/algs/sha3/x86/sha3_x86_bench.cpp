// SPDX-License-Identifier: GPL-2.0
// Where the time of an x86-64 SHA3-256 digest goes, side by side in one run (not a test):
//
//  - Block: the bare block functions (sha3-x86-core.c, sha3-avx512-asm.S) over the 60 whole
//    136-byte blocks of 8 KiB, inside kernel_fpu_begin()/end() as the glue calls them.
//  - Bound: the AVX-512 block function built from copies that compute something else, to show
//    what bounds it (CMakeLists.txt makes them): "no-rotations" with vprolq left out (rho and
//    theta's rotations), "theta-row0" with theta's column sums taken from the first row of lanes
//    only, which the round computes first, so that the next round need not wait for all of chi.
//    Their output is wrong; their speed is the point. And "op-mix": the instructions of the
//    AVX-512 round, 24 times a block, with no dependencies between them (below), which is what
//    the vector pipes would allow the round if its dependencies cost nothing.
//  - Digest: the registered drivers through crypto_shash_digest(), and OpenSSL's EVP, as
//    `kcshim speed` runs them.
//
//   taskset -c 1 build/tests/algs/sha3/x86/sha3_x86_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true     (one command line)
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include "tests/support/bench_block.h"
#include "tests/support/bench_openssl.h"
#include "tests/support/bench_shash.h"

extern "C" {
#include "sha3-x86.h"

asmlinkage void norot_sha3_avx512_transform(u64 st[SHA3_STATE_WORDS], const u8 *src,
					    unsigned int blocks, unsigned int rsiz);
asmlinkage void row0_sha3_avx512_transform(u64 st[SHA3_STATE_WORDS], const u8 *src,
					   unsigned int blocks, unsigned int rsiz);
}

namespace {

constexpr unsigned int sha3_256_rate = 136;

// A bound's assembly as a block function, as sha3_transform_avx512() calls its own.
template <decltype(sha3_avx512_transform) *transform>
void bound_block_fn(struct sha3_state *sctx, const u8 *src, unsigned int blocks)
{
	transform(sctx->st, src, blocks, sctx->rsiz);
}

/*
 * One round's instructions in sha3-avx512-asm.S: 35 vpternlogq, 29 vprolq, 31 vpxorq and 15
 * register moves, each writing a register no other reads, except the ternary logic, which runs
 * seven chains side by side.
 */
#define SHA3_AVX512_ROUND_OP_MIX							\
	".rept 29\n\tvprolq $13, %%xmm17, %%xmm16\n\t.endr\n\t"				\
	".rept 5\n\t.irp r,18,19,20,21,22,23,24\n\t"						\
	"vpternlogq $0x96, %%xmm25, %%xmm26, %%xmm\\r\n\t.endr\n\t.endr\n\t"		\
	".rept 31\n\tvpxorq %%xmm25, %%xmm26, %%xmm27\n\t.endr\n\t"				\
	".rept 15\n\tvmovdqa64 %%xmm25, %%xmm28\n\t.endr\n\t"

__attribute__((target("avx512f,avx512vl"))) void op_mix_sha3_avx512(struct sha3_state *,
								      const u8 *,
								      unsigned int blocks)
{
	for (unsigned int b = 0; b < blocks; b++)
		for (int round = 0; round < KECCAK_ROUNDS; round++)
			asm volatile(SHA3_AVX512_ROUND_OP_MIX ::: "xmm16", "xmm18", "xmm19", "xmm20",
				     "xmm21", "xmm22", "xmm23", "xmm24", "xmm27", "xmm28");
}

void BM_Block(benchmark::State &state, sha3_block_fn *fn)
{
	struct sha3_state sst = {};

	sst.rsiz = sha3_256_rate;
	kcshim_test::bench_block_fn(state, fn, sst, sha3_256_rate);
}

// Each block function and driver only where the CPU has its instructions.
int register_benchmarks()
{
	const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
	const bool bmi2 = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");

	if (avx512) {
		benchmark::RegisterBenchmark("BM_Block/avx512", BM_Block, sha3_transform_avx512)
			->Arg(8192);
		benchmark::RegisterBenchmark("BM_Bound/avx512-no-rotations", BM_Block,
					     bound_block_fn<norot_sha3_avx512_transform>)->Arg(8192);
		benchmark::RegisterBenchmark("BM_Bound/avx512-theta-row0", BM_Block,
					     bound_block_fn<row0_sha3_avx512_transform>)->Arg(8192);
		benchmark::RegisterBenchmark("BM_Bound/avx512-op-mix", BM_Block,
					     op_mix_sha3_avx512)->Arg(8192);
	}
	if (bmi2)
		benchmark::RegisterBenchmark("BM_Block/bmi2", BM_Block, sha3_transform_bmi2)
			->Arg(8192);
	for (const char *driver : {"sha3-256-avx512", "sha3-256-bmi2", "sha3-256-generic"})
		benchmark::RegisterBenchmark((std::string("BM_Digest/") + driver).c_str(),
					     kcshim_test::bench_shash_digest, driver)
			->Arg(8192);
	benchmark::RegisterBenchmark("BM_Digest/openssl:sha3-256", kcshim_test::bench_openssl_digest,
				     EVP_sha3_256, 32)->Arg(8192);
	return 0;
}

const int registered = register_benchmarks();

}  // namespace

BENCHMARK_MAIN();
