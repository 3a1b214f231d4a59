// SPDX-License-Identifier: GPL-2.0
// read_cpuid_id() on 32-bit arm: the Main ID register put back together from /proc/cpuinfo.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include <asm/cputype.h>

#include "shim/src/arch/arm/cpuid.h"

namespace {

using kcshim::arch::midr_from_cpuinfo;

// A Cortex-A15 r2p3 as a 32-bit arm kernel reports it (two processors; the first one counts).
constexpr const char *cortex_a15 =
	"processor\t: 0\n"
	"model name\t: ARMv7 Processor rev 3 (v7l)\n"
	"BogoMIPS\t: 48.00\n"
	"Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt lpae evtstrm\n"
	"CPU implementer\t: 0x41\n"
	"CPU architecture: 7\n"
	"CPU variant\t: 0x2\n"
	"CPU part\t: 0xc0f\n"
	"CPU revision\t: 3\n"
	"\n"
	"processor\t: 1\n"
	"CPU implementer\t: 0x41\n"
	"CPU part\t: 0xc07\n"
	"\n"
	"Hardware\t: Generic DT based system\n";

TEST(ArmCpuid, TheMainIdRegisterFromCpuinfo)
{
	EXPECT_EQ(midr_from_cpuinfo(cortex_a15), 0x412fc0f3u);
	EXPECT_EQ(midr_from_cpuinfo(cortex_a15) & ARM_CPU_PART_MASK,
		  (unsigned int)ARM_CPU_PART_CORTEX_A15);
}

TEST(ArmCpuid, ACortexA7IsTheCoreChachaKeepsScalar)
{
	const char *a7 = "processor : 0\nCPU implementer : 0x41\nCPU architecture: 7\n"
			 "CPU variant : 0x0\nCPU part : 0xc07\nCPU revision : 5\n";
	EXPECT_EQ(midr_from_cpuinfo(a7) & ARM_CPU_PART_MASK, (unsigned int)ARM_CPU_PART_CORTEX_A7);
}

// qemu-user 7.2 shows the host's own file: no core of arm's is named, not a wrong one.
TEST(ArmCpuid, AnotherArchitecturesCpuinfoIsNoPart)
{
	EXPECT_EQ(midr_from_cpuinfo("processor\t: 0\nvendor_id\t: AuthenticAMD\n"
				    "cpu family\t: 26\nmodel\t\t: 2\n\n"),
		  0u);
	EXPECT_EQ(midr_from_cpuinfo(""), 0u);
}

TEST(ArmCpuid, ReadCpuidPartIsWhatThisMachinesCpuinfoSays)
{
	std::ifstream in("/proc/cpuinfo");
	std::string text(std::istreambuf_iterator<char>(in), {});
	EXPECT_EQ(read_cpuid_id(), midr_from_cpuinfo(text));
	EXPECT_EQ(read_cpuid_part(), midr_from_cpuinfo(text) & ARM_CPU_PART_MASK);
}

}  // namespace
