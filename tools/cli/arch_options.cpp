// SPDX-License-Identifier: GPL-2.0
#include "tools/cli/arch_options.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
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

const std::vector<std::string> arch_option_names = {"--arch", "--cpu", "--arch-build"};

// The commands that take several --arch, and how they run them.
std::map<const CLI::App *, SeveralArches> &several_arches()
{
	static std::map<const CLI::App *, SeveralArches> commands;
	return commands;
}

// What the user gave for the option: its last value, or empty.
std::string option_value(const CLI::App &sub, const char *name)
{
	const CLI::Option *o = sub.get_option_no_throw(name);
	return o && o->count() ? o->results().back() : std::string();
}

std::vector<std::string> option_values(const CLI::App &sub, const char *name)
{
	const CLI::Option *o = sub.get_option_no_throw(name);
	return o ? o->results() : std::vector<std::string>();
}

// Several --arch: a run each, with --cpu and --arch-build paired by place; 2 after a line saying
// why they do not pair.
std::optional<int> run_on_several(const CLI::App &sub, int argc, char **argv)
{
	const auto found = several_arches().find(&sub);
	if (found == several_arches().end())
		return fail("--arch: kcshim " + sub.get_name() + " runs on one architecture; " +
				    "give --arch once",
			    2);
	const auto arches = option_values(sub, "--arch");
	const auto cpus = option_values(sub, "--cpu"), builds = option_values(sub, "--arch-build");
	for (const auto &[name, list] : {std::pair{"--cpu", &cpus}, {"--arch-build", &builds}})
		if (!list->empty() && list->size() != arches.size())
			return fail(std::string(name) + ": give it once per --arch, in the same order " +
					    "(an empty value for the default), or not at all",
				    2);
	std::vector<ArchRun> runs;
	for (size_t i = 0; i < arches.size(); i++) {
		if (!cross::find_cross_arch(arches[i]))
			return fail("--arch " + arches[i] + ": kcshim runs " + cross::cross_arch_names(), 2);
		for (const auto &run : runs)
			if (run.arch == arches[i] && run.cpu == (cpus.empty() ? "" : cpus[i]))
				return fail("--arch " + arches[i] + " is given twice", 2);
		runs.push_back({arches[i], cpus.empty() ? "" : cpus[i], builds.empty() ? "" : builds[i]});
	}
	return found->second(runs, without_options(std::vector<std::string>(argv + 1, argv + argc),
						    arch_option_names));
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

void add_arch_options(CLI::App *sub, SeveralArches several)
{
	const bool repeatable = static_cast<bool>(several);
	if (several)
		several_arches()[sub] = std::move(several);
	sub->add_option("--arch", CLI::callback_t{},
			"Run in the kcshim of that architecture (" + cross::cross_arch_names() +
				"): under qemu-user on a host of another, building modules with its "
				"cross compiler" +
				(repeatable ? "; repeatable, a run and a column each (--cpu and "
					   "--arch-build then once per --arch, in order)"
					 : ""))
		->type_name("ARCH");
	const bool own_cpu = !sub->get_option_no_throw("--cpu");
	if (own_cpu)
		sub->add_option("--cpu", CLI::callback_t{},
				"With --arch: qemu's CPU model (default max, which has every extension "
				"qemu has, power10 for ppc64le; arm64 cortex-a53 has no crypto "
				"extensions)")
			->type_name("MODEL");
	sub->add_option("--arch-build", CLI::callback_t{},
			"With --arch: the build (or board folder) whose kcshim runs (default: the "
			"source tree's build-ARCH)")
		->type_name("DIR");
	// every value kept, so that run_on_arch says what a repeated --arch means to this command
	for (const auto &name : arch_option_names)
		if (name != "--cpu" || own_cpu)
			sub->get_option(name)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

std::vector<std::string> without_options(const std::vector<std::string> &args,
					 const std::vector<std::string> &names)
{
	std::vector<std::string> out;
	for (size_t i = 0; i < args.size(); i++) {
		const std::string_view arg = args[i];
		bool dropped = false;
		for (std::string_view name : names) {
			if (arg == name) {
				dropped = true;
				i++;	/* and its value */
				break;
			}
			if (arg.starts_with(name) && arg.size() > name.size() && arg[name.size()] == '=') {
				dropped = true;
				break;
			}
		}
		if (!dropped)
			out.push_back(args[i]);
	}
	return out;
}

std::optional<int> run_on_arch(const CLI::App &sub, int argc, char **argv)
{
	if (!sub.get_option_no_throw("--arch-build"))
		return std::nullopt;	/* a command without the options (build's --arch is its own) */
	if (const CLI::Option *arch = sub.get_option_no_throw("--arch"); arch && arch->count() > 1)
		return run_on_several(sub, argc, argv);
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
		command = {qemu, "-cpu", cpu.empty() ? std::string(arch->default_cpu) : cpu, "-L", "/"};
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
	for (auto &arg : without_options(std::vector<std::string>(argv + 1, argv + argc),
					 arch_option_names))
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
