// SPDX-License-Identifier: GPL-2.0
// tools/speed: what a noisy run is told to try, and that a run which tried it all is not warned.
#include <gtest/gtest.h>

#include "tools/speed/speed_run.h"

namespace {

using kcshim::speed::noise_advice;
using kcshim::speed::SpeedOptions;

TEST(NoiseAdvice, DefaultRunIsToldEverything)
{
	EXPECT_EQ(noise_advice(SpeedOptions{}),
		  "try --pin CPU, --best and more --repeat (20 or more)");
}

TEST(NoiseAdvice, OnlyWhatTheRunDidNotTry)
{
	SpeedOptions s;
	s.pin = 1;
	s.repeat = 51;
	EXPECT_EQ(noise_advice(s), "try --best");
	s.best = true;
	s.repeat = 5;
	EXPECT_EQ(noise_advice(s), "try more --repeat (20 or more)");
}

TEST(NoiseAdvice, PinnedBestOfManyRunsIsNotWarned)
{
	SpeedOptions s;
	s.pin = 1;
	s.best = true;
	s.repeat = 51;
	EXPECT_EQ(noise_advice(s), "");
}

}  // namespace
