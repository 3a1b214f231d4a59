// SPDX-License-Identifier: GPL-2.0
// Where the time of an x86-64 SHA-512 digest goes, side by side in one run (not a test):
//
//  - Block: the bare block functions (sha512-x86-core.c, sha512-avx512-asm.S) over the 64 blocks
//    of 8 KiB, inside kernel_fpu_begin()/end() as the glue calls them.
//  - Bound: the AVX-512 block function built from a copy without the message schedule
//    (CMakeLists.txt makes it), whose 80 rounds read W + K from a buffer that the first 16 words
//    fill: the rounds alone. Its output is wrong; its speed is the point. And "op-mix": the
//    general-register side of the AVX-512 function's round, 80 times a block, with no
//    dependencies between them (below): what the ALUs would allow the rounds if their
//    dependencies cost nothing.
//  - Digest: the registered drivers through crypto_shash_digest(), and OpenSSL's EVP (its
//    AVX2+BMI2 assembly here), as `kcshim speed` runs them.
//
//   taskset -c 1 build/tests/algs/sha512/x86/sha512_x86_bench --benchmark_repetitions=15
//       --benchmark_min_time=0.05 --benchmark_enable_random_interleaving=true
//       --benchmark_report_aggregates_only=true     (one command line)
#include <string>

#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include "tests/support/bench_block.h"
#include "tests/support/bench_openssl.h"
#include "tests/support/bench_shash.h"

extern "C" {
#include "sha512-x86.h"

asmlinkage void rounds_only_sha512_avx512_transform(u64 state[8], const u8 *src, int blocks);
}

namespace {

/*
 * The general-register side of one round of sha512-avx512-asm.S (3 rorx, 6 add, 1 sub, 2 xor,
 * 1 and, 1 andn, 2 mov, and the two vmovq between the register files), each writing a register
 * no other reads, except the two-operand ALU instructions, which run six chains side by side.
 * The vector side (Sigma0, Maj and the message schedule) is left out.
 */
#define SHA512_ROUND_OP_MIX							\
	".rept 3\n\trorx $14, %%r8, %%r9\n\t.endr\n\t"				\
	".irp r,r10,r11,r12,r13,r14,r15\n\tadd %%r8, %%\\r\n\t.endr\n\t"		\
	"sub %%r8, %%r10\n\t"								\
	".irp r,r11,r12\n\txor %%r8, %%\\r\n\t.endr\n\t"				\
	"and %%r8, %%r13\n\t"								\
	"andn %%r8, %%rax, %%rbx\n\t"							\
	".rept 2\n\tmov %%r8, %%rcx\n\t.endr\n\t"					\
	"vmovq %%xmm0, %%rdx\n\t"							\
	"vmovq %%r8, %%xmm1\n\t"

__attribute__((target("bmi,bmi2,avx2"))) void op_mix_sha512(struct sha512_state *, const u8 *,
							      int blocks)
{
	for (int b = 0; b < blocks; b++)
		for (int round = 0; round < 80; round++)
			asm volatile(SHA512_ROUND_OP_MIX ::: "rax", "rbx", "rcx", "rdx", "r9", "r10",
				     "r11", "r12", "r13", "r14", "r15", "xmm1", "cc");
}

// The rounds-only bound's assembly as a block function, as sha512_transform_avx512() calls its own.
void rounds_only_sha512_transform_avx512(struct sha512_state *sst, const u8 *src, int blocks)
{
	rounds_only_sha512_avx512_transform(sst->state, src, blocks);
}

void BM_Block(benchmark::State &state, sha512_block_fn *fn)
{
	struct sha512_state sst = {};

	kcshim_test::bench_block_fn(state, fn, sst, SHA512_BLOCK_SIZE);
}

// Each block function and driver only where the CPU has its instructions.
int register_benchmarks()
{
	const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
			  __builtin_cpu_supports("bmi2");
	const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") &&
			    __builtin_cpu_supports("avx512vl");

	if (avx512) {
		benchmark::RegisterBenchmark("BM_Block/avx512", BM_Block, sha512_transform_avx512)
			->Arg(8192);
		benchmark::RegisterBenchmark("BM_Bound/avx512-rounds-only", BM_Block,
					     rounds_only_sha512_transform_avx512)->Arg(8192);
		benchmark::RegisterBenchmark("BM_Bound/avx512-op-mix", BM_Block, op_mix_sha512)
			->Arg(8192);
	}
	if (avx2)
		benchmark::RegisterBenchmark("BM_Block/avx2", BM_Block, sha512_transform_avx2)
			->Arg(8192);
	for (const char *driver : {"sha512-avx512", "sha512-avx2", "sha512-generic"})
		benchmark::RegisterBenchmark((std::string("BM_Digest/") + driver).c_str(),
					     kcshim_test::bench_shash_digest, driver)
			->Arg(8192);
	benchmark::RegisterBenchmark("BM_Digest/openssl:sha512", kcshim_test::bench_openssl_digest,
				     EVP_sha512, 64)->Arg(8192);
	return 0;
}

const int registered = register_benchmarks();

}  // namespace

BENCHMARK_MAIN();
