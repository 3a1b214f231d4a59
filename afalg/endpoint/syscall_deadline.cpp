// SPDX-License-Identifier: GPL-2.0
#include "afalg/endpoint/syscall_deadline.h"

#include <cerrno>
#include <csignal>
#include <condition_variable>
#include <map>
#include <mutex>
#include <pthread.h>
#include <thread>

namespace kcshim::afalg {

using clock = std::chrono::steady_clock;

int kick_signal()
{
	/* glibc keeps SIGRTMIN-2..SIGRTMIN-1 for itself; +6 is clear of both. */
	return SIGRTMIN + 6;
}

static void kick_handler(int) {}

namespace {

struct Entry {
	pthread_t thread;
	clock::time_point when;
	std::shared_ptr<Deadline::State> state;
};

/*
 * One thread for all deadlines.  The mutex is held while signalling, and
 * ~Deadline takes it to disarm, so a thread is never signalled after it has
 * left the guarded region.
 */
class Watchdog {
public:
	static Watchdog &get()
	{
		static Watchdog w;
		return w;
	}

	unsigned long arm(clock::time_point when, std::shared_ptr<Deadline::State> st)
	{
		std::lock_guard lk(mu_);
		unsigned long id = ++next_id_;
		entries_.emplace(id, Entry{pthread_self(), when, std::move(st)});
		cv_.notify_one();
		return id;
	}

	void disarm(unsigned long id)
	{
		std::lock_guard lk(mu_);
		entries_.erase(id);
	}

	~Watchdog()
	{
		{
			std::lock_guard lk(mu_);
			stop_ = true;
			cv_.notify_one();
		}
		thread_.join();
	}

private:
	Watchdog()
	{
		struct sigaction sa = {};
		sa.sa_handler = kick_handler;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = 0;	/* no SA_RESTART: the syscall must return EINTR */
		sigaction(kick_signal(), &sa, nullptr);
		thread_ = std::thread([this] { loop(); });
	}

	void loop()
	{
		/* Re-kick period: covers a signal landing just before the syscall. */
		constexpr auto rekick = std::chrono::milliseconds(20);
		std::unique_lock lk(mu_);
		while (!stop_) {
			auto now = clock::now();
			auto next = now + std::chrono::seconds(60);
			for (auto &[id, e] : entries_) {
				if (e.when <= now) {
					e.state->expired = true;
					pthread_kill(e.thread, kick_signal());
					e.when = now + rekick;
				}
				next = std::min(next, e.when);
			}
			cv_.wait_until(lk, next);
		}
	}

	std::mutex mu_;
	std::condition_variable cv_;
	std::map<unsigned long, Entry> entries_;
	unsigned long next_id_ = 0;
	bool stop_ = false;
	std::thread thread_;
};

} /* namespace */

Deadline::Deadline(std::chrono::milliseconds timeout)
	: state_(std::make_shared<State>())
{
	id_ = Watchdog::get().arm(clock::now() + timeout, state_);
}

Deadline::~Deadline()
{
	Watchdog::get().disarm(id_);
}

long Deadline::check(long ret) const
{
	if (ret == -EINTR && expired())
		return -ETIMEDOUT;
	return ret;
}

} /* namespace kcshim::afalg */
