// SPDX-License-Identifier: GPL-2.0
// Between the arch-independent part of the CPU features (cpufeatures.cpp: kcshim_cpu_has(), the
// masks of --no-cpu) and each arch's reading of its CPU (<arch>/cpufeatures.cpp).
#ifndef KCSHIM_SHIM_ARCH_CPU_FEATURES_H
#define KCSHIM_SHIM_ARCH_CPU_FEATURES_H

namespace kcshim::arch {

// Whether this CPU has feature (the arch's asm/cpufeature.h numbering), masks aside.
bool cpu_has_unmasked(unsigned int feature);
// Whether kcshim_cpu_mask_feature() masked feature.
bool cpu_feature_masked(unsigned int feature);

}  // namespace kcshim::arch

#endif
