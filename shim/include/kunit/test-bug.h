/* SPDX-License-Identifier: GPL-2.0 */
/* The running test, for code that is not handed its struct kunit. */
#ifndef _KUNIT_TEST_BUG_H
#define _KUNIT_TEST_BUG_H

#include <linux/compiler.h>

struct kunit;

__KCSHIM_BEGIN_DECLS
/* The test running on this thread (also in its emulated interrupts), or NULL. */
struct kunit *kcshim_kunit_current_test(void);
/* Fails the running test with "FILE:LINE: message" in its log; does nothing outside a test. */
__printf(3, 4) void __kunit_fail_current_test_impl(const char *file, int line,
						    const char *fmt, ...);
__KCSHIM_END_DECLS

static inline struct kunit *kunit_get_current_test(void)
{
	return kcshim_kunit_current_test();
}

#define kunit_fail_current_test(fmt, ...) \
	__kunit_fail_current_test_impl(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#endif
