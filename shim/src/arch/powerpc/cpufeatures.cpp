// SPDX-License-Identifier: GPL-2.0
// powerpc's CPU features from getauxval(AT_HWCAP) and AT_HWCAP2 (the PPC_FEATURE_* and
// PPC_FEATURE2_* bits the kernel gives user space, from its cur_cpu_spec): feature n below 32 is
// AT_HWCAP's bit n, 32 + n AT_HWCAP2's.
#include <sys/auxv.h>

#include <asm/cpufeature.h>

#include "shim/src/arch/cpu_features.h"
#include "shim/src/arch/hwcap_features.h"

namespace kcshim::arch {

bool cpu_has_unmasked(unsigned int feature)
{
	return hwcap_has(feature);
}

}  // namespace kcshim::arch
