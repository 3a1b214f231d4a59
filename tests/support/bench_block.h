// SPDX-License-Identifier: GPL-2.0
// A Google Benchmark body for the benchmark programs under tests/algs (not tests): an arch block
// function on its own, without the driver's buffering or padding, inside
// kernel_fpu_begin()/end() as its glue calls it, over the whole blocks of state.range(0) bytes.
// Reports MB/s (CPU time) and, on x86, TSC cycles per byte.
#pragma once

#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include <asm/fpu/api.h>

#include "tests/support/bench_throughput.h"

namespace kcshim_test {

// fn(&sst, src, blocks) absorbs whole blocks of block_size bytes into sst, a started state.
template <typename BlockState, typename Blocks>
void bench_block_fn(benchmark::State &state, void (*fn)(BlockState *, const uint8_t *, Blocks),
		    BlockState sst, size_t block_size)
{
	const size_t blocks = static_cast<size_t>(state.range(0)) / block_size;
	std::vector<uint8_t> data(blocks * block_size);

	for (size_t i = 0; i < data.size(); i++)
		data[i] = static_cast<uint8_t>(i * 131 + 7);
	CycleMeter meter;
	for (auto _ : state) {
		kernel_fpu_begin();
		fn(&sst, data.data(), static_cast<Blocks>(blocks));
		kernel_fpu_end();
		benchmark::DoNotOptimize(sst);
	}
	report_throughput(state, data.size(), meter);
}

}  // namespace kcshim_test
