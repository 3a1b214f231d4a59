// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/stats.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kcshim::speed {

double median(std::span<const double> v)
{
	if (v.empty())
		return 0;
	std::vector<double> s(v.begin(), v.end());
	std::sort(s.begin(), s.end());
	size_t n = s.size();
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

double maximum(std::span<const double> v)
{
	return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

double minimum(std::span<const double> v)
{
	return v.empty() ? 0 : *std::min_element(v.begin(), v.end());
}

double spread(std::span<const double> v)
{
	if (v.size() < 2)
		return 0;
	auto [lo, hi] = std::minmax_element(v.begin(), v.end());
	double m = median(v);
	return m > 0 ? (*hi - *lo) / m : 0;
}

double geometric_mean(std::span<const double> v)
{
	double log_sum = 0;
	unsigned int n = 0;
	for (double x : v)
		if (std::isfinite(x) && x > 0) {
			log_sum += std::log(x);
			n++;
		}
	return n ? std::exp(log_sum / n) : 0;
}

}  // namespace kcshim::speed
