// SPDX-License-Identifier: GPL-2.0
// The kernel's execution contexts in a process (kcshim/irq_context.h). Each thread is a CPU with
// its own preempt_count (linux/preempt.h). A hardirq is a real-time signal from a POSIX timer aimed
// at the thread under test: the handler raises HARDIRQ_OFFSET around the timer function, and on
// its way out, as irq_exit() does, serves pending softirq (BH) work if the interrupted code was in
// no interrupt context and had BH enabled, with the signal unblocked so a hardirq can nest into
// the softirq. local_bh_enable() serves it too. local_irq_disable() blocks the signal;
// irqs_disabled() reads a per-thread copy of that, kept by every change of the signal's mask made
// here (and by the handler, which the signal's delivery enters with it blocked): reading the mask
// back costs a system call, which would put two in every kernel_fpu_begin()/end() pair.
//
// The handler runs on the interrupted thread: everything it touches is that thread's CPU state or
// the running test's, in lock-free atomics, and it calls nothing but the test's function and
// async-signal-safe system calls (no allocation, no locks, no stdio). The thread-locals are
// initial-exec, so reaching them never allocates either.
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>

#include <pthread.h>
#include <unistd.h>

#include <kcshim/irq_context.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>

#ifndef sigev_notify_thread_id	/* glibc before 2.38 */
#define sigev_notify_thread_id	_sigev_un._tid
#endif

namespace {

class IrqTest;

// What the kernel keeps per CPU for these contexts.
struct Cpu {
	std::atomic<int> preempt_count;
	std::atomic<bool> irqs_off;	// the hardirq signal is blocked
	// The BH work queued by the hardirq and not yet run: one test runs on a thread at a time.
	std::atomic<IrqTest *> pending_bh;
};

[[gnu::tls_model("initial-exec")]] thread_local Cpu this_cpu;

constexpr int max_softirq_restart = 10;	// kernel/softirq.c's MAX_SOFTIRQ_RESTART
constexpr long initial_interval_ns = 5000;
constexpr long interval_step_ns = 250;
constexpr long time_limit_ns = 1000000000;

// The hardirq line: a real-time signal glibc and the sanitizers leave alone.
int irq_signal()
{
	return SIGRTMIN + 4;
}

sigset_t irq_sigset()
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, irq_signal());
	return set;
}

// Blocks or unblocks the hardirq signal; true when it was blocked before. A hardirq between the
// two steps finds the copy as it was and leaves it so.
bool set_irqs_blocked(bool block)
{
	sigset_t set = irq_sigset();
	sigset_t old;
	pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, &old);
	this_cpu.irqs_off.store(block, std::memory_order_relaxed);
	return sigismember(&old, irq_signal()) == 1;
}

