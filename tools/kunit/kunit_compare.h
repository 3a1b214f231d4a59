// SPDX-License-Identifier: GPL-2.0
// Two KUnit runs side by side (`kcshim kunit --compare BEFORE AFTER`): every benchmark
// measurement both have, with after/before, as a patch's before/after table is written, and
// every case whose result changed.
#pragma once

#include <ostream>
#include <string>

#include "tools/kunit/kunit_results.h"

namespace kcshim::kunit_tool {

// Prints the table; returns the number of cases that passed before and fail after.
unsigned print_comparison(const Run &before, const Run &after, const std::string &before_name,
			  const std::string &after_name, std::ostream &out);

}  // namespace kcshim::kunit_tool
