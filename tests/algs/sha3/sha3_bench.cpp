// SPDX-License-Identifier: GPL-2.0
// Throughput of our generic hash drivers against OpenSSL's EVP on the same machine, one-shot
// digests of tcrypt's sizes (16 .. 8192 bytes). Not a test: run by hand, e.g.
//   ./build/tests/algs/sha3/sha3_bench --benchmark_filter=/8192 --benchmark_repetitions=5
// Besides bytes/s (from CPU time) it reports "cycles/B": TSC cycles per byte of the thread's CPU
// time (x86 only), so that a loaded machine does not count other processes' time.
#include <openssl/evp.h>

#include <benchmark/benchmark.h>

#include "tests/support/bench_openssl.h"
#include "tests/support/bench_shash.h"

namespace {

using kcshim_test::bench_openssl_digest;
using kcshim_test::bench_shash_digest;

#define SIZES RangeMultiplier(4)->Range(16, 8192)

BENCHMARK_CAPTURE(bench_shash_digest, sha3_256_generic, "sha3-256-generic")->SIZES;
BENCHMARK_CAPTURE(bench_openssl_digest, openssl_sha3_256, EVP_sha3_256, 32)->SIZES;
BENCHMARK_CAPTURE(bench_shash_digest, sha3_512_generic, "sha3-512-generic")->SIZES;
BENCHMARK_CAPTURE(bench_openssl_digest, openssl_sha3_512, EVP_sha3_512, 64)->SIZES;
BENCHMARK_CAPTURE(bench_shash_digest, shake128_generic, "shake128-generic")->SIZES;
BENCHMARK_CAPTURE(bench_openssl_digest, openssl_shake128, EVP_shake128, 32)->SIZES;
BENCHMARK_CAPTURE(bench_shash_digest, sha512_generic, "sha512-generic")->SIZES;
BENCHMARK_CAPTURE(bench_openssl_digest, openssl_sha512, EVP_sha512, 64)->SIZES;

}  // namespace

BENCHMARK_MAIN();