// 64-bit on every host: a 32-bit long overflows after two seconds of uptime.
std::int64_t now_ns()
{
	timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// kunit_run_irq_test()'s state: the function, its call counts and failures per context, and the
// timer whose interval grows while hardirqs outrun the others.
class IrqTest {
public:
	IrqTest(bool (*func)(void *), void *state) : func_(func), state_(state) {}

	// kunit_irq_test_timer_func(), in hardirq context.
	void timer_tick()
	{
		int task = task_calls_.load(std::memory_order_relaxed);
		int hardirq = hardirq_calls_.fetch_add(1, std::memory_order_relaxed) + 1;
		int softirq = softirq_calls_.load(std::memory_order_relaxed);

		bool outrun = hardirq >= 20 && (hardirq / 2 > softirq || hardirq / 2 > task);
		if (outrun)
			interval_ns_ += interval_step_ns;
		if (!func_(state_))
			hardirq_failed_.store(true, std::memory_order_relaxed);
		if (outrun)
			arm_timer();
		this_cpu.pending_bh.store(this, std::memory_order_relaxed);
	}

	// kunit_irq_test_bh_work_func(), in softirq context.
	void bh_work()
	{
		softirq_calls_.fetch_add(1, std::memory_order_relaxed);
		if (!func_(state_))
			softirq_failed_.store(true, std::memory_order_relaxed);
	}

	// The task context's loop; 0, or the errno of a timer that could not be set up.
	int run(int max_iterations);
	void fill(struct kcshim_irq_test_counts *counts) const;

private:
	bool create_timer();
	void arm_timer();
	void stop_timer();

	bool (*func_)(void *);
	void *state_;
	std::atomic<int> task_calls_{0};
	std::atomic<int> hardirq_calls_{0};
	std::atomic<int> softirq_calls_{0};
	std::atomic<bool> task_failed_{false};
	std::atomic<bool> hardirq_failed_{false};
	std::atomic<bool> softirq_failed_{false};
	long interval_ns_ = initial_interval_ns;	// hardirq only, once the timer runs
	timer_t timer_{};
};

bool IrqTest::create_timer()
{
	sigevent sev{};
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = irq_signal();
	sev.sigev_value.sival_ptr = this;
	sev.sigev_notify_thread_id = gettid();
	return timer_create(CLOCK_MONOTONIC, &sev, &timer_) == 0;
}

// hrtimer_forward_now() each tick: a periodic timer whose overruns coalesce into one signal.
void IrqTest::arm_timer()
{
	itimerspec its{};
	its.it_value.tv_sec = interval_ns_ / 1000000000L;
	its.it_value.tv_nsec = interval_ns_ % 1000000000L;
	its.it_interval = its.it_value;
	timer_settime(timer_, 0, &its, nullptr);
}

// hrtimer_cancel(): with the signal blocked, delete the timer and take back a signal it left.
void IrqTest::stop_timer()
{
	timer_delete(timer_);
	sigset_t set = irq_sigset();
	timespec zero{};
	while (sigtimedwait(&set, nullptr, &zero) > 0)
		;
}

int IrqTest::run(int max_iterations)
{
	if (!create_timer())
		return errno;
	std::int64_t end = now_ns() + time_limit_ns;
	arm_timer();
	int task, hardirq, softirq;
	do {
		if (!func_(state_))
			task_failed_.store(true, std::memory_order_relaxed);
		task = task_calls_.fetch_add(1, std::memory_order_relaxed) + 1;
		hardirq = hardirq_calls_.load(std::memory_order_relaxed);
		softirq = softirq_calls_.load(std::memory_order_relaxed);
	} while ((task + hardirq + softirq < max_iterations ||
		  task == 0 || hardirq == 0 || softirq == 0) &&
		 now_ns() < end);
	set_irqs_blocked(true);
	stop_timer();
	return 0;
}

void IrqTest::fill(struct kcshim_irq_test_counts *counts) const
{
	counts->task_calls = task_calls_.load(std::memory_order_relaxed);
	counts->hardirq_calls = hardirq_calls_.load(std::memory_order_relaxed);
	counts->softirq_calls = softirq_calls_.load(std::memory_order_relaxed);
	counts->task_failed = task_failed_.load(std::memory_order_relaxed);
	counts->hardirq_failed = hardirq_failed_.load(std::memory_order_relaxed);
	counts->softirq_failed = softirq_failed_.load(std::memory_order_relaxed);
}

// handle_softirqs(): serve pending BH work with SOFTIRQ_OFFSET set; work queued while it runs is
// served too, up to the kernel's restart limit (the rest waits for the next chance). From
// irq_exit() hardirqs are off and are switched on around the work, as the kernel does.
void serve_softirqs(bool from_hardirq)
{
	preempt_count_add(SOFTIRQ_OFFSET);
	if (from_hardirq)
		set_irqs_blocked(false);
	for (int i = 0; i < max_softirq_restart; i++) {
		IrqTest *test = this_cpu.pending_bh.exchange(nullptr, std::memory_order_relaxed);
		if (!test)
			break;
		test->bh_work();
	}
	if (from_hardirq)
		set_irqs_blocked(true);
	preempt_count_sub(SOFTIRQ_OFFSET);
}

bool softirq_pending()
{
	return this_cpu.pending_bh.load(std::memory_order_relaxed) != nullptr;
}

// The timer signal: irq_enter(), the timer function, irq_exit().
void hardirq_handler(int, siginfo_t *info, void *)
{
	if (info->si_code != SI_TIMER)
		return;		/* someone's kill(): not our interrupt */
	int saved_errno = errno;
	bool irqs_were_off = this_cpu.irqs_off.exchange(true, std::memory_order_relaxed);
	preempt_count_add(HARDIRQ_OFFSET);
	static_cast<IrqTest *>(info->si_value.sival_ptr)->timer_tick();
	preempt_count_sub(HARDIRQ_OFFSET);
	if (!in_interrupt() && softirq_pending())
		serve_softirqs(true);
	this_cpu.irqs_off.store(irqs_were_off, std::memory_order_relaxed);
	errno = saved_errno;
}

}  // namespace

