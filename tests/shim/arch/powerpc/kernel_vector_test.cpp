// SPDX-License-Identifier: GPL-2.0
// powerpc's CPU features are the auxiliary vector's PPC_FEATURE_* (feature n) and PPC_FEATURE2_*
// (32 + n) bits, each maskable; enable_kernel_vsx() and its kin follow the kernel's rule that the
// caller has disabled preemption (a WARNING otherwise) and set the MSR bits the kernel would,
// which disable_kernel_*() clear.
#include <gtest/gtest.h>

#include <sys/auxv.h>

#include <string>

#include <asm/cpufeature.h>
#include <asm/switch_to.h>
#include <linux/preempt.h>

namespace {

constexpr unsigned int altivec = 28;		// PPC_FEATURE_HAS_ALTIVEC, 0x10000000
constexpr unsigned int arch_3_1 = 32 + 18;	// PPC_FEATURE2_ARCH_3_1, 0x00040000
constexpr unsigned long msr_fp = 1UL << 13, msr_vec = 1UL << 25, msr_vsx = 1UL << 23;

TEST(PowerpcCpuFeatures, AreTheAuxiliaryVectorsBitsAndMaskable)
{
	// every POWER8 and later has AltiVec; ISA 3.1 is POWER10's, whichever model qemu runs
	EXPECT_TRUE(kcshim_cpu_has(altivec));
	EXPECT_EQ(kcshim_cpu_has(arch_3_1), ((getauxval(AT_HWCAP2) >> 18) & 1) != 0);
	kcshim_cpu_mask_feature(arch_3_1);
	EXPECT_FALSE(kcshim_cpu_has(arch_3_1));
}

TEST(PowerpcKernelVector, EnableWithPreemptionEnabledWarns)
{
	testing::internal::CaptureStderr();
	enable_kernel_vsx();
	const std::string warning = testing::internal::GetCapturedStderr();
	disable_kernel_vsx();
	EXPECT_NE(warning.find("WARNING: kcshim: enable_kernel_vsx() with preemption enabled"),
		  std::string::npos)
		<< warning;
}

TEST(PowerpcKernelVector, SetsAndClearsTheKernelsMsrBits)
{
	preempt_disable();
	testing::internal::CaptureStderr();
	enable_kernel_altivec();
	EXPECT_EQ(kcshim_kernel_msr(), msr_vec);
	disable_kernel_altivec();
	EXPECT_EQ(kcshim_kernel_msr(), 0UL);
	enable_kernel_vsx();
	EXPECT_EQ(kcshim_kernel_msr(), msr_fp | msr_vec | msr_vsx);
	disable_kernel_vsx();
	EXPECT_EQ(kcshim_kernel_msr(), 0UL);
	EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
	preempt_enable();
}

}  // namespace
