// SPDX-License-Identifier: GPL-2.0
// printk: the KERN_* level prefix is parsed off and the line goes to the log handler or stderr.
// Continuation (KERN_CONT) pieces are joined into one line before they are delivered.
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

#include <kcshim/kcshim.h>
#include <linux/printk.h>

namespace {

std::mutex log_mu;
void (*log_fn)(int, const char *, void *);
void *log_arg;
thread_local std::string pending;
thread_local int pending_level = 6;

void deliver(int level, const std::string &line)
{
	std::lock_guard lock(log_mu);
	if (log_fn)
		log_fn(level, line.c_str(), log_arg);
	else
		fprintf(stderr, "%s\n", line.c_str());
}

void flush_pending()
{
	if (pending.empty())
		return;
	std::string line;
	line.swap(pending);
	deliver(pending_level, line);
}

}  // namespace

extern "C" {

void kcshim_set_log_handler(void (*fn)(int level, const char *line, void *arg), void *arg)
{
	std::lock_guard lock(log_mu);
	log_fn = fn;
	log_arg = arg;
}

int printk(const char *fmt, ...)
{
	int level = 4;	// the kernel's default message level
	bool cont = false;

	if (fmt[0] == KERN_SOH_ASCII && fmt[1]) {
		if (fmt[1] == 'c')
			cont = true;
		else if (fmt[1] >= '0' && fmt[1] <= '7')
			level = fmt[1] - '0';
		fmt += 2;
	}
	va_list ap;
	va_start(ap, fmt);
	char *text = nullptr;
	int n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;

	if (!cont) {
		flush_pending();
		pending_level = level;
	}
	// Messages may hold several lines; each newline ends one.
	for (const char *p = text; *p; p++) {
		if (*p == '\n')
			flush_pending();
		else
			pending += *p;
	}
	free(text);
	return n;
}

void print_hex_dump(const char *level, const char *prefix_str, int prefix_type, int rowsize,
		    int groupsize, const void *buf, size_t len, bool ascii)
{
	const unsigned char *p = static_cast<const unsigned char *>(buf);
	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	for (size_t i = 0; i < len; i += static_cast<size_t>(rowsize)) {
		std::string line = prefix_str;
		char tmp[32];
		if (prefix_type == DUMP_PREFIX_OFFSET) {
			snprintf(tmp, sizeof(tmp), "%08zx: ", i);
			line += tmp;
		}
		for (size_t j = i; j < len && j < i + static_cast<size_t>(rowsize); j++) {
			snprintf(tmp, sizeof(tmp), "%02x ", p[j]);
			line += tmp;
		}
		printk("%s%s\n", level, line.c_str());
	}
}

}  // extern "C"
