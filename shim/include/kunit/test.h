/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit in a process: the kernel's test API (<kunit/test.h>) over kcshim's runner
 * (shim/src/kunit/, <kcshim/kunit.h>). Suites register from an ELF constructor, so a module .so
 * (or relocatable object) brings its suites along when it loads and takes them when it unloads.
 * Failure messages, the KTAP lines and the order of init/exit calls are the kernel's.
 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

#include <kunit/assert.h>
#include <kunit/try-catch.h>

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kconfig.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>

struct kunit;
struct string_stream;
struct dentry;

/* Maximum size of a parameter description. */
#define KUNIT_PARAM_DESC_SIZE 128

/* Maximum size of a status comment (the reason of a skip). */
#define KUNIT_STATUS_COMMENT_SIZE 256

/* KTAP nests a subtest 4 spaces deeper, a sub-subtest 8. */
#define KUNIT_INDENT_LEN		4
#define KUNIT_SUBTEST_INDENT		"    "
#define KUNIT_SUBSUBTEST_INDENT		"        "

enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

/* Relative speed; a slow case gets 3 times the timeout, a very slow one 12 times. */
enum kunit_speed {
	KUNIT_SPEED_UNSET,
	KUNIT_SPEED_VERY_SLOW,
	KUNIT_SPEED_SLOW,
	KUNIT_SPEED_NORMAL,
	KUNIT_SPEED_MAX = KUNIT_SPEED_NORMAL,
};

struct kunit_attributes {
	enum kunit_speed speed;
};

/*
 * One test case: run_case() makes expectations and assertions. An array of them ends with an
 * empty entry. generate_params, when set, yields the parameters the case runs once each with.
 */
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(struct kunit *test, const void *prev, char *desc);
	struct kunit_attributes attr;
	int (*param_init)(struct kunit *test);
	void (*param_exit)(struct kunit *test);

	/* private: internal use only. */
	enum kunit_status status;
	char *module_name;
	struct string_stream *log;
};

static inline const char *kunit_status_to_ok_not_ok(enum kunit_status status)
{
	switch (status) {
	case KUNIT_SKIPPED:
	case KUNIT_SUCCESS:
		return "ok";
	case KUNIT_FAILURE:
		return "not ok";
	}
	return "invalid";
}

/* The module a case comes from, as "# module:" shows it; built-in cases have none. */
#ifdef MODULE
#define __KCSHIM_KUNIT_MODNAME	KBUILD_MODNAME
#else
#define __KCSHIM_KUNIT_MODNAME	NULL
#endif

#define KUNIT_CASE(test_name)						\
		{ .run_case = test_name, .name = #test_name,		\
		  .module_name = __KCSHIM_KUNIT_MODNAME }

#define KUNIT_CASE_ATTR(test_name, attributes)				\
		{ .run_case = test_name, .name = #test_name,		\
		  .attr = attributes, .module_name = __KCSHIM_KUNIT_MODNAME }

#define KUNIT_CASE_SLOW(test_name)					\
		{ .run_case = test_name, .name = #test_name,		\
		  .attr.speed = KUNIT_SPEED_SLOW,			\
		  .module_name = __KCSHIM_KUNIT_MODNAME }

#define KUNIT_CASE_PARAM(test_name, gen_params)				\
		{ .run_case = test_name, .name = #test_name,		\
		  .generate_params = gen_params,			\
		  .module_name = __KCSHIM_KUNIT_MODNAME }

#define KUNIT_CASE_PARAM_ATTR(test_name, gen_params, attributes)	\
		{ .run_case = test_name, .name = #test_name,		\
		  .generate_params = gen_params, .attr = attributes,	\
		  .module_name = __KCSHIM_KUNIT_MODNAME }

#define KUNIT_CASE_PARAM_WITH_INIT(test_name, gen_params, init, exit)	\
		{ .run_case = test_name, .name = #test_name,		\
		  .generate_params = gen_params,			\
		  .param_init = init, .param_exit = exit,		\
		  .module_name = __KCSHIM_KUNIT_MODNAME }

/*
 * A suite: suite_init() once before its cases, init() before each case, exit() after each case
 * (also after a failed init()), suite_exit() once after them all.
 */
struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
	struct kunit_attributes attr;

	/* private: internal use only */
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	struct dentry *debugfs;
	struct string_stream *log;
	int suite_init_err;
	bool is_init;
	enum kunit_status status;
};

