// SPDX-License-Identifier: GPL-2.0
// The emulated execution contexts (kcshim/irq_context.h): kcshim_run_irq_test() calls a function
// in task, hardirq and softirq context and counts the calls; the context predicates, irqs on/off,
// BH on/off, preempt_count and x86's irq_fpu_usable() see those contexts as the kernel's would.
//
// The functions under test run in a signal handler: they only touch atomics, and report what they
// saw through them; the assertions come after the run. No assertion is about speed: a run ends by
// its iteration count, spins end by a count of events (bounded so a broken build fails, not hangs).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>

#include <pthread.h>

#include <kcshim/irq_context.h>
#include <crypto/internal/simd.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#if defined(__x86_64__)
#include <asm/fpu/api.h>
#endif

namespace {

enum Context { task, softirq, hardirq, n_contexts };

const char *const context_names[] = {"task", "softirq", "hardirq"};

// The context a call runs in, as kunit_run_irq_test()'s counting sees it. A hardirq that
// interrupted a softirq is in hardirq context with in_serving_softirq() also true, as in the
// kernel (the softirq is still being served underneath).
Context current_context()
{
	if (in_hardirq())
		return hardirq;
	if (in_serving_softirq())
		return softirq;
	return task;
}

// The signal mask of the test's thread with hardirqs on: the emulated hardirqs are off exactly when
// the real mask blocks one signal more.
sigset_t irqs_on_mask;

bool mask_blocks_more()
{
	sigset_t now;
	pthread_sigmask(SIG_BLOCK, nullptr, &now);
	for (int sig = 1; sig <= SIGRTMAX; sig++) {
		if (sigismember(&now, sig) == 1 && sigismember(&irqs_on_mask, sig) != 1)
			return true;
	}
	return false;
}

struct Observed {
	Observed() { pthread_sigmask(SIG_BLOCK, nullptr, &irqs_on_mask); }

