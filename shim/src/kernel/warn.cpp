// SPDX-License-Identifier: GPL-2.0
// WARN*(): the kernel's report line, into the running KUnit test's log (kunit/kunit.h) or to
// printk when no test runs.
#include <unistd.h>

#include <cstdarg>
#include <string>

#include <linux/bug.h>
#include <linux/printk.h>

#include "shim/src/kunit/kunit.h"

namespace {

void warn(const char *file, int line, const char *func, const std::string &message)
{
	std::string text = message;
	if (!text.empty() && !text.ends_with('\n'))
		text += '\n';
	text += kcshim::kunit::format("WARNING: CPU: 0 PID: %d at %s:%d %s", static_cast<int>(getpid()),
				      file, line, func);
	if (!kcshim::kunit::report_warning(text))
		printk(KERN_WARNING "%s\n", text.c_str());
}

}  // namespace

extern "C" {

void kcshim_warn(const char *file, int line, const char *func, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	std::string message = kcshim::kunit::vformat(fmt, ap);
	va_end(ap);
	warn(file, line, func, message);
}

void kcshim_warn_on(const char *file, int line, const char *func)
{
	warn(file, line, func, "");
}

}  // extern "C"
