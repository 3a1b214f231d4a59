// SPDX-License-Identifier: GPL-2.0
// The seed every randomised test draws from: KCSHIM_TEST_SEED=<n> replays a run, else a random
// one. Printed (and recorded as a test property) once in each test that asks, so a failure's log
// says how to replay it.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

namespace kcshim_test {

inline std::uint64_t test_seed()
{
	static const std::uint64_t seed = [] {
		if (const char *env = std::getenv("KCSHIM_TEST_SEED"))
			return static_cast<std::uint64_t>(std::strtoull(env, nullptr, 0));
		return (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
	}();
	static const ::testing::TestInfo *told = nullptr;
	const ::testing::TestInfo *now = ::testing::UnitTest::GetInstance()->current_test_info();
	if (now != told) {
		told = now;
		std::cout << "[ seed     ] KCSHIM_TEST_SEED=" << seed << '\n';
		if (now)
			::testing::Test::RecordProperty("KCSHIM_TEST_SEED", std::to_string(seed));
	}
	return seed;
}

}  // namespace kcshim_test