	std::atomic<int> calls[n_contexts] = {};
	std::atomic<int> mask_mismatch{0};	// irqs_disabled() disagreeing with the real mask
	std::atomic<int> inconsistent{0};	// in_task() disagreeing with the other predicates
	std::atomic<int> hardirq_irqs_on{0};	// a hardirq running with hardirqs enabled
	std::atomic<int> nested_hardirqs{0};	// hardirqs that interrupted a softirq
};

bool observe(void *arg)
{
	auto *o = static_cast<Observed *>(arg);
	Context c = current_context();
	o->calls[c]++;
	bool task_pred = in_task();
	if (task_pred != (c == task) || (c != task && !in_interrupt()) ||
	    (c == task && in_interrupt()))
		o->inconsistent++;
	if (irqs_disabled() != mask_blocks_more())
		o->mask_mismatch++;
	if (c == hardirq) {
		if (!irqs_disabled())
			o->hardirq_irqs_on++;
		if (in_serving_softirq())
			o->nested_hardirqs++;
	}
	return true;
}

std::string counts_str(const kcshim_irq_test_counts &c)
{
	return "task " + std::to_string(c.task_calls) + ", hardirq " +
	       std::to_string(c.hardirq_calls) + ", softirq " + std::to_string(c.softirq_calls);
}

// A bounded wait for something a hardirq or softirq does; the bound only keeps a broken build
// from hanging (the caller asserts on what was seen, never on how long it took).
template <typename Pred>
bool spin_until(Pred done)
{
	auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
	while (!done()) {
		if (std::chrono::steady_clock::now() > give_up)
			return false;
	}
	return true;
}

TEST(IrqContext, AllThreeContextsRunAndTheRunStopsAtMaxIterations)
{
	Observed o;
	kcshim_irq_test_counts counts{};
	/* small enough to end by count well inside the 1 s limit, even under ASan on a busy machine */
	const int max_iterations = 10000;
	kcshim_run_irq_test(observe, max_iterations, &o, &counts);
	SCOPED_TRACE(counts_str(counts));

	EXPECT_GT(counts.task_calls, 0);
	EXPECT_GT(counts.hardirq_calls, 0);
	EXPECT_GT(counts.softirq_calls, 0);
	int total = counts.task_calls + counts.hardirq_calls + counts.softirq_calls;
	EXPECT_GE(total, max_iterations);
	/*
	 * It stops by count: what runs after the last check (interrupts until the timer is
	 * cancelled, the BH work flushed) is a few calls natively, dozens under qemu's emulation,
	 * where the timer outpaces the task; never the run of a second's worth.
	 */
	EXPECT_LE(total, max_iterations + max_iterations / 10);
	EXPECT_FALSE(counts.task_failed || counts.hardirq_failed || counts.softirq_failed);
}

TEST(IrqContext, EachCallIsCountedInTheContextItSaw)
{
	Observed o;
	kcshim_irq_test_counts counts{};
	kcshim_run_irq_test(observe, 20000, &o, &counts);
	SCOPED_TRACE(counts_str(counts));

	EXPECT_EQ(o.calls[task], counts.task_calls);
	EXPECT_EQ(o.calls[hardirq], counts.hardirq_calls);
	EXPECT_EQ(o.calls[softirq], counts.softirq_calls);
	EXPECT_EQ(o.inconsistent, 0) << "calls where in_task() or in_interrupt() disagreed";
	EXPECT_EQ(o.hardirq_irqs_on, 0) << "hardirqs that ran with irqs_disabled() false";
	EXPECT_EQ(o.mask_mismatch, 0) << "calls where irqs_disabled() disagreed with the signal mask";
	/* back in task context, with the caller's preempt_count and irqs on */
	EXPECT_EQ(preempt_count(), 0);
	EXPECT_FALSE(irqs_disabled());
}

struct FailIn {
	Context context;
};

bool fail_in(void *arg)
{
	return current_context() != static_cast<FailIn *>(arg)->context;
}

TEST(IrqContext, AFailureIsReportedForItsContextOnly)
{
	for (Context c : {task, softirq, hardirq}) {
		SCOPED_TRACE(context_names[c]);
		FailIn f{c};
		kcshim_irq_test_counts counts{};
		kcshim_run_irq_test(fail_in, 5000, &f, &counts);
		EXPECT_EQ(counts.task_failed, c == task);
		EXPECT_EQ(counts.softirq_failed, c == softirq);
		EXPECT_EQ(counts.hardirq_failed, c == hardirq);
	}
}

// A softirq that runs long enough is interrupted: the hardirq nests into it.
struct SlowSoftirq {
	Observed o;
	std::atomic<int> hardirqs{0};
};

bool slow_softirq(void *arg)
{
	auto *s = static_cast<SlowSoftirq *>(arg);
	observe(&s->o);
	if (current_context() == hardirq) {
		s->hardirqs++;
	} else if (current_context() == softirq && !irqs_disabled()) {
		/* (not the BH work flushed after the timer stopped, with hardirqs off) */
		int seen = s->hardirqs;
		spin_until([&] { return s->hardirqs != seen; });
	}
	return true;
}

TEST(IrqContext, AHardirqNestsIntoASoftirq)
{
	SlowSoftirq s;
	kcshim_irq_test_counts counts{};
	kcshim_run_irq_test(slow_softirq, 2000, &s, &counts);
	SCOPED_TRACE(counts_str(counts));
	EXPECT_GT(s.o.nested_hardirqs, 0);
	EXPECT_EQ(s.o.inconsistent, 0);
	EXPECT_EQ(s.o.mask_mismatch, 0);
}

// local_irq_disable() in task context: no hardirq runs until local_irq_enable().
struct IrqsOff {
	IrqsOff() { pthread_sigmask(SIG_BLOCK, nullptr, &irqs_on_mask); }

