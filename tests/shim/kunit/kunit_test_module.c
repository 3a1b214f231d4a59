// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites of our own, loaded as a module by test_kunit.cpp: one case per behaviour of the
 * runner (pass, failed expectation, failed assertion, skip, resources on failure, parameters,
 * a fault, abort(), a hang) and a suite that records the order of its init and exit calls.
 */
#include <kunit/test.h>
#include <kunit/resource.h>
#include <linux/module.h>
#include <linux/vmalloc.h>
#include <stdlib.h>
#include <unistd.h>

/* What ran, in order, across the child processes: written to the file the test names. */
static void record(const char *what)
{
	const char *path = getenv("KCSHIM_KUNIT_TRACE");
	FILE *f;

	if (!path)
		return;
	f = fopen(path, "a");
	if (!f)
		return;
	fprintf(f, "%s\n", what);
	fclose(f);
}

static void kcshim_pass(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 2);
	KUNIT_EXPECT_STREQ(test, "abc", "abc");
}

static void kcshim_expect_fails(struct kunit *test)
{
	int a = 1, b = 2;
	static const u8 x[] = { 0, 1, 2, 3 };
	static const u8 y[] = { 0, 1, 7, 3 };

	KUNIT_EXPECT_EQ(test, a, b);
	KUNIT_EXPECT_MEMEQ_MSG(test, x, y, sizeof(x), "buffers of %d bytes", 4);
	kunit_info(test, "still running after the expectations");
}

static void kcshim_assert_stops(struct kunit *test)
{
	KUNIT_ASSERT_TRUE(test, 1 == 2);
	kunit_info(test, "not reached");
}

static void kcshim_skipped(struct kunit *test)
{
	kunit_skip(test, "no %s here", "hardware");
	kunit_info(test, "not reached");
}

static void trace_action(void *what)
{
	record(what);
}

static void kcshim_actions_on_failure(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, trace_action, "action first"), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, trace_action, "action second"), 0);
	KUNIT_ASSERT_NOT_NULL(test, kunit_kzalloc(test, 64, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, trace_action, "action removed"), 0);
	kunit_remove_action(test, trace_action, "action removed");
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, trace_action, "action released"), 0);
	kunit_release_action(test, trace_action, "action released");
	KUNIT_FAIL(test, "failing with %d actions pending", 2);
	KUNIT_ASSERT_TRUE(test, false);
}

struct kcshim_param {
	int value;
	const char *desc;
};

static const struct kcshim_param kcshim_params[] = {
	{ 1, "one" },
	{ 2, "two" },
	{ 3, "three" },
};

KUNIT_ARRAY_PARAM_DESC(kcshim_params, kcshim_params, desc);

static void kcshim_parameterised(struct kunit *test)
{
	const struct kcshim_param *p = test->param_value;

	if (p->value == 3)
		kunit_skip(test, "three is skipped");
	KUNIT_EXPECT_NE(test, p->value, 2);
}

static void kcshim_vmalloc_overrun(struct kunit *test)
{
	u8 *buf = vmalloc(PAGE_SIZE);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	buf[PAGE_SIZE - 1] = 1;
	KUNIT_SUCCEED(test);
	((volatile u8 *)buf)[PAGE_SIZE] = 1;	/* the guard page */
	kunit_info(test, "not reached");
}

static void kcshim_aborts(struct kunit *test)
{
	kunit_info(test, "about to abort");
	abort();
}

static void kcshim_hangs(struct kunit *test)
{
	for (;;)
		pause();
}

static void kcshim_warns(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, WARN_ON(test != NULL));
	for (int i = 0; i < 2; i++)
		WARN_ON_ONCE(i >= 0);	/* reports (and counts) the first time only */
}

static struct kunit_case kcshim_kunit_cases[] = {
	KUNIT_CASE(kcshim_pass),
	KUNIT_CASE(kcshim_expect_fails),
	KUNIT_CASE(kcshim_assert_stops),
	KUNIT_CASE(kcshim_skipped),
	KUNIT_CASE(kcshim_actions_on_failure),
	KUNIT_CASE_PARAM(kcshim_parameterised, kcshim_params_gen_params),
	KUNIT_CASE(kcshim_vmalloc_overrun),
	KUNIT_CASE(kcshim_aborts),
	KUNIT_CASE(kcshim_hangs),
	KUNIT_CASE_SLOW(kcshim_warns),
	{}
};

static struct kunit_suite kcshim_kunit_suite = {
	.name = "kcshim_kunit",
	.test_cases = kcshim_kunit_cases,
};

/* init/exit order: suite_init, (init, case, exit) per case, suite_exit. */
static int order_suite_init(struct kunit_suite *suite)
{
	record("suite_init");
	return 0;
}

static void order_suite_exit(struct kunit_suite *suite)
{
	record("suite_exit");
}

static int order_init(struct kunit *test)
{
	record("init");
	test->priv = "priv from init";
	return 0;
}

static void order_exit(struct kunit *test)
{
	record("exit");
}

static void order_first(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, (const char *)test->priv, "priv from init");
	record("first");
}

static void order_second(struct kunit *test)
{
	record("second");
	KUNIT_ASSERT_TRUE(test, false);
}

static struct kunit_case kcshim_order_cases[] = {
	KUNIT_CASE(order_first),
	KUNIT_CASE(order_second),
	{}
};

static struct kunit_suite kcshim_order_suite = {
	.name = "kcshim_order",
	.suite_init = order_suite_init,
	.suite_exit = order_suite_exit,
	.init = order_init,
	.exit = order_exit,
	.test_cases = kcshim_order_cases,
};

static int failing_suite_init(struct kunit_suite *suite)
{
	return -ENODEV;
}

static struct kunit_case kcshim_failing_init_cases[] = {
	KUNIT_CASE(kcshim_pass),
	{}
};

static struct kunit_suite kcshim_failing_init_suite = {
	.name = "kcshim_failing_init",
	.suite_init = failing_suite_init,
	.test_cases = kcshim_failing_init_cases,
};

kunit_test_suites(&kcshim_kunit_suite, &kcshim_order_suite, &kcshim_failing_init_suite);

MODULE_DESCRIPTION("KUnit suites that exercise kcshim's runner");
MODULE_LICENSE("GPL");
