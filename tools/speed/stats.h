// SPDX-License-Identifier: GPL-2.0
// Summaries of repeated measurements: the median resists one run disturbed by the machine, and
// the spread says whether the machine was quiet enough to believe the median.
#pragma once

#include <span>

namespace kcshim::speed {

double median(std::span<const double> v);	// 0 for an empty list
// The largest and smallest value; 0 for an empty list.
double maximum(std::span<const double> v);
double minimum(std::span<const double> v);
// (max - min) / median; 0 for fewer than two values or a zero median.
double spread(std::span<const double> v);
// Geometric mean of the positive finite values; 0 when there are none.
double geometric_mean(std::span<const double> v);

// Above this spread a line's median is reported with a warning (machine noise).
inline constexpr double noisy_spread = 0.05;

}  // namespace kcshim::speed