/* A parameter array registered with kunit_register_params_array(). */
struct kunit_params {
	const void *params;
	void (*get_description)(struct kunit *test, const void *param, char *desc);
	size_t num_params;
	size_t elem_size;
};

/*
 * A running test. priv is the test's own; parent is the parameterised case's context (shared
 * between its parameters); param_value the current parameter.
 */
struct kunit {
	void *priv;
	struct kunit *parent;
	struct kunit_params params_array;

	/* private: internal use only. */
	const char *name;
	struct string_stream *log;
	struct kunit_try_catch try_catch;
	const void *param_value;
	int param_index;
	enum kunit_status status;
	struct list_head resources;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	/* The last KUNIT_* macro reached: named when the case crashes. */
	struct kunit_loc last_seen;
};

static inline void kunit_set_failure(struct kunit *test)
{
	WRITE_ONCE(test->status, KUNIT_FAILURE);
}

__KCSHIM_BEGIN_DECLS
/* Registers suites (from kunit_test_suites()'s constructor); owner is the module or NULL. */
void kcshim_kunit_register_suites(struct kunit_suite *const *suites, size_t count,
				  struct module *owner);
/* Takes them back (the module's exit call). */
void kcshim_kunit_unregister_suites(struct kunit_suite *const *suites, size_t count);

bool kunit_enabled(void);
void kunit_init_test(struct kunit *test, const char *name, struct string_stream *log);
size_t kunit_suite_num_test_cases(struct kunit_suite *suite);
unsigned int kunit_test_case_num(struct kunit_suite *suite, struct kunit_case *test_case);
enum kunit_status kunit_suite_has_succeeded(struct kunit_suite *suite);
const void *kunit_array_gen_params(struct kunit *test, const void *prev, char *desc);

void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp);
void kunit_kfree(struct kunit *test, const void *ptr);
void kunit_kfree_const(struct kunit *test, const void *x);
const char *kunit_kstrdup_const(struct kunit *test, const char *str, gfp_t gfp);
void kunit_cleanup(struct kunit *test);

/* Appends one message to a test's or suite's log; each of its lines is printed as it comes. */
__printf(2, 3) void kunit_log_append(struct string_stream *log, const char *fmt, ...);
__KCSHIM_END_DECLS

#define __kunit_test_suites(unique_array, ...)					\
	static struct kunit_suite *unique_array[] = { __VA_ARGS__ };		\
	static void __PASTE(unique_array, _exit)(void)				\
	{									\
		kcshim_kunit_unregister_suites(unique_array,			\
					       ARRAY_SIZE(unique_array));	\
	}									\
	static void __attribute__((constructor, used))				\
	__PASTE(unique_array, _register)(void)					\
	{									\
		kcshim_kunit_register_suites(unique_array,			\
					     ARRAY_SIZE(unique_array),		\
					     THIS_MODULE);			\
		kcshim_exitcall_add(__PASTE(unique_array, _exit), "kunit",	\
				    THIS_MODULE);				\
	}

/* Registers suites with the runner: when the library starts, or when their module loads. */
#define kunit_test_suites(__suites...)						\
	__kunit_test_suites(__UNIQUE_ID(array), ##__suites)

#define kunit_test_suite(suite)	kunit_test_suites(&suite)

/* No init sections in a process: these are ordinary suites. */
#define kunit_test_init_section_suites(__suites...)				\
	__kunit_test_suites(__PASTE(__UNIQUE_ID(array), _probe), ##__suites)

#define kunit_test_init_section_suite(suite)					\
	kunit_test_init_section_suites(&suite)

#define kunit_suite_for_each_test_case(suite, test_case)			\
	for (test_case = suite->test_cases; test_case->run_case; test_case++)

static inline void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, 1, size, gfp);
}

static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

static inline char *kunit_kstrdup(struct kunit *test, const char *str, gfp_t gfp)
{
	size_t len;
	char *buf;

	if (!str)
		return NULL;

	len = strlen(str) + 1;
	buf = (char *)kunit_kmalloc(test, len, gfp);
	if (buf)
		memcpy(buf, str, len);
	return buf;
}

