// SPDX-License-Identifier: GPL-2.0
// arm64's CPU features from getauxval(AT_HWCAP).
#include <sys/auxv.h>

#include <asm/cpufeature.h>

#include "shim/src/arch/cpu_features.h"

namespace kcshim::arch {

// KCSHIM_ARM64_FEATURE_* are the bit numbers of the matching HWCAP_* flags.
bool cpu_has_unmasked(unsigned int feature)
{
	return (getauxval(AT_HWCAP) >> feature) & 1;
}

}  // namespace kcshim::arch

extern "C" {

unsigned long kcshim_elf_hwcap(void)
{
	return getauxval(AT_HWCAP);
}

}  // extern "C"
