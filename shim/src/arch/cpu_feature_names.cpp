// SPDX-License-Identifier: GPL-2.0
// CPU features by name, as /proc/cpuinfo spells them ("avx2", "pclmulqdq"; arm64 "pmull",
// "sha3"; arm "neon"), for masking from the command line. Masking a feature masks what the kernel
// clears with it (arch/x86/kernel/cpu/cpuid-deps.c): no AVX means no AVX2 or AVX-512 either.
#include <cerrno>
#include <cstring>
#include <string_view>

#include <asm/cpufeature.h>
#include <kcshim/kcshim.h>
#if defined(__x86_64__) || defined(__i386__)
#include <asm/cpufeatures.h>
#endif

namespace {

struct Named {
	std::string_view name;
	unsigned int feature;
};

#if defined(__x86_64__) || defined(__i386__)
constexpr Named names[] = {
	{"sse", X86_FEATURE_XMM}, {"sse2", X86_FEATURE_XMM2}, {"pni", X86_FEATURE_XMM3},
	{"sse3", X86_FEATURE_XMM3}, {"pclmulqdq", X86_FEATURE_PCLMULQDQ},
	{"ssse3", X86_FEATURE_SSSE3}, {"fma", X86_FEATURE_FMA}, {"sse4_1", X86_FEATURE_XMM4_1},
	{"sse4_2", X86_FEATURE_XMM4_2}, {"movbe", X86_FEATURE_MOVBE}, {"aes", X86_FEATURE_AES},
	{"xsave", X86_FEATURE_XSAVE}, {"avx", X86_FEATURE_AVX}, {"bmi1", X86_FEATURE_BMI1},
	{"avx2", X86_FEATURE_AVX2}, {"bmi2", X86_FEATURE_BMI2}, {"avx512f", X86_FEATURE_AVX512F},
	{"avx512dq", X86_FEATURE_AVX512DQ}, {"adx", X86_FEATURE_ADX},
	{"avx512ifma", X86_FEATURE_AVX512IFMA}, {"avx512cd", X86_FEATURE_AVX512CD},
	{"sha_ni", X86_FEATURE_SHA_NI}, {"avx512bw", X86_FEATURE_AVX512BW},
	{"avx512vl", X86_FEATURE_AVX512VL}, {"avx512vbmi", X86_FEATURE_AVX512VBMI},
	{"gfni", X86_FEATURE_GFNI}, {"vaes", X86_FEATURE_VAES},
	{"vpclmulqdq", X86_FEATURE_VPCLMULQDQ}, {"avx_vnni", X86_FEATURE_AVX_VNNI},
};

// feature -> what depends on it
constexpr std::pair<unsigned int, unsigned int> depends[] = {
	{X86_FEATURE_XMM2, X86_FEATURE_XMM}, {X86_FEATURE_XMM3, X86_FEATURE_XMM2},
	{X86_FEATURE_SSSE3, X86_FEATURE_XMM3}, {X86_FEATURE_XMM4_1, X86_FEATURE_SSSE3},
	{X86_FEATURE_XMM4_2, X86_FEATURE_XMM4_1}, {X86_FEATURE_PCLMULQDQ, X86_FEATURE_XMM2},
	{X86_FEATURE_AES, X86_FEATURE_XMM2}, {X86_FEATURE_AVX, X86_FEATURE_XMM4_2},
	{X86_FEATURE_AVX, X86_FEATURE_XSAVE}, {X86_FEATURE_FMA, X86_FEATURE_AVX},
	{X86_FEATURE_AVX2, X86_FEATURE_AVX}, {X86_FEATURE_AVX512F, X86_FEATURE_AVX2},
	{X86_FEATURE_AVX512DQ, X86_FEATURE_AVX512F}, {X86_FEATURE_AVX512IFMA, X86_FEATURE_AVX512F},
	{X86_FEATURE_AVX512CD, X86_FEATURE_AVX512F}, {X86_FEATURE_AVX512BW, X86_FEATURE_AVX512F},
	{X86_FEATURE_AVX512VL, X86_FEATURE_AVX512F}, {X86_FEATURE_AVX512VBMI, X86_FEATURE_AVX512BW},
	{X86_FEATURE_VAES, X86_FEATURE_AVX}, {X86_FEATURE_VPCLMULQDQ, X86_FEATURE_AVX},
	{X86_FEATURE_VPCLMULQDQ, X86_FEATURE_PCLMULQDQ}, {X86_FEATURE_AVX_VNNI, X86_FEATURE_AVX2},
	{X86_FEATURE_GFNI, X86_FEATURE_XMM2}, {X86_FEATURE_SHA_NI, X86_FEATURE_XMM2},
};
#elif defined(__aarch64__)
constexpr Named names[] = {
	{"fp", KCSHIM_ARM64_FEATURE_FP}, {"asimd", KCSHIM_ARM64_FEATURE_ASIMD},
	{"aes", KCSHIM_ARM64_FEATURE_AES}, {"pmull", KCSHIM_ARM64_FEATURE_PMULL},
	{"sha1", KCSHIM_ARM64_FEATURE_SHA1}, {"sha2", KCSHIM_ARM64_FEATURE_SHA2},
	{"crc32", KCSHIM_ARM64_FEATURE_CRC32}, {"sha3", KCSHIM_ARM64_FEATURE_SHA3},
	{"sm3", KCSHIM_ARM64_FEATURE_SM3}, {"sm4", KCSHIM_ARM64_FEATURE_SM4},
	{"asimddp", KCSHIM_ARM64_FEATURE_ASIMDDP}, {"sha512", KCSHIM_ARM64_FEATURE_SHA512},
	{"sve", KCSHIM_ARM64_FEATURE_SVE},
};
constexpr std::pair<unsigned int, unsigned int> depends[] = {
	{KCSHIM_ARM64_FEATURE_ASIMD, KCSHIM_ARM64_FEATURE_FP},
	{KCSHIM_ARM64_FEATURE_SHA512, KCSHIM_ARM64_FEATURE_SHA2},
	{KCSHIM_ARM64_FEATURE_SHA3, KCSHIM_ARM64_FEATURE_SHA2},
};
#elif defined(__arm__)
constexpr Named names[] = {
	{"vfp", KCSHIM_ARM_FEATURE_VFP}, {"neon", KCSHIM_ARM_FEATURE_NEON},
	{"vfpv3", KCSHIM_ARM_FEATURE_VFPv3}, {"vfpv4", KCSHIM_ARM_FEATURE_VFPv4},
	{"idiva", KCSHIM_ARM_FEATURE_IDIVA}, {"vfpd32", KCSHIM_ARM_FEATURE_VFPD32},
	{"aes", KCSHIM_ARM_FEATURE_AES}, {"pmull", KCSHIM_ARM_FEATURE_PMULL},
	{"sha1", KCSHIM_ARM_FEATURE_SHA1}, {"sha2", KCSHIM_ARM_FEATURE_SHA2},
	{"crc32", KCSHIM_ARM_FEATURE_CRC32},
};
// The ARMv8 crypto instructions of AArch32 are NEON instructions.
constexpr std::pair<unsigned int, unsigned int> depends[] = {
	{KCSHIM_ARM_FEATURE_NEON, KCSHIM_ARM_FEATURE_VFP},
	{KCSHIM_ARM_FEATURE_VFPv3, KCSHIM_ARM_FEATURE_VFP},
	{KCSHIM_ARM_FEATURE_VFPv4, KCSHIM_ARM_FEATURE_VFPv3},
	{KCSHIM_ARM_FEATURE_AES, KCSHIM_ARM_FEATURE_NEON},
	{KCSHIM_ARM_FEATURE_PMULL, KCSHIM_ARM_FEATURE_NEON},
	{KCSHIM_ARM_FEATURE_SHA1, KCSHIM_ARM_FEATURE_NEON},
	{KCSHIM_ARM_FEATURE_SHA2, KCSHIM_ARM_FEATURE_NEON},
};
#else
constexpr Named names[] = {{"", 0}};
constexpr std::pair<unsigned int, unsigned int> depends[] = {{0, 0}};
#endif

void mask_with_dependents(unsigned int feature, int depth)
{
	kcshim_cpu_mask_feature(feature);
	if (depth > 16)
		return;
	for (const auto &[f, needs] : depends)
		if (needs == feature && f != feature)
			mask_with_dependents(f, depth + 1);
}

}  // namespace

extern "C" int kcshim_cpu_mask_named(const char *name)
{
	for (const Named &n : names) {
		if (!n.name.empty() && n.name == name) {
			mask_with_dependents(n.feature, 0);
			return 0;
		}
	}
	return -ENOENT;
}
