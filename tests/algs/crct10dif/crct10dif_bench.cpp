// SPDX-License-Identifier: GPL-2.0
// Speed of crct10dif-generic through crypto_shash_digest(), as tcrypt's hash speed test runs it
// (one digest per message). Reports MB/s (bytes_per_second, from CPU time) and, on x86, TSC cycles per byte.
//
//   build/tests/algs/crct10dif/crct10dif_bench [--benchmark_repetitions=5]
#include "tests/support/bench_shash.h"

using kcshim_test::bench_shash_digest;

BENCHMARK_CAPTURE(bench_shash_digest, crct10dif_generic, "crct10dif-generic")
	->Arg(16)->Arg(256)->Arg(1024)->Arg(8192);

BENCHMARK_MAIN();
