// SPDX-License-Identifier: GPL-2.0
// tcrypt's sec=N loops test time_before(jiffies, end) once per operation: a memory load, updated
// by the timer interrupt. A Deadline does the same in userspace: a sleeping thread flips a flag
// when the time is up, so the per-operation check is one relaxed load and no clock read.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace kcshim::speed {

class Deadline {
public:
	explicit Deadline(std::chrono::nanoseconds length);
	~Deadline();	// stops and joins the timer thread
	Deadline(const Deadline &) = delete;
	Deadline &operator=(const Deadline &) = delete;

	// Under qemu-user there is no timer thread (deadline.cpp) and every check asks the clock:
	// emulated operations take microseconds, so the clock read does not dominate them.
	bool expired() const
	{
		return clock_only_ ? std::chrono::steady_clock::now() >= end_
				   : expired_.load(std::memory_order_relaxed);
	}

private:
	std::atomic<bool> expired_{false};
	std::chrono::steady_clock::time_point end_;
	bool clock_only_ = false;
	std::mutex lock_;
	std::condition_variable wake_;
	bool cancelled_ = false;
	std::thread timer_;
};

}  // namespace kcshim::speed
