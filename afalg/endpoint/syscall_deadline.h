/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-call deadlines for blocking AF_ALG syscalls.
 *
 * Why a signal: af_alg_wait_for_wmem()/af_alg_wait_for_data() sleep with
 * MAX_SCHEDULE_TIMEOUT and ignore SO_SNDTIMEO/SO_RCVTIMEO, and close() from
 * another thread does not wake them.  Only a signal does.  A Deadline arms a
 * shared watchdog thread which, once the deadline passes, sends kick_signal()
 * (installed without SA_RESTART) to the armed thread every few milliseconds
 * until the Deadline is destroyed, so the blocked syscall returns EINTR.
 */
#pragma once

#include <atomic>
#include <chrono>
#include <memory>

namespace kcshim::afalg {

class Deadline {
public:
	/* Arms the watchdog for the calling thread. */
	explicit Deadline(std::chrono::milliseconds timeout);
	~Deadline();
	Deadline(const Deadline &) = delete;
	Deadline &operator=(const Deadline &) = delete;

	bool expired() const { return state_->expired.load(); }

	/*
	 * Map a negative errno from a syscall made under this deadline:
	 * -EINTR after expiry becomes -ETIMEDOUT, anything else passes.
	 */
	long check(long ret) const;

	struct State {
		std::atomic<bool> expired{false};
	};

private:
	std::shared_ptr<State> state_;
	unsigned long id_;
};

/* The signal used to interrupt a thread; its handler does nothing. */
int kick_signal();

} /* namespace kcshim::afalg */
