// SPDX-License-Identifier: GPL-2.0
// CPU features as the kernel sees them, read by each arch's <arch>/cpufeatures.cpp; features can
// be masked to exercise fallbacks (tests, --no-cpu), and a masked feature is absent everywhere.
#include <array>
#include <atomic>

#include <asm/cpufeature.h>

#include "shim/src/arch/cpu_features.h"

namespace {

constexpr unsigned int max_features = 20 * 32;
std::array<std::atomic<bool>, max_features> masked{};

}  // namespace

namespace kcshim::arch {

bool cpu_feature_masked(unsigned int feature)
{
	return feature < max_features && masked[feature];
}

}  // namespace kcshim::arch

extern "C" {

bool kcshim_cpu_has(unsigned int feature)
{
	if (feature >= max_features || masked[feature])
		return false;
	return kcshim::arch::cpu_has_unmasked(feature);
}

void kcshim_cpu_mask_feature(unsigned int feature)
{
	if (feature < max_features)
		masked[feature] = true;
}

}  // extern "C"
