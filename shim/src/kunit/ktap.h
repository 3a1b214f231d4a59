// SPDX-License-Identifier: GPL-2.0
// KTAP printing, all of it, in the kernel's lib/kunit words: a document of suites, each a subtest
// of cases, a parameterised case a subtest of its parameters.
#pragma once

#include <cstdio>
#include <string_view>

#include <kunit/test.h>

#include "shim/src/kunit/kunit.h"

namespace kcshim::kunit {

class Ktap {
public:
	explicit Ktap(FILE *out) : out_(out) {}

	// "KTAP version 1" and the plan "1..N" of the document.
	void document(size_t suites);
	// A suite's subtest header: version, "# Subtest:", its attributes, the plan of its cases.
	void suite_start(const struct kunit_suite &suite, size_t cases);
	// A parameterised case's subtest header; the plan only when the count is known (planned > 0).
	void params_start(const char *case_name, size_t planned);
	// A case's attributes (its speed), before its result.
	void case_attributes(const struct kunit_case &test_case);
	// "# NAME: pass:P fail:F skip:S total:T" of a parameterised case (more than one parameter).
	void case_stats(const char *case_name, const Stats &stats);
	// The suite's "# NAME: ..." and "# Totals: ..." lines (each when it counts more than one).
	void suite_stats(const char *suite_name, const Stats &cases, const Stats &totals);
	// A result line at level 0 (suite), 1 (case) or 2 (parameter); directive: a skip's reason.
	void result(unsigned int level, enum kunit_status status, size_t number,
		    const char *description, const char *directive);
	// A line a test or suite logged, as it was logged (it carries its own indentation).
	void log_line(std::string_view line);

private:
	void line(std::string_view text);

	FILE *out_;
};

}  // namespace kcshim::kunit