/* Marks the test skipped with a reason; the case goes on. */
#define kunit_mark_skipped(test, fmt, ...)					\
	do {									\
		WRITE_ONCE((test)->status, KUNIT_SKIPPED);			\
		snprintf((test)->status_comment, KUNIT_STATUS_COMMENT_SIZE,	\
			 fmt, ##__VA_ARGS__);					\
	} while (0)

/* Marks the test skipped with a reason and ends the case. */
#define kunit_skip(test, fmt, ...)						\
	do {									\
		kunit_mark_skipped((test), fmt, ##__VA_ARGS__);			\
		kunit_try_catch_throw(&((test)->try_catch));			\
	} while (0)

/* Logs to a test's or suite's log, which the runner prints as KTAP diagnostics. */
#define kunit_log(lvl, test_or_suite, fmt, ...)					\
	kunit_log_append((test_or_suite)->log, fmt, ##__VA_ARGS__)

#define kunit_printk(lvl, test, fmt, ...)					\
	kunit_log(lvl, test, KUNIT_SUBTEST_INDENT "# %s: " fmt,			\
		  (test)->name, ##__VA_ARGS__)

#define kunit_info(test, fmt, ...) \
	kunit_printk(KERN_INFO, test, fmt, ##__VA_ARGS__)

#define kunit_warn(test, fmt, ...) \
	kunit_printk(KERN_WARNING, test, fmt, ##__VA_ARGS__)

#define kunit_err(test, fmt, ...) \
	kunit_printk(KERN_ERR, test, fmt, ##__VA_ARGS__)

#define _KUNIT_SAVE_LOC(test) do {						\
	WRITE_ONCE((test)->last_seen.file, __FILE__);				\
	WRITE_ONCE((test)->last_seen.line, __LINE__);				\
} while (0)

#define KUNIT_SUCCEED(test) _KUNIT_SAVE_LOC(test)

__KCSHIM_BEGIN_DECLS
void __noreturn __kunit_abort(struct kunit *test);
__printf(6, 7) void __kunit_do_failed_assertion(struct kunit *test,
						const struct kunit_loc *loc,
						enum kunit_assert_type type,
						const struct kunit_assert *assert,
						assert_format_t assert_format,
						const char *fmt, ...);
__KCSHIM_END_DECLS

#define _KUNIT_FAILED(test, assert_type, assert_class, assert_format, INITIALIZER, fmt, ...) do { \
	static const struct kunit_loc __loc = KUNIT_CURRENT_LOC;		\
	const struct assert_class __assertion = INITIALIZER;			\
	__kunit_do_failed_assertion(test, &__loc, assert_type,			\
				    &__assertion.assert, assert_format,		\
				    fmt, ##__VA_ARGS__);			\
	if (assert_type == KUNIT_ASSERTION)					\
		__kunit_abort(test);						\
} while (0)

#define KUNIT_FAIL_ASSERTION(test, assert_type, fmt, ...) do {			\
	_KUNIT_SAVE_LOC(test);							\
	_KUNIT_FAILED(test, assert_type, kunit_fail_assert,			\
		      kunit_fail_assert_format, {}, fmt, ##__VA_ARGS__);	\
} while (0)

#define KUNIT_FAIL(test, fmt, ...) \
	KUNIT_FAIL_ASSERTION(test, KUNIT_EXPECTATION, fmt, ##__VA_ARGS__)

#define KUNIT_INIT_ASSERT(initializers...) { initializers }

#define KUNIT_UNARY_ASSERTION(test, assert_type, condition_, expected_true_, fmt, ...) \
do {										\
	_KUNIT_SAVE_LOC(test);							\
	if (likely(!!(condition_) == !!expected_true_))				\
		break;								\
	_KUNIT_FAILED(test, assert_type, kunit_unary_assert,			\
		      kunit_unary_assert_format,				\
		      KUNIT_INIT_ASSERT(.condition = #condition_,		\
					.expected_true = expected_true_),	\
		      fmt, ##__VA_ARGS__);					\
} while (0)

#define KUNIT_TRUE_MSG_ASSERTION(test, assert_type, condition, fmt, ...)	\
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, true, fmt, ##__VA_ARGS__)

#define KUNIT_FALSE_MSG_ASSERTION(test, assert_type, condition, fmt, ...)	\
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, false, fmt, ##__VA_ARGS__)

#define KUNIT_BASE_BINARY_ASSERTION(test, assert_class, format_func, assert_type, \
				    left, op, right, fmt, ...)			\
do {										\
	const typeof(left) __left = (left);					\
	const typeof(right) __right = (right);					\
	static const struct kunit_binary_assert_text __text = {			\
		.operation = #op,						\
		.left_text = #left,						\
		.right_text = #right,						\
	};									\
										\
	_KUNIT_SAVE_LOC(test);							\
	if (likely(__left op __right))						\
		break;								\
	_KUNIT_FAILED(test, assert_type, assert_class, format_func,		\
		      KUNIT_INIT_ASSERT(.text = &__text,			\
					.left_value = __left,			\
					.right_value = __right),		\
		      fmt, ##__VA_ARGS__);					\
} while (0)

#define KUNIT_BINARY_INT_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	KUNIT_BASE_BINARY_ASSERTION(test, kunit_binary_assert,			\
				    kunit_binary_assert_format, assert_type,	\
				    left, op, right, fmt, ##__VA_ARGS__)

#define KUNIT_BINARY_PTR_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
	KUNIT_BASE_BINARY_ASSERTION(test, kunit_binary_ptr_assert,		\
				    kunit_binary_ptr_assert_format, assert_type, \
				    left, op, right, fmt, ##__VA_ARGS__)

#define KUNIT_BINARY_STR_ASSERTION(test, assert_type, left, op, right, fmt, ...) \
do {										\
	const char *__left = (left);						\
	const char *__right = (right);						\
	static const struct kunit_binary_assert_text __text = {			\
		.operation = #op,						\
		.left_text = #left,						\
		.right_text = #right,						\
	};									\
										\
	_KUNIT_SAVE_LOC(test);							\
	if (likely(!IS_ERR_OR_NULL(__left) && !IS_ERR_OR_NULL(__right) &&	\
		   (strcmp(__left, __right) op 0)))				\
		break;								\
	_KUNIT_FAILED(test, assert_type, kunit_binary_str_assert,		\
		      kunit_binary_str_assert_format,				\
		      KUNIT_INIT_ASSERT(.text = &__text,			\
					.left_value = __left,			\
					.right_value = __right),		\
		      fmt, ##__VA_ARGS__);					\
} while (0)

#define KUNIT_MEM_ASSERTION(test, assert_type, left, op, right, size_, fmt, ...) \
do {										\
	const void *__left = (left);						\
	const void *__right = (right);						\
	const size_t __size = (size_);						\
	static const struct kunit_binary_assert_text __text = {			\
		.operation = #op,						\
		.left_text = #left,						\
		.right_text = #right,						\
	};									\
										\
	_KUNIT_SAVE_LOC(test);							\
	if (likely(__left && __right))						\
		if (likely(memcmp(__left, __right, __size) op 0))		\
			break;							\
	_KUNIT_FAILED(test, assert_type, kunit_mem_assert,			\
		      kunit_mem_assert_format,					\
		      KUNIT_INIT_ASSERT(.text = &__text,			\
					.left_value = __left,			\
					.right_value = __right,			\
					.size = __size),			\
		      fmt, ##__VA_ARGS__);					\
} while (0)

#define KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, assert_type, ptr, fmt, ...) \
do {										\
	const typeof(ptr) __ptr = (ptr);					\
										\
	_KUNIT_SAVE_LOC(test);							\
	if (!IS_ERR_OR_NULL(__ptr))						\
		break;								\
	_KUNIT_FAILED(test, assert_type, kunit_ptr_not_err_assert,		\
		      kunit_ptr_not_err_assert_format,				\
		      KUNIT_INIT_ASSERT(.text = #ptr, .value = __ptr),		\
		      fmt, ##__VA_ARGS__);					\
} while (0)

/*
 * The expectations and assertions: KUNIT_EXPECT_x(test, ...) records a failure and goes on,
 * KUNIT_ASSERT_x(test, ...) records it and ends the case; the _MSG forms add a printf-style line.
 */
#define KUNIT_EXPECT_TRUE(test, condition) \
	KUNIT_EXPECT_TRUE_MSG(test, condition, NULL)
#define KUNIT_EXPECT_TRUE_MSG(test, condition, fmt, ...) \
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_EXPECTATION, condition, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_FALSE(test, condition) \
	KUNIT_EXPECT_FALSE_MSG(test, condition, NULL)
#define KUNIT_EXPECT_FALSE_MSG(test, condition, fmt, ...) \
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_EXPECTATION, condition, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_EQ(test, left, right) \
	KUNIT_EXPECT_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_EQ(test, left, right) \
	KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NE(test, left, right) \
	KUNIT_EXPECT_NE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_NE(test, left, right) \
	KUNIT_EXPECT_PTR_NE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_PTR_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LT(test, left, right) \
	KUNIT_EXPECT_LT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, <, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LE(test, left, right) \
	KUNIT_EXPECT_LE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, <=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GT(test, left, right) \
	KUNIT_EXPECT_GT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, >, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GE(test, left, right) \
	KUNIT_EXPECT_GE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, >=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STREQ(test, left, right) \
	KUNIT_EXPECT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_STREQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STRNEQ(test, left, right) \
	KUNIT_EXPECT_STRNEQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_STRNEQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMEQ(test, left, right, size) \
	KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMNEQ(test, left, right, size) \
	KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, NULL)
#define KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NULL(test, ptr) \
	KUNIT_EXPECT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) \
	KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, ptr) \
	KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_EXPECTATION, ptr, fmt, ##__VA_ARGS__)

#define KUNIT_FAIL_AND_ABORT(test, fmt, ...) \
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)

#define KUNIT_ASSERT_TRUE(test, condition) \
	KUNIT_ASSERT_TRUE_MSG(test, condition, NULL)
#define KUNIT_ASSERT_TRUE_MSG(test, condition, fmt, ...) \
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_ASSERTION, condition, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_FALSE(test, condition) \
	KUNIT_ASSERT_FALSE_MSG(test, condition, NULL)
#define KUNIT_ASSERT_FALSE_MSG(test, condition, fmt, ...) \
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_ASSERTION, condition, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_EQ(test, left, right) \
	KUNIT_ASSERT_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_EQ(test, left, right) \
	KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NE(test, left, right) \
	KUNIT_ASSERT_NE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_NE(test, left, right) \
	KUNIT_ASSERT_PTR_NE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_PTR_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LT(test, left, right) \
	KUNIT_ASSERT_LT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, <, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LE(test, left, right) \
	KUNIT_ASSERT_LE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, <=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GT(test, left, right) \
	KUNIT_ASSERT_GT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, >, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GE(test, left, right) \
	KUNIT_ASSERT_GE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, >=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STREQ(test, left, right) \
	KUNIT_ASSERT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_STREQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STRNEQ(test, left, right) \
	KUNIT_ASSERT_STRNEQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_STRNEQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMEQ(test, left, right, size) \
	KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMNEQ(test, left, right, size) \
	KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, NULL)
#define KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL(test, ptr) \
	KUNIT_ASSERT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL(test, ptr) \
	KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ptr) \
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_ASSERTION, ptr, fmt, ##__VA_ARGS__)

/*
 * KUNIT_ARRAY_PARAM(name, array, get_desc) defines name##_gen_params(), which yields each
 * element of array; get_desc(elem, desc), when not NULL, describes it.
 */
#define KUNIT_ARRAY_PARAM(name, array, get_desc)					\
	static const void *name##_gen_params(struct kunit *test,			\
					     const void *prev, char *desc)		\
	{										\
		typeof((array)[0]) *__next = prev ? ((typeof(__next))prev) + 1 : (array); \
		if (!prev)								\
			kunit_register_params_array(test, array, ARRAY_SIZE(array), NULL); \
		if (__next - (array) < ARRAY_SIZE((array))) {				\
			void (*__get_desc)(typeof(__next), char *) = get_desc;		\
			if (__get_desc)							\
				__get_desc(__next, desc);				\
			return __next;							\
		}									\
		return NULL;								\
	}

/* The same, with each element's desc_member (a string) as its description. */
#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)				\
	static const void *name##_gen_params(struct kunit *test,			\
					     const void *prev, char *desc)		\
	{										\
		typeof((array)[0]) *__next = prev ? ((typeof(__next))prev) + 1 : (array); \
		if (!prev)								\
			kunit_register_params_array(test, array, ARRAY_SIZE(array), NULL); \
		if (__next - (array) < ARRAY_SIZE((array))) {				\
			strscpy(desc, __next->desc_member, KUNIT_PARAM_DESC_SIZE);	\
			return __next;							\
		}									\
		return NULL;								\
	}

/* Registers a parameter array for kunit_array_gen_params() (typically from param_init). */
#define kunit_register_params_array(test, array, param_count, get_desc)		\
	do {										\
		struct kunit *_test = (test);						\
		const typeof((array)[0]) *_params_ptr = &(array)[0];			\
		_test->params_array.params = _params_ptr;				\
		_test->params_array.num_params = (param_count);				\
		_test->params_array.elem_size = sizeof(*_params_ptr);			\
		_test->params_array.get_description = (get_desc);			\
	} while (0)

#include <kunit/resource.h>

#endif