extern "C" {

int kcshim_preempt_count(void)
{
	return this_cpu.preempt_count.load(std::memory_order_relaxed);
}

// One thread is one CPU: besides the thread only its own signal handlers (the emulated
// interrupts) change the count, and each leaves it as it found it, so a plain read-modify-write
// is safe, as the kernel's per-CPU add is; a locked instruction would cost every FPU section.
void kcshim_preempt_count_add(int val)
{
	std::atomic<int> &count = this_cpu.preempt_count;

	count.store(count.load(std::memory_order_relaxed) + val, std::memory_order_relaxed);
}

void kcshim_preempt_count_sub(int val)
{
	kcshim_preempt_count_add(-val);
}

void kcshim_local_bh_disable(void)
{
	preempt_count_add(SOFTIRQ_DISABLE_OFFSET);
}

// __local_bh_enable_ip(): preemption stays off while the pending work is served.
void kcshim_local_bh_enable(void)
{
	preempt_count_sub(SOFTIRQ_DISABLE_OFFSET - 1);
	if (!in_interrupt() && softirq_pending())
		serve_softirqs(false);
	preempt_count_dec();
}

bool kcshim_irqs_disabled(void)
{
	return this_cpu.irqs_off.load(std::memory_order_relaxed);
}

void kcshim_local_irq_disable(void)
{
	set_irqs_blocked(true);
}

void kcshim_local_irq_enable(void)
{
	set_irqs_blocked(false);
}

unsigned long kcshim_local_irq_save(void)
{
	return set_irqs_blocked(true);
}

void kcshim_local_irq_restore(unsigned long flags)
{
	set_irqs_blocked(flags != 0);
}

void kcshim_run_irq_test(bool (*func)(void *state), int max_iterations, void *state,
			 struct kcshim_irq_test_counts *counts)
{
	IrqTest test(func, state);
	struct sigaction sa{};
	struct sigaction old_sa;
	sa.sa_sigaction = hardirq_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);	/* the signal itself stays blocked while it is handled */
	sigaction(irq_signal(), &sa, &old_sa);
	bool irqs_were_off = set_irqs_blocked(false);

	int err = test.run(max_iterations);
	if (err) {
		set_irqs_blocked(true);
		fprintf(stderr, "kcshim: no hardirq context: timer_create: %s\n", strerror(err));
	}
	/* flush_work(): BH work the last tick queued runs now, in softirq context */
	local_bh_disable();
	local_bh_enable();
	IrqTest *ours = &test;	/* a caller with BH disabled cannot have it run: drop it */
	this_cpu.pending_bh.compare_exchange_strong(ours, nullptr);

	sigaction(irq_signal(), &old_sa, nullptr);
	set_irqs_blocked(irqs_were_off);
	test.fill(counts);
}

}  // extern "C"
