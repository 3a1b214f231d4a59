// SPDX-License-Identifier: GPL-2.0
#include "shim/src/kernel/initcalls.h"

#include <algorithm>
#include <mutex>

#include <kcshim/kcshim.h>
#include <linux/printk.h>

namespace kcshim {

namespace {

struct QueuedExitcall {
	exitcall_t fn;
	struct module *owner;
};

// Function-local statics: constructors of other objects may queue before this file's globals
// would have been constructed.
std::mutex &queue_mu()
{
	static std::mutex mu;
	return mu;
}

std::vector<QueuedInitcall> &init_queue()
{
	static std::vector<QueuedInitcall> q;
	return q;
}

std::vector<QueuedExitcall> &exit_queue()
{
	static std::vector<QueuedExitcall> q;
	return q;
}

}  // namespace

std::vector<QueuedInitcall> take_initcalls()
{
	std::lock_guard lock(queue_mu());
	std::vector<QueuedInitcall> out;
	out.swap(init_queue());
	return out;
}

int run_initcalls(std::vector<QueuedInitcall> calls, bool stop_on_error)
{
	std::stable_sort(calls.begin(), calls.end(),
			 [](const auto &a, const auto &b) { return a.level < b.level; });
	for (const auto &c : calls) {
		int err = c.fn();
		if (!err)
			continue;
		if (stop_on_error)
			return err;
		// A built-in driver that fails its init (no CPU support, ...) is skipped, as at boot.
		if (err != -ENODEV)
			printk(KERN_INFO "initcall %s returned %d: %s\n", c.name.c_str(), err,
			       kcshim_last_error());
	}
	return 0;
}

std::vector<exitcall_t> take_exitcalls(struct module *owner)
{
	std::lock_guard lock(queue_mu());
	std::vector<exitcall_t> out;
	auto &q = exit_queue();
	for (auto it = q.begin(); it != q.end();) {
		if (it->owner == owner) {
			out.push_back(it->fn);
			it = q.erase(it);
		} else {
			++it;
		}
	}
	return out;
}

}  // namespace kcshim

extern "C" {

void kcshim_initcall_add(int level, initcall_t fn, const char *name, struct module *owner)
{
	std::lock_guard lock(kcshim::queue_mu());
	kcshim::init_queue().push_back({level, fn, name, owner});
}

void kcshim_exitcall_add(exitcall_t fn, const char *name, struct module *owner)
{
	std::lock_guard lock(kcshim::queue_mu());
	kcshim::exit_queue().push_back({fn, owner});
}

int kcshim_init(void)
{
	static std::once_flag once;
	std::call_once(once, [] { kcshim::run_initcalls(kcshim::take_initcalls(), false); });
	return 0;
}

}  // extern "C"
