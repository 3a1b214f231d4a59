// SPDX-License-Identifier: GPL-2.0
// The init-call queue that *_initcall() and module_init() fill from constructors.
#pragma once

#include <string>
#include <vector>

#include <linux/init.h>

namespace kcshim {

struct QueuedInitcall {
	int level;
	initcall_t fn;
	std::string name;
	struct module *owner;
};

// Takes every queued init call out of the queue (in queue order).
std::vector<QueuedInitcall> take_initcalls();
// Runs init calls in level order, queue order within a level, as the kernel's initcall sections
// do; returns the first error of calls for which stop_on_error holds (a module's), else 0.
int run_initcalls(std::vector<QueuedInitcall> calls, bool stop_on_error);
// Exit calls queued for owner (nullptr: built-in), in queue order.
std::vector<exitcall_t> take_exitcalls(struct module *owner);

}  // namespace kcshim
