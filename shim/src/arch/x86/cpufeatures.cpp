// SPDX-License-Identifier: GPL-2.0
// x86's CPU features from CPUID leaves 1, 7 and XCR0 (a feature whose register state the OS does
// not enable counts as absent, as the kernel clears it), and boot_cpu_data's vendor, family and
// model.
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>

#include <cpuid.h>

#include <asm/cpu_device_id.h>
#include <asm/cpufeature.h>
#include <asm/fpu/xstate.h>
#include <asm/processor.h>

#include "shim/src/arch/cpu_features.h"

namespace {

u64 read_xcr0()
{
	unsigned int eax, ebx, ecx, edx;
	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE))
		return 0;
	unsigned int lo, hi;
	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (static_cast<u64>(hi) << 32) | lo;
}

struct X86Caps {
	std::array<u32, 20> words{};
	u64 xcr0 = 0;

	X86Caps()
	{
		unsigned int a, b, c, d;
		if (__get_cpuid(1, &a, &b, &c, &d)) {
			words[0] = d;
			words[4] = c;
		}
		if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
			words[9] = b;
			words[16] = c;
		}
		if (__get_cpuid_count(7, 1, &a, &b, &c, &d))
			words[12] = a;
		xcr0 = read_xcr0();
		constexpr u64 ymm = XFEATURE_MASK_SSE | XFEATURE_MASK_YMM;
		constexpr u64 zmm = ymm | XFEATURE_MASK_AVX512;
		if ((xcr0 & ymm) != ymm)
			for (unsigned f : {X86_FEATURE_AVX, X86_FEATURE_AVX2, X86_FEATURE_FMA,
					   X86_FEATURE_VAES, X86_FEATURE_VPCLMULQDQ})
				clear(f);
		if ((xcr0 & zmm) != zmm)
			for (unsigned f : {X86_FEATURE_AVX512F, X86_FEATURE_AVX512DQ,
					   X86_FEATURE_AVX512BW, X86_FEATURE_AVX512VL,
					   X86_FEATURE_AVX512CD, X86_FEATURE_AVX512IFMA,
					   X86_FEATURE_AVX512VBMI})
				clear(f);
		set_prefer_ymm();
	}

	// Linux's synthetic "prefer 256-bit vectors" bit: arch/x86/kernel/cpu/intel.c sets it for
	// the Intel cores whose clock drops under 512-bit work (Skylake-X through Tiger Lake);
	// AMD cores never get it.
	void set_prefer_ymm()
	{
		unsigned int a, b, c, d;
		if (!__get_cpuid(0, &a, &b, &c, &d) || b != 0x756e6547 /* "Genu"ineIntel */)
			return;
		__get_cpuid(1, &a, &b, &c, &d);
		unsigned int family = (a >> 8) & 0xf, model = ((a >> 4) & 0xf) | ((a >> 12) & 0xf0);
		static constexpr unsigned int downclocking[] = {0x55, 0x6a, 0x6c, 0x7d, 0x7e, 0x8c, 0x8d};
		if (family == 6 && std::find(std::begin(downclocking), std::end(downclocking), model) !=
					   std::end(downclocking))
			words[X86_FEATURE_PREFER_YMM / 32] |= 1u << (X86_FEATURE_PREFER_YMM % 32);
	}
	void clear(unsigned f) { words[f / 32] &= ~(1u << (f % 32)); }
	bool has(unsigned f) const { return f / 32 < words.size() && (words[f / 32] >> (f % 32)) & 1; }
};

const X86Caps &caps()
{
	static const X86Caps c;
	return c;
}

// Vendor, family and model from CPUID leaves 0 and 1, the extended fields folded in as the
// kernel's cpu_detect() does (family 0xf adds the extended family; 6 and up the extended model).
struct cpuinfo_x86 read_boot_cpu()
{
	struct cpuinfo_x86 c = {};
	unsigned int a, b, cx, d;
	c.x86_vendor = X86_VENDOR_UNKNOWN;
	if (!__get_cpuid(0, &a, &b, &cx, &d))
		return c;
	c.cpuid_level = static_cast<int>(a);
	memcpy(c.x86_vendor_id, &b, 4);
	memcpy(c.x86_vendor_id + 4, &d, 4);
	memcpy(c.x86_vendor_id + 8, &cx, 4);
	static const struct {
		const char *id;
		u8 vendor;
	} vendors[] = {{"GenuineIntel", X86_VENDOR_INTEL}, {"AuthenticAMD", X86_VENDOR_AMD},
		       {"HygonGenuine", X86_VENDOR_HYGON}, {"CentaurHauls", X86_VENDOR_CENTAUR},
		       {"  Shanghai  ", X86_VENDOR_ZHAOXIN}};
	for (const auto &v : vendors)
		if (!strcmp(c.x86_vendor_id, v.id))
			c.x86_vendor = v.vendor;
	if (!__get_cpuid(1, &a, &b, &cx, &d))
		return c;
	unsigned int family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family >= 6)
		model += ((a >> 16) & 0xf) << 4;
	c.x86 = static_cast<u8>(family);
	c.x86_model = static_cast<u8>(model);
	c.x86_stepping = a & 0xf;
	c.x86_vfm = (static_cast<u32>(c.x86_vendor) << 16) | (family << 8) | model;
	return c;
}

}  // namespace

namespace kcshim::arch {

bool cpu_has_unmasked(unsigned int feature)
{
	return caps().has(feature);
}

}  // namespace kcshim::arch

extern "C" {

struct cpuinfo_x86 boot_cpu_data = read_boot_cpu();

int cpu_has_xfeatures(u64 xfeatures_mask, const char **feature_name)
{
	u64 missing = xfeatures_mask & ~caps().xcr0;
	if (!missing)
		return 1;
	if (feature_name) {
		static const char *const names[] = {"x87 floating point registers",
						    "SSE registers", "AVX registers", "", "",
						    "AVX-512 opmask", "AVX-512 Hi256",
						    "AVX-512 ZMM_Hi256"};
		unsigned bit = static_cast<unsigned>(__builtin_ctzll(missing));
		*feature_name = bit < 8 ? names[bit] : "unknown";
	}
	return 0;
}

const struct x86_cpu_id *x86_match_cpu(const struct x86_cpu_id *match)
{
	for (const struct x86_cpu_id *m = match; m->flags || m->vendor || m->feature; m++)
		if (kcshim_cpu_has(m->feature))
			return m;
	return nullptr;
}

}  // extern "C"
