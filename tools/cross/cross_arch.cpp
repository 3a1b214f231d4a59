// SPDX-License-Identifier: GPL-2.0
#include "tools/cross/cross_arch.h"

#include <sys/utsname.h>

#include <cstdlib>
#include <sstream>

namespace kcshim::cross {

namespace fs = std::filesystem;

namespace {

// armv7l and armv8l (an arm64 kernel's 32-bit personality) are both the arm build's.
constexpr CrossArch arches[] = {
	{"x86_64", "x86_64", "x86_64-linux-gnu", "qemu-x86_64", "default", "build", "max"},
	{"arm64", "aarch64", "aarch64-linux-gnu", "qemu-aarch64", "arm64", "build-arm64", "max"},
	{"arm", "armv7l", "arm-linux-gnueabihf", "qemu-arm", "arm", "build-arm", "max"},
	{"ppc64le", "ppc64le", "powerpc64le-linux-gnu", "qemu-ppc64le", "ppc64le", "build-ppc64le", "power10"},
};

}  // namespace

const CrossArch *find_cross_arch(std::string_view name)
{
	if (name == "armv8l")
		name = "armv7l";
	for (const auto &a : arches)
		if (name == a.name || name == a.machine)
			return &a;
	return nullptr;
}

std::string cross_arch_names()
{
	std::string names;
	size_t n = std::size(arches);
	for (size_t i = 0; i < n; i++)
		names += std::string(i ? (i + 1 == n ? " and " : ", ") : "") + std::string(arches[i].name);
	return names;
}

const CrossArch *running_arch()
{
	struct utsname u;
	return ::uname(&u) == 0 ? find_cross_arch(u.machine) : nullptr;
}

std::string cross_compiler(const CrossArch &arch)
{
	return std::string(arch.triplet) + "-gcc";
}

std::vector<std::string> self_command()
{
	std::vector<std::string> argv;
	if (const char *emulator = std::getenv("KCSHIM_EMULATOR")) {
		std::istringstream words(emulator);
		for (std::string w; words >> w;)
			argv.push_back(w);
	}
	std::error_code ec;
	argv.push_back(fs::read_symlink("/proc/self/exe", ec).string());
	return argv;
}

}  // namespace kcshim::cross
