// SPDX-License-Identifier: GPL-2.0
// The arm64 variant tests (algs/*/arm64): which CPU the run is for, and the checks every variant
// answers to (support/variant_testing.h), under this namespace.
//
// The CPU comes from the build (KCSHIM_TEST_QEMU_CPU, cross_test.sh's CPU argument): the qemu
// models we run under are known, anything else (a real board) answers from the hardware.
#pragma once

#include <string_view>

#include <asm/cpufeature.h>

#include "tests/support/variant_testing.h"

#ifndef KCSHIM_TEST_QEMU_CPU
#define KCSHIM_TEST_QEMU_CPU ""
#endif

namespace kcshim::test::arm64 {

using namespace kcshim::test::variants;

inline std::string_view qemu_cpu()
{
	return KCSHIM_TEST_QEMU_CPU;
}

// Whether the CPU this run is for has @feature (a KCSHIM_ARM64_FEATURE_*), whatever the shim has
// been told to mask. qemu's "max" has every feature the drivers use; its "cortex-a53" has the
// ARMv8.0 Crypto Extensions (AES with 64x64 PMULL, SHA1, SHA2) and CRC32, no SHA3 or SHA512.
inline bool cpu_has(unsigned int feature)
{
	if (qemu_cpu() == "max")
		return true;
	if (qemu_cpu() == "cortex-a53") {
		for (unsigned int f : {KCSHIM_ARM64_FEATURE_FP, KCSHIM_ARM64_FEATURE_ASIMD,
				       KCSHIM_ARM64_FEATURE_AES, KCSHIM_ARM64_FEATURE_PMULL,
				       KCSHIM_ARM64_FEATURE_SHA1, KCSHIM_ARM64_FEATURE_SHA2,
				       KCSHIM_ARM64_FEATURE_CRC32})
			if (f == feature)
				return true;
		return false;
	}
	return (elf_hwcap >> feature) & 1;
}

}  // namespace kcshim::test::arm64
