// SPDX-License-Identifier: GPL-2.0
// The cycle counter tcrypt's cycles mode reads. The kernel uses get_cycles() (TSC on x86, the
// generic timer on arm64); we prefer real core cycles from perf_event_open when the machine
// exposes a PMU, and fall back to get_cycles()'s counter otherwise. describe() says which, so
// a number is never mistaken for the other kind.
#pragma once

#include <cstdint>
#include <string>

namespace kcshim::speed {

class CycleCounter {
public:
	CycleCounter();		// opens perf cycles for this thread, or settles for the TSC
	~CycleCounter();
	CycleCounter(const CycleCounter &) = delete;
	CycleCounter &operator=(const CycleCounter &) = delete;

	uint64_t read() const;	// monotonic count; differences are cycles (or ticks)
	bool core_cycles() const { return fd_ >= 0; }
	// One line: "perf_event_open PERF_COUNT_HW_CPU_CYCLES (core cycles, user space)" or
	// "get_cycles(): rdtsc (TSC ticks, not core cycles)".
	std::string describe() const;

private:
	int fd_ = -1;
};

// get_cycles() as the kernel defines it for this architecture.
uint64_t get_cycles();

}  // namespace kcshim::speed
