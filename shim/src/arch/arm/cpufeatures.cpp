// SPDX-License-Identifier: GPL-2.0
// 32-bit arm's CPU features from getauxval(AT_HWCAP) and AT_HWCAP2.
#include <sys/auxv.h>

#include <asm/cpufeature.h>

#include "shim/src/arch/cpu_features.h"
#include "shim/src/arch/hwcap_features.h"

namespace kcshim::arch {

// KCSHIM_ARM_FEATURE_* are the bit numbers of HWCAP_* flags, or 32 + those of HWCAP2_* flags.
bool cpu_has_unmasked(unsigned int feature)
{
	return hwcap_has(feature);
}

}  // namespace kcshim::arch

namespace {

// One word of hwcaps with the masked features' bits cleared.
unsigned long arm_unmasked(unsigned long hwcap, unsigned int first_feature)
{
	for (unsigned int bit = 0; bit < 32; bit++)
		if (kcshim::arch::cpu_feature_masked(first_feature + bit))
			hwcap &= ~(1UL << bit);
	return hwcap;
}

}  // namespace

extern "C" {

// Masked features are absent here too: the kernel's arm drivers test elf_hwcap & HWCAP_NEON
// (cpu_has_neon()) rather than a feature number.
unsigned long kcshim_elf_hwcap(void)
{
	return arm_unmasked(getauxval(AT_HWCAP), 0);
}

unsigned long kcshim_elf_hwcap2(void)
{
	return arm_unmasked(getauxval(AT_HWCAP2), 32);
}

}  // extern "C"
