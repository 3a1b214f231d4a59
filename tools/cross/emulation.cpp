// SPDX-License-Identifier: GPL-2.0
// qemu-user runs the program on the host's kernel, so /proc/cpuinfo describes the host's CPU: an
// kcshim of another arch (arm64, arm, ppc64le) that reads an x86 cpuinfo (no "CPU implementer", a "vendor_id") is emulated.
// kcshim's own --arch launcher says so outright (KCSHIM_EMULATOR, tools/cross), which also covers
// an x86-64 kcshim it runs under qemu-x86_64 for --cpu. A qemu-system guest's cpuinfo is the
// emulated CPU's, so only the user-mode case is detectable and claimed.
#include "tools/cross/emulation.h"

#include <cstdlib>
#include <fstream>
#include <string_view>

#include "tools/cross/cross_arch.h"

namespace kcshim::cross {
namespace {

// The value of cpuinfo's first "KEY : value" line, or "" when there is none.
std::string cpuinfo_field(const std::string &text, std::string_view key)
{
	size_t pos = 0;
	while (pos < text.size()) {
		size_t end = text.find('\n', pos);
		if (end == std::string::npos)
			end = text.size();
		std::string_view line(text.data() + pos, end - pos);
		if (line.starts_with(key) && line.find(':') != std::string_view::npos) {
			std::string_view name = line.substr(0, line.find(':'));
			while (!name.empty() && (name.back() == ' ' || name.back() == '\t'))
				name.remove_suffix(1);
			if (name == key) {
				std::string_view value = line.substr(line.find(':') + 1);
				while (!value.empty() && value.front() == ' ')
					value.remove_prefix(1);
				return std::string(value);
			}
		}
		pos = end + 1;
	}
	return "";
}

}  // namespace

std::string user_mode_emulation()
{
	if (const char *emulator = std::getenv("KCSHIM_EMULATOR"); emulator && *emulator)
		return std::string("qemu-user (") + emulator + ")";
	// an x86 host's /proc/cpuinfo seen by a program of another arch: qemu-user runs it
	const CrossArch *arch = running_arch();
	if (!arch || arch->name == "x86_64")
		return "";
	std::ifstream in("/proc/cpuinfo");
	std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
	if (text.empty() || !cpuinfo_field(text, "CPU implementer").empty())
		return "";
	std::string vendor = cpuinfo_field(text, "vendor_id");
	if (vendor.empty())
		return "";
	std::string model = cpuinfo_field(text, "model name");
	return std::string("qemu-user: an ") + std::string(arch->name) + " program on an x86 host's CPU (" +
	       (model.empty() ? vendor : model) + ")";
}

std::string cpu_model_name()
{
	std::ifstream in("/proc/cpuinfo");
	std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
	if (std::string model = cpuinfo_field(text, "model name"); !model.empty())
		return model;
	if (std::string implementer = cpuinfo_field(text, "CPU implementer"); !implementer.empty())
		return "CPU implementer " + implementer + ", part " + cpuinfo_field(text, "CPU part");
	return "unknown";
}

std::string emulation_note(const std::string &emulation)
{
	if (emulation.empty())
		return "";
	return "NOT HARDWARE SPEED: measured under " + emulation +
	       "; the figures are emulation's, ratios between drivers included\n";
}

}  // namespace kcshim::cross
