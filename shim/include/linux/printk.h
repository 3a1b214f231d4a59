/* SPDX-License-Identifier: GPL-2.0 */
/* printk and pr_*(): lines go to the kcshim log (stderr unless a tool captures it). */
#ifndef _KCSHIM_LINUX_PRINTK_H
#define _KCSHIM_LINUX_PRINTK_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/kern_levels.h>

__KCSHIM_BEGIN_DECLS
__printf(1, 2) int printk(const char *fmt, ...);
void print_hex_dump(const char *level, const char *prefix_str, int prefix_type, int rowsize,
		    int groupsize, const void *buf, size_t len, bool ascii);
__KCSHIM_END_DECLS

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

enum { DUMP_PREFIX_NONE, DUMP_PREFIX_ADDRESS, DUMP_PREFIX_OFFSET };

#define no_printk(fmt, ...)	({ if (0) printk(fmt, ##__VA_ARGS__); 0; })
#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning		pr_warn
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_devel(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once		pr_info
#define pr_warn_once		pr_warn
#define pr_err_once		pr_err
#define pr_warn_ratelimited	pr_warn
#define pr_err_ratelimited	pr_err
#define printk_ratelimited	printk

#endif
