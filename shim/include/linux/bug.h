/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_BUG_H
#define _KCSHIM_LINUX_BUG_H

#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/printk.h>

__KCSHIM_BEGIN_DECLS
/* A kernel BUG(): report where, then abort, so a debugger stops right there. */
__noreturn void kcshim_bug(const char *file, int line, const char *cond);
__KCSHIM_END_DECLS

#define BUG()			kcshim_bug(__FILE__, __LINE__, "BUG()")
#define BUG_ON(cond)		do { if (unlikely(cond)) kcshim_bug(__FILE__, __LINE__, #cond); } while (0)
#define WARN(cond, fmt...) ({						\
	int __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn))					\
		printk(KERN_WARNING "WARNING: " fmt);			\
	unlikely(__ret_warn); })
#define WARN_ON(cond) ({						\
	int __ret_warn_on = !!(cond);					\
	if (unlikely(__ret_warn_on))					\
		printk(KERN_WARNING "WARNING: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	unlikely(__ret_warn_on); })
#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define WARN_ONCE(cond, fmt...)	WARN(cond, fmt)

#endif
