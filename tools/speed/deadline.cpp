// SPDX-License-Identifier: GPL-2.0
#include "deadline.h"

namespace kcshim::speed {

Deadline::Deadline(std::chrono::nanoseconds length)
	: end_(std::chrono::steady_clock::now() + length)
{
	timer_ = std::thread([this] {
		std::unique_lock guard(lock_);
		wake_.wait_until(guard, end_, [this] { return cancelled_; });
		expired_.store(true, std::memory_order_relaxed);
	});
}

Deadline::~Deadline()
{
	{
		std::lock_guard guard(lock_);
		cancelled_ = true;
	}
	wake_.notify_all();
	timer_.join();
}

}  // namespace kcshim::speed
