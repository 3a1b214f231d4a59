// SPDX-License-Identifier: GPL-2.0
// read_cpuid_id() for 32-bit arm: the kernel reads MIDR with an mrc from CP15, which traps in
// user mode, and reports its fields in /proc/cpuinfo; the MIDR is put back together from those.
#include "shim/src/arch/arm/cpuid.h"

#include <charconv>
#include <fstream>
#include <iterator>
#include <string>

namespace kcshim::arch {

namespace {

// The value of "KEY\t: VALUE" in the first processor's block, or -1.
long field(std::string_view text, std::string_view key)
{
	for (size_t at = 0; at < text.size();) {
		size_t end = text.find('\n', at);
		std::string_view line = text.substr(at, end == std::string_view::npos ? end : end - at);
		at = end == std::string_view::npos ? text.size() : end + 1;
		if (line.empty())
			break;	// the first processor's block ends
		size_t colon = line.find(':');
		if (colon == std::string_view::npos)
			continue;
		std::string_view name = line.substr(0, colon);
		while (!name.empty() && (name.back() == ' ' || name.back() == '\t'))
			name.remove_suffix(1);
		if (name != key)
			continue;
		std::string_view value = line.substr(colon + 1);
		while (!value.empty() && value.front() == ' ')
			value.remove_prefix(1);
		int base = 10;
		if (value.starts_with("0x")) {
			value.remove_prefix(2);
			base = 16;
		}
		long v = 0;
		auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v, base);
		return ec == std::errc() ? v : -1;
	}
	return -1;
}

}  // namespace

unsigned int midr_from_cpuinfo(std::string_view cpuinfo)
{
	// /proc/cpuinfo starts with "processor : 0" on arm; the block ends at the first empty line
	size_t first = cpuinfo.find("processor");
	if (first != std::string_view::npos)
		cpuinfo.remove_prefix(first);
	long implementer = field(cpuinfo, "CPU implementer");
	long part = field(cpuinfo, "CPU part");
	if (implementer < 0 || part < 0)
		return 0;
	long variant = field(cpuinfo, "CPU variant");
	long architecture = field(cpuinfo, "CPU architecture");
	long revision = field(cpuinfo, "CPU revision");
	// ARMv7 and later say 7 (or 8) there; their MIDR has 0xf, "see the CPUID scheme"
	unsigned int arch_field = architecture >= 7 ? 0xf : architecture < 0 ? 0 : architecture;
	return (unsigned int)(implementer & 0xff) << 24 |
	       (unsigned int)(variant < 0 ? 0 : variant & 0xf) << 20 | arch_field << 16 |
	       (unsigned int)(part & 0xfff) << 4 | (unsigned int)(revision < 0 ? 0 : revision & 0xf);
}

}  // namespace kcshim::arch

extern "C" unsigned int read_cpuid_id(void)
{
	static const unsigned int midr = [] {
		std::ifstream in("/proc/cpuinfo");
		std::string text(std::istreambuf_iterator<char>(in), {});
		return kcshim::arch::midr_from_cpuinfo(text);
	}();
	return midr;
}
