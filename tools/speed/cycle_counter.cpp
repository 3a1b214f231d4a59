// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/cycle_counter.h"

#include <cstring>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace kcshim::speed {

uint64_t get_cycles()
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#elif defined(__aarch64__)
	uint64_t v;
	// The kernel's arm64 get_cycles() reads CNTVCT_EL0 after an isb.
	asm volatile("isb; mrs %0, cntvct_el0" : "=r"(v)::"memory");
	return v;
#else
	return 0;
#endif
}

CycleCounter::CycleCounter()
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	// User space only: the read() syscall that samples the counter then adds almost nothing.
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	fd_ = fd < 0 ? -1 : static_cast<int>(fd);
	if (fd_ >= 0 && read() == 0) {
		// Some hypervisors accept the event but never count (no vPMU); use the TSC then.
		uint64_t spin = get_cycles();
		while (get_cycles() - spin < 100000)
			;
		if (read() == 0) {
			close(fd_);
			fd_ = -1;
		}
	}
}

CycleCounter::~CycleCounter()
{
	if (fd_ >= 0)
		close(fd_);
}

uint64_t CycleCounter::read() const
{
	if (fd_ < 0)
		return get_cycles();
	uint64_t v = 0;
	if (::read(fd_, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

std::string CycleCounter::describe() const
{
	if (fd_ >= 0)
		return "perf_event_open PERF_COUNT_HW_CPU_CYCLES (core cycles, user space)";
#if defined(__x86_64__) || defined(__i386__)
	return "get_cycles(): rdtsc (TSC ticks, not core cycles; no PMU available)";
#elif defined(__aarch64__)
	return "get_cycles(): cntvct_el0 (generic timer ticks, not core cycles; no PMU available)";
#else
	return "no cycle counter on this architecture (cycles read 0)";
#endif
}

}  // namespace kcshim::speed
