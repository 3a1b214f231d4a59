// SPDX-License-Identifier: GPL-2.0
// 32-bit arm's Main ID register as /proc/cpuinfo reports it (asm/cputype.h's read_cpuid_id()).
#ifndef KCSHIM_SHIM_ARCH_ARM_CPUID_H
#define KCSHIM_SHIM_ARCH_ARM_CPUID_H

#include <string_view>

namespace kcshim::arch {

// MIDR from the first processor's "CPU implementer", "CPU variant", "CPU architecture",
// "CPU part" and "CPU revision" lines; 0 when the text has no implementer or part (an x86 host's
// file under qemu-user).
unsigned int midr_from_cpuinfo(std::string_view cpuinfo);

}  // namespace kcshim::arch

#endif
