/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IS_ENABLED() and friends, usable in #if as well as in C. Kbuild force-includes the kernel's
 * linux/kconfig.h into every file, so kernel headers use IS_ENABLED() without including anything:
 * `kcshim build` force-includes this one (tools/dropin/include/kcshim_dropin_config.h).
 */
#ifndef _KCSHIM_LINUX_KCONFIG_H
#define _KCSHIM_LINUX_KCONFIG_H

#define IS_ENABLED(option)	__kcshim_is_enabled(option)
#define IS_BUILTIN(option)	__kcshim_is_enabled(option)
#define IS_MODULE(option)	0
#define IS_REACHABLE(option)	__kcshim_is_enabled(option)
/* CONFIG_FOO is "1" when set, so __ARG_PLACEHOLDER_1 picks the 1; anything else picks the 0. */
#define __ARG_PLACEHOLDER_1	0,
#define __kcshim_is_enabled(x)	___kcshim_is_enabled(x)
#define ___kcshim_is_enabled(val) ____kcshim_is_enabled(__ARG_PLACEHOLDER_##val)
#define ____kcshim_is_enabled(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define __take_second_arg(__ignored, val, ...) val

#endif
