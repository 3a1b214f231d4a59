/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_KSTRTOX_H
#define _KCSHIM_LINUX_KSTRTOX_H

#include <linux/types.h>
#include <linux/compiler.h>

__KCSHIM_BEGIN_DECLS
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
int kstrtoint(const char *s, unsigned int base, int *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
__KCSHIM_END_DECLS

#endif
