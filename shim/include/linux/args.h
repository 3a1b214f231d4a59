/* SPDX-License-Identifier: GPL-2.0 */
/* Counting and pasting macro arguments. */
#ifndef _KCSHIM_LINUX_ARGS_H
#define _KCSHIM_LINUX_ARGS_H

#define __KCSHIM_ARG_N(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, N, ...) N
/* The number of arguments, 0 to 12. */
#define COUNT_ARGS(X...) __KCSHIM_ARG_N(, ##X, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)

/* glibc's <sys/cdefs.h> has the same macro; whichever comes first defines it */
#ifndef __CONCAT
#define __CONCAT(a, b)		a ## b
#endif
#define CONCATENATE(a, b)	__CONCAT(a, b)

#endif
