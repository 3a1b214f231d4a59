// SPDX-License-Identifier: GPL-2.0
// The feature numbering of the arches whose CPU features are the auxiliary vector's two hwcap
// words (arm's HWCAP_*/HWCAP2_*, powerpc's PPC_FEATURE_*/PPC_FEATURE2_*): feature n below 32 is
// AT_HWCAP's bit n, 32 + n AT_HWCAP2's.
#ifndef KCSHIM_SHIM_ARCH_HWCAP_FEATURES_H
#define KCSHIM_SHIM_ARCH_HWCAP_FEATURES_H

#include <sys/auxv.h>

namespace kcshim::arch {

inline bool hwcap_has(unsigned int feature)
{
	if (feature < 32)
		return (getauxval(AT_HWCAP) >> feature) & 1;
	return feature < 64 && (getauxval(AT_HWCAP2) >> (feature - 32)) & 1;
}

}  // namespace kcshim::arch

#endif
