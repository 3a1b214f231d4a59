// SPDX-License-Identifier: GPL-2.0
// The two ways tcrypt times an operation, as templates over "int op()" (0 or -errno):
//  - run_for: sec=N, count operations until the deadline (no warm-up), as test_*_jiffies();
//  - run_cycles: sec=0, 4 untimed warm-up operations, then 8 timed one by one and summed,
//    as test_*_cycles().
// Both also record wall time and the cycle counter across the whole loop, which `kcshim speed`
// turns into MB/s and cycles/byte.
#pragma once

#include <chrono>
#include <cstdint>

#include "tools/speed/cycle_counter.h"
#include "tools/speed/deadline.h"

namespace kcshim::speed {

struct Sample {
	uint64_t ops = 0;	// operations completed (timed ones only in cycles mode)
	double seconds = 0;	// wall time they took
	uint64_t cycles = 0;	// cycle-counter delta over them
};

template <class Op>
int run_for(Op &&op, std::chrono::nanoseconds length, const CycleCounter &cc, Sample &out)
{
	Deadline deadline(length);
	auto t0 = std::chrono::steady_clock::now();
	uint64_t c0 = cc.read();
	uint64_t ops = 0;
	for (; !deadline.expired(); ops++) {
		int err = op();
		if (err)
			return err;
	}
	out.cycles = cc.read() - c0;
	out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	out.ops = ops;
	return 0;
}

inline constexpr unsigned int warmup_ops = 4;
inline constexpr unsigned int timed_ops = 8;

template <class Op>
int run_cycles(Op &&op, const CycleCounter &cc, Sample &out)
{
	for (unsigned int i = 0; i < warmup_ops; i++) {
		int err = op();
		if (err)
			return err;
	}
	uint64_t cycles = 0;
	auto t0 = std::chrono::steady_clock::now();
	for (unsigned int i = 0; i < timed_ops; i++) {
		uint64_t start = cc.read();
		int err = op();
		uint64_t end = cc.read();
		if (err)
			return err;
		cycles += end - start;
	}
	out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	out.cycles = cycles;
	out.ops = timed_ops;
	return 0;
}

}  // namespace kcshim::speed
