// SPDX-License-Identifier: GPL-2.0
// For a test executable built once per masked CPU feature (KCSHIM_TEST_MASK, "" for none, set by
// kcshim_add_feature_mask_gtests() in tests/CMakeLists.txt): masks the feature before anything
// runs the drivers' init calls, so that a variant needing it must not register and the next one
// wins. Include it in one source file of the executable.
#pragma once

#include <gtest/gtest.h>

#include <kcshim/kcshim.h>

#ifndef KCSHIM_TEST_MASK
#define KCSHIM_TEST_MASK ""
#endif

namespace kcshim::test {

class MaskFeatureBeforeInit : public ::testing::Environment {
public:
	void SetUp() override
	{
		if (*KCSHIM_TEST_MASK) {
			ASSERT_EQ(kcshim_cpu_mask_named(KCSHIM_TEST_MASK), 0);
		}
	}
};

inline const auto *const mask_feature_before_init =
	::testing::AddGlobalTestEnvironment(new MaskFeatureBeforeInit);

}  // namespace kcshim::test
