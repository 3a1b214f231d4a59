// SPDX-License-Identifier: GPL-2.0
#include "tools/cli/arch_options.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "afalg/kernels/host_files.h"
#include "afalg/kernels/posix_io.h"
#include "tools/cli/command.h"
#include "tools/cross/cross_arch.h"
#include "tools/runtime_files/runtime_files.h"

namespace kcshim::cli {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view arch_option_names[] = {"--arch", "--cpu", "--arch-build"};

// What the user gave for the option: its last value, or empty.
std::string option_value(const CLI::App &sub, const char *name)
{
	const CLI::Option *o = sub.get_option_no_throw(name);
	return o && o->count() ? o->results().back() : std::string();
}

// The command line after the program's name, less the arch options and their values.
std::vector<std::string> without_arch_options(int argc, char **argv)
{
	std::vector<std::string> out;
	for (int i = 1; i < argc; i++) {
		std::string_view arg = argv[i];
		bool ours = false;
		for (std::string_view name : arch_option_names) {
			if (arg == name) {
				ours = true;
				i++;	/* and its value */
				break;
			}
			if (arg.starts_with(name) && arg.size() > name.size() && arg[name.size()] == '=') {
				ours = true;
				break;
			}
		}
		if (!ours)
			out.emplace_back(arg);
	}
	return out;
}

// The kcshim of arch: in --arch-build DIR, or in the source tree's build-<arch> or this build's
// <arch>/ (tests/cross_test.sh's); a build tree's tools/cli/kcshim or a board folder's bin/kcshim.
std::optional<fs::path> arch_kcshim(const cross::CrossArch &arch, const std::string &build_dir)
{
	const std::string name(arch.name), preset(arch.preset);
	std::vector<fs::path> dirs;
	if (!build_dir.empty()) {
		dirs.emplace_back(build_dir);
	} else if (runtime_files::installed_prefix()) {
		fail("--arch " + name + ": this install has no " + name + " kcshim: give --arch-build " +
		     "DIR (a build of the " + preset + " preset, or its board folder)", 2);
		return std::nullopt;
	} else {
		dirs = {fs::path(KCSHIM_SOURCE_DIR) / arch.build_dir,
			fs::path(KCSHIM_BINARY_DIR) / arch.name};
	}
	for (const auto &dir : dirs)
		for (const char *program : {"tools/cli/kcshim", "bin/kcshim"})
			if (afalg::is_executable((dir / program).string()))
				return dir / program;
	if (!build_dir.empty())
		fail("--arch-build " + build_dir + ": no kcshim there (tools/cli/kcshim or bin/kcshim)", 2);
	else
		fail("--arch " + name + ": no " + name + " kcshim in " + dirs.front().string() +
		     ": cmake --preset " + preset + " && cmake --build --preset " + preset +
		     " (or --arch-build DIR)", 2);
	return std::nullopt;
}

}  // namespace

void add_arch_options(CLI::App *sub)
{
	sub->add_option("--arch", CLI::callback_t{},
			"Run in the kcshim of that architecture (" + cross::cross_arch_names() +
			"): under qemu-user on a host of another, building modules with its cross "
			"compiler")
		->type_name("ARCH");
	if (!sub->get_option_no_throw("--cpu"))
		sub->add_option("--cpu", CLI::callback_t{},
				"With --arch: qemu's CPU model (default max, which has every extension "
				"qemu has; arm64 cortex-a53 has no crypto extensions)")
			->type_name("MODEL");
	sub->add_option("--arch-build", CLI::callback_t{},
			"With --arch: the build (or board folder) whose kcshim runs (default: the "
			"source tree's build-ARCH)")
		->type_name("DIR");
}

std::optional<int> run_on_arch(const CLI::App &sub, int argc, char **argv)
{
	if (!sub.get_option_no_throw("--arch-build"))
		return std::nullopt;	/* a command without the options (build's --arch is its own) */
	const std::string arch_name = option_value(sub, "--arch"), build_dir = option_value(sub, "--arch-build");
	if (arch_name.empty() && !build_dir.empty())
		return fail("--arch-build needs --arch", 2);
	if (arch_name.empty())
		return std::nullopt;	/* a --cpu alone is a vm: guest's (kernel options) */
	const cross::CrossArch *arch = cross::find_cross_arch(arch_name);
	if (!arch)
		return fail("--arch " + arch_name + ": kcshim runs " + cross::cross_arch_names(), 2);
	const std::string cpu = option_value(sub, "--cpu");
	const bool foreign = arch != cross::running_arch();
	if (!foreign && cpu.empty() && build_dir.empty())
		return std::nullopt;	/* this host's own arch: here */

	std::vector<std::string> command;
	if (foreign || !cpu.empty()) {
		std::string qemu = afalg::find_in_path(std::string(arch->qemu));
		if (qemu.empty())
			return fail("--arch " + arch_name + " needs " + std::string(arch->qemu) +
				    ": apt-get install qemu-user", 2);
		// -L /: the loader and libraries of Debian's multiarch packages (libc6:arm64, ...)
		command = {qemu, "-cpu", cpu.empty() ? "max" : cpu, "-L", "/"};
	}
	std::string emulator;
	for (const auto &word : command)
		emulator += (emulator.empty() ? "" : " ") + word;
	std::optional<fs::path> kcshim;
	if (foreign || !build_dir.empty())
		kcshim = arch_kcshim(*arch, build_dir);
	else
		kcshim = cross::self_command().back();
	if (!kcshim)
		return 2;
	command.push_back(kcshim->string());
	for (auto &arg : without_arch_options(argc, argv))
		command.push_back(std::move(arg));

	if (!emulator.empty())
		setenv("KCSHIM_EMULATOR", emulator.c_str(), 1);
	if (foreign) {
		// its modules are built by its cross compiler, against its own library
		setenv("CC", cross::cross_compiler(*arch).c_str(), 1);
		unsetenv("KCSHIM_LIBRARY");
	}
	auto cargv = afalg::argv_pointers(command);
	std::fflush(nullptr);
	::execv(cargv[0], cargv.data());
	return fail("cannot run " + command.front() + ": " + errno_text(-errno), 2);
}

}  // namespace kcshim::cli
