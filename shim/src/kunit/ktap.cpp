// SPDX-License-Identifier: GPL-2.0
// The KTAP lines lib/kunit/test.c and executor.c print, byte for byte: nesting is 4 spaces per
// level; a skip is "ok N name # SKIP reason"; the suite statistics start in column 0, as the
// kernel logs them.
#include "shim/src/kunit/ktap.h"

#include <string>

namespace kcshim::kunit {

namespace {

const char *const speed_names[] = {"unset", "very_slow", "slow", "normal"};

const char *speed_name(enum kunit_speed speed)
{
	return speed > KUNIT_SPEED_UNSET && speed <= KUNIT_SPEED_MAX ? speed_names[speed] : nullptr;
}

}  // namespace

void Ktap::line(std::string_view text)
{
	fwrite(text.data(), 1, text.size(), out_);
	fputc('\n', out_);
	fflush(out_);
}

void Ktap::document(size_t suites)
{
	line("KTAP version 1");
	line(format("1..%zu", suites));
}

void Ktap::suite_start(const struct kunit_suite &suite, size_t cases)
{
	line(KUNIT_SUBTEST_INDENT "KTAP version 1");
	line(format(KUNIT_SUBTEST_INDENT "# Subtest: %s", suite.name));
	if (const char *speed = speed_name(suite.attr.speed))
		line(format(KUNIT_SUBTEST_INDENT "# speed: %s", speed));
	if (cases > 0 && suite.test_cases[0].module_name)
		line(format(KUNIT_SUBTEST_INDENT "# module: %s", suite.test_cases[0].module_name));
	line(format(KUNIT_SUBTEST_INDENT "1..%zu", cases));
}

void Ktap::params_start(const char *case_name, size_t planned)
{
	line(KUNIT_SUBSUBTEST_INDENT "KTAP version 1");
	line(format(KUNIT_SUBSUBTEST_INDENT "# Subtest: %s", case_name));
	if (planned)
		line(format(KUNIT_SUBSUBTEST_INDENT "1..%zu", planned));
}

void Ktap::case_attributes(const struct kunit_case &test_case)
{
	if (const char *speed = speed_name(test_case.attr.speed))
		line(format(KUNIT_SUBTEST_INDENT "# %s.speed: %s", test_case.name, speed));
}

void Ktap::case_stats(const char *case_name, const Stats &s)
{
	if (s.total > 1)
		line(format(KUNIT_SUBTEST_INDENT "# %s: pass:%lu fail:%lu skip:%lu total:%lu",
			    case_name, s.passed, s.failed, s.skipped, s.total));
}

void Ktap::suite_stats(const char *suite_name, const Stats &cases, const Stats &totals)
{
	if (cases.total > 1)
		line(format("# %s: pass:%lu fail:%lu skip:%lu total:%lu", suite_name, cases.passed,
			    cases.failed, cases.skipped, cases.total));
	if (totals.total > 1)
		line(format("# Totals: pass:%lu fail:%lu skip:%lu total:%lu", totals.passed,
			    totals.failed, totals.skipped, totals.total));
}

void Ktap::result(unsigned int level, enum kunit_status status, size_t number,
		  const char *description, const char *directive)
{
	bool skipped = status == KUNIT_SKIPPED;
	line(format("%*s%s %zu %s%s%s", static_cast<int>(KUNIT_INDENT_LEN * level), "",
		    kunit_status_to_ok_not_ok(status), number, description,
		    skipped ? " # SKIP " : "", skipped && directive ? directive : ""));
}

void Ktap::log_line(std::string_view text)
{
	line(text);
}

}  // namespace kcshim::kunit
