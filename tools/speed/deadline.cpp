// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/deadline.h"

#include "tools/cross/emulation.h"

namespace kcshim::speed {

Deadline::Deadline(std::chrono::nanoseconds length)
	: end_(std::chrono::steady_clock::now() + length)
{
	// qemu-user (7.2) hangs starting a thread for a program that then spins in translated code
	// (seen with tcrypt sec=1 under qemu-aarch64): there expired() reads the clock instead.
	static const bool emulated = !cross::user_mode_emulation().empty();
	clock_only_ = emulated;
	if (clock_only_)
		return;
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
	if (timer_.joinable())
		timer_.join();
}

}  // namespace kcshim::speed