	std::atomic<int> hardirqs{0};
	std::atomic<int> sections{0};
	std::atomic<int> hardirqs_in_section{0};
	std::atomic<int> delivered_at_enable{0};
	std::atomic<int> not_disabled{0};
};

bool irqs_off_section(void *arg)
{
	auto *s = static_cast<IrqsOff *>(arg);
	if (current_context() == hardirq) {
		s->hardirqs++;
		return true;
	}
	if (current_context() != task)
		return true;
	local_irq_disable();
	if (!irqs_disabled() || !mask_blocks_more())
		s->not_disabled++;
	int before = s->hardirqs;
	/* long enough for several timer ticks to come due */
	auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(100);
	while (std::chrono::steady_clock::now() < until)
		;
	s->hardirqs_in_section += s->hardirqs - before;
	s->sections++;
	local_irq_enable();
	/* a tick that came due meanwhile was pending: it runs as soon as the signal is unblocked */
	if (s->hardirqs != before)
		s->delivered_at_enable++;
	return true;
}

TEST(IrqContext, LocalIrqDisableBlocksHardirqs)
{
	IrqsOff s;
	kcshim_irq_test_counts counts{};
	kcshim_run_irq_test(irqs_off_section, 300, &s, &counts);
	SCOPED_TRACE(counts_str(counts));
	EXPECT_GT(s.sections, 0);
	EXPECT_GT(s.hardirqs, 0);
	EXPECT_EQ(s.hardirqs_in_section, 0);
	EXPECT_GT(s.delivered_at_enable, 0);
	EXPECT_EQ(s.not_disabled, 0);
}

TEST(IrqContext, LocalIrqSaveRestoreNests)
{
	unsigned long outer, inner;
	pthread_sigmask(SIG_BLOCK, nullptr, &irqs_on_mask);
	ASSERT_FALSE(irqs_disabled());
	local_irq_save(outer);
	EXPECT_TRUE(irqs_disabled());
	EXPECT_TRUE(mask_blocks_more());
	EXPECT_FALSE(preemptible());
	local_irq_save(inner);
	EXPECT_TRUE(irqs_disabled_flags(inner));
	EXPECT_FALSE(irqs_disabled_flags(outer));
	local_irq_restore(inner);
	EXPECT_TRUE(irqs_disabled());
	local_irq_restore(outer);
	EXPECT_FALSE(irqs_disabled());
	EXPECT_FALSE(mask_blocks_more());
	EXPECT_TRUE(preemptible());
}

// local_bh_disable() in task context: a hardirq still runs, the softirq work it queues waits for
// local_bh_enable(), which serves it before returning.
struct BhOff {
	std::atomic<int> hardirqs{0};
	std::atomic<int> softirqs{0};
	std::atomic<int> sections{0};
	std::atomic<int> softirqs_in_section{0};
	std::atomic<int> served_by_enable{0};
	std::atomic<bool> in_section{false};
	std::atomic<int> softirq_saw_section{0};
};

bool bh_off_section(void *arg)
{
	auto *s = static_cast<BhOff *>(arg);
	Context c = current_context();
	if (c == hardirq) {
		s->hardirqs++;
		return true;
	}
	if (c == softirq) {
		if (s->in_section)
			s->softirq_saw_section++;
		s->softirqs++;
		return true;
	}
	local_bh_disable();
	s->in_section = true;
	int hardirqs = s->hardirqs;
	int softirqs = s->softirqs;
	if (spin_until([&] { return s->hardirqs != hardirqs; })) {
		s->sections++;
		s->softirqs_in_section += s->softirqs - softirqs;
	}
	int before_enable = s->softirqs;
	s->in_section = false;
	local_bh_enable();
	if (s->softirqs != before_enable)
		s->served_by_enable++;
	return true;
}

TEST(IrqContext, LocalBhDisableDefersSoftirqToLocalBhEnable)
{
	BhOff s;
	kcshim_irq_test_counts counts{};
	kcshim_run_irq_test(bh_off_section, 300, &s, &counts);
	SCOPED_TRACE(counts_str(counts));
	ASSERT_GT(s.sections, 0) << "no hardirq came during a BH-disabled section";
	EXPECT_EQ(s.softirqs_in_section, 0);
	EXPECT_EQ(s.softirq_saw_section, 0);
	EXPECT_EQ(s.served_by_enable, s.sections);
}

TEST(IrqContext, LocalBhDisableMarksBhOffNotSoftirq)
{
	local_bh_disable();
	EXPECT_TRUE(in_softirq());
	EXPECT_TRUE(in_interrupt());
	EXPECT_FALSE(in_serving_softirq());
	EXPECT_TRUE(in_task());
	EXPECT_EQ(softirq_count(), SOFTIRQ_DISABLE_OFFSET);
	local_bh_enable();
	EXPECT_EQ(preempt_count(), 0);
}

TEST(IrqContext, PreemptDisableNests)
{
	ASSERT_EQ(preempt_count(), 0);
	EXPECT_TRUE(preemptible());
	preempt_disable();
	preempt_disable();
	EXPECT_EQ(preempt_count(), 2);
	EXPECT_TRUE(in_atomic());
	EXPECT_FALSE(preemptible());
	EXPECT_TRUE(in_task());
	EXPECT_FALSE(in_interrupt());
	preempt_enable();
	EXPECT_EQ(preempt_count(), 1);
	EXPECT_FALSE(preemptible());
	preempt_enable();
	EXPECT_EQ(preempt_count(), 0);
	EXPECT_FALSE(in_atomic());
	EXPECT_TRUE(preemptible());
}

#if defined(__x86_64__)

// A task holding kernel_fpu_begin() for a while: the hardirqs that hit the section find
// irq_fpu_usable() false; a softirq never runs inside it (7.3: the section disables BH) and
// always finds the FPU usable.
struct FpuSection {
	std::atomic<bool> in_section{false};
	std::atomic<int> hardirqs{0};
	std::atomic<int> hardirqs_in_section{0};
	std::atomic<int> usable_in_section{0};
	std::atomic<int> softirqs_in_section{0};
	std::atomic<int> softirqs_unusable{0};
	std::atomic<int> task_unusable{0};
	std::atomic<int> simd_usable_in_section{0};
};

bool fpu_section(void *arg)
{
	auto *s = static_cast<FpuSection *>(arg);
	switch (current_context()) {
	case hardirq:
		s->hardirqs++;
		if (s->in_section) {
			s->hardirqs_in_section++;
			if (irq_fpu_usable())
				s->usable_in_section++;
			if (crypto_simd_usable())
				s->simd_usable_in_section++;
		}
		return true;
	case softirq:
		if (s->in_section)
			s->softirqs_in_section++;
		if (!irq_fpu_usable())
			s->softirqs_unusable++;
		return true;
	default:
		break;
	}
	if (!irq_fpu_usable())
		s->task_unusable++;
	kernel_fpu_begin();
	s->in_section = true;
	int hardirqs = s->hardirqs;
	spin_until([&] { return s->hardirqs != hardirqs; });
	s->in_section = false;
	kernel_fpu_end();
	return true;
}

TEST(IrqContext, HardirqInAKernelFpuSectionCannotUseTheFpu)
{
	FpuSection s;
	kcshim_irq_test_counts counts{};
	kcshim_run_irq_test(fpu_section, 1000, &s, &counts);
	SCOPED_TRACE(counts_str(counts));
	ASSERT_GT(s.hardirqs_in_section, 0);
	EXPECT_EQ(s.usable_in_section, 0);
	EXPECT_EQ(s.simd_usable_in_section, 0);
	EXPECT_EQ(s.softirqs_in_section, 0);
	EXPECT_EQ(s.softirqs_unusable, 0);
	EXPECT_EQ(s.task_unusable, 0);
	EXPECT_EQ(preempt_count(), 0);
}

// A hardirq outside any section, with BH on, may use the FPU; the self-tests' override still
// turns crypto_simd_usable() off in every context.
struct Usable {
	std::atomic<int> hardirq_usable{0};
	std::atomic<int> simd_usable{0};
};

bool usable(void *arg)
{
	auto *u = static_cast<Usable *>(arg);
	if (crypto_simd_usable())
		u->simd_usable++;
	if (current_context() == hardirq && irq_fpu_usable())
		u->hardirq_usable++;
	return true;
}

TEST(IrqContext, HardirqOutsideASectionCanUseTheFpuUnlessDisabledForTest)
{
	Usable u{};
	kcshim_irq_test_counts counts{};
	kcshim_run_irq_test(usable, 5000, &u, &counts);
	EXPECT_GT(u.hardirq_usable, 0);
	EXPECT_GT(u.simd_usable, 0);

	/* per thread: the "interrupts" run on the thread that set it */
	Usable off{};
	crypto_simd_disabled_for_test = true;
	kcshim_run_irq_test(usable, 5000, &off, &counts);
	crypto_simd_disabled_for_test = false;
	EXPECT_GT(off.hardirq_usable, 0);
	EXPECT_EQ(off.simd_usable, 0);
}

#endif

}  // namespace
