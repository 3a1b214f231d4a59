/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a failed KUNIT_EXPECT_*() or KUNIT_ASSERT_*() hands to the runner: where it failed and the
 * values it compared. The runner (shim/src/kunit/assert.cpp) formats them into the kernel's text.
 */
#ifndef _KUNIT_ASSERT_H
#define _KUNIT_ASSERT_H

#include <stdarg.h>
#include <stddef.h>

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/printk.h>

struct kunit;
struct string_stream;

/* An expectation records a failure and goes on; an assertion ends the case. */
enum kunit_assert_type {
	KUNIT_ASSERTION,
	KUNIT_EXPECTATION,
};

struct kunit_loc {
	int line;
	const char *file;
};

#define KUNIT_CURRENT_LOC { .file = __FILE__, .line = __LINE__ }

#ifndef _KCSHIM_VA_FORMAT
#define _KCSHIM_VA_FORMAT
/* The kernel's %pV argument: a format and its arguments. */
struct va_format {
	const char *fmt;
	va_list *va;
};
#endif

/* The common head of every assertion class; the kernel's is empty, ours has a byte for C++. */
struct kunit_assert {
	char __kcshim_unused;
};

typedef void (*assert_format_t)(const struct kunit_assert *assert,
				const struct va_format *message,
				struct string_stream *stream);

__KCSHIM_BEGIN_DECLS
void kunit_assert_prologue(const struct kunit_loc *loc, enum kunit_assert_type type,
			   struct string_stream *stream);
__KCSHIM_END_DECLS

/* KUNIT_FAIL(): only the message. */
struct kunit_fail_assert {
	struct kunit_assert assert;
};

/* KUNIT_{EXPECT,ASSERT}_{TRUE,FALSE}(). */
struct kunit_unary_assert {
	struct kunit_assert assert;
	const char *condition;
	bool expected_true;
};

/* KUNIT_*_NOT_ERR_OR_NULL(). */
struct kunit_ptr_not_err_assert {
	struct kunit_assert assert;
	const char *text;
	const void *value;
};

/* The source text of a binary comparison: "left op right". */
struct kunit_binary_assert_text {
	const char *operation;
	const char *left_text;
	const char *right_text;
};

/* KUNIT_*_{EQ,NE,LT,LE,GT,GE}(). */
struct kunit_binary_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	long long left_value;
	long long right_value;
};

/* KUNIT_*_PTR_{EQ,NE}(), KUNIT_*_NULL(), KUNIT_*_NOT_NULL(). */
struct kunit_binary_ptr_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const void *left_value;
	const void *right_value;
};

/* KUNIT_*_STR{,N}EQ(). */
struct kunit_binary_str_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const char *left_value;
	const char *right_value;
};

/* KUNIT_*_MEM{,N}EQ(): both buffers are hex-dumped, differing bytes marked <xx>. */
struct kunit_mem_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const void *left_value;
	const void *right_value;
	size_t size;
};

__KCSHIM_BEGIN_DECLS
void kunit_fail_assert_format(const struct kunit_assert *assert,
			      const struct va_format *message, struct string_stream *stream);
void kunit_unary_assert_format(const struct kunit_assert *assert,
			       const struct va_format *message, struct string_stream *stream);
void kunit_ptr_not_err_assert_format(const struct kunit_assert *assert,
				     const struct va_format *message,
				     struct string_stream *stream);
void kunit_binary_assert_format(const struct kunit_assert *assert,
				const struct va_format *message, struct string_stream *stream);
void kunit_binary_ptr_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);
void kunit_binary_str_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);
void kunit_mem_assert_format(const struct kunit_assert *assert,
			     const struct va_format *message, struct string_stream *stream);
__KCSHIM_END_DECLS

#endif
