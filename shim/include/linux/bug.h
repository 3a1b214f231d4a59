/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_BUG_H
#define _KCSHIM_LINUX_BUG_H

#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/printk.h>

__KCSHIM_BEGIN_DECLS
/* A kernel BUG(): report where, then abort, so a debugger stops right there. */
__noreturn void kcshim_bug(const char *file, int line, const char *cond);
/*
 * A kernel WARN(): fmt's message, then "WARNING: CPU: 0 PID: P at FILE:LINE FUNC" (only that line
 * for kcshim_warn_on(), WARN_ON()'s). While a KUnit test runs the lines go to its log; otherwise
 * to printk.
 */
__printf(4, 5) void kcshim_warn(const char *file, int line, const char *func,
				const char *fmt, ...);
void kcshim_warn_on(const char *file, int line, const char *func);
__KCSHIM_END_DECLS

#define BUG()			kcshim_bug(__FILE__, __LINE__, "BUG()")
#define BUG_ON(cond)		do { if (unlikely(cond)) kcshim_bug(__FILE__, __LINE__, #cond); } while (0)
#define __WARN()		kcshim_warn_on(__FILE__, __LINE__, __func__)
#define __WARN_printf(fmt...)	kcshim_warn(__FILE__, __LINE__, __func__, fmt)
#define WARN(cond, fmt...) ({						\
	int __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn))					\
		__WARN_printf(fmt);					\
	unlikely(__ret_warn); })
#define WARN_ON(cond) ({						\
	int __ret_warn_on = !!(cond);					\
	if (unlikely(__ret_warn_on))					\
		__WARN();						\
	unlikely(__ret_warn_on); })
#define WARN_ON_ONCE(cond) ({						\
	static bool __warned;						\
	int __ret_warn_once = !!(cond);					\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		__WARN();						\
	}								\
	unlikely(__ret_warn_once); })
#define WARN_ONCE(cond, fmt...) ({					\
	static bool __warned;						\
	int __ret_warn_once = !!(cond);					\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		__WARN_printf(fmt);					\
	}								\
	unlikely(__ret_warn_once); })

#endif
