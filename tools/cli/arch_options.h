// SPDX-License-Identifier: GPL-2.0
// --arch ARCH [--cpu MODEL] [--arch-build DIR] on the commands that run kernel code (kunit,
// selftest, list, hash, enc, dec, speed, compare, tcrypt, xcheck): the command runs in that
// architecture's kcshim, under qemu-user on a host of another architecture, with this command
// line less these options. Its output and exit status are the command's.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace kcshim::cli {

// One architecture of a command given several: --arch, and the --cpu and --arch-build given in
// the same place of their lists (empty for none).
struct ArchRun {
	std::string arch, cpu, build_dir;
};

// Runs a command once per ArchRun. args: the command line after the program's name, less the
// arch options; returns the exit status.
using SeveralArches =
	std::function<int(const std::vector<ArchRun> &runs, const std::vector<std::string> &args)>;

// Adds the options to sub. A command whose kernel options have --cpu already (a vm: guest's
// model) keeps that one; with --arch it is qemu-user's model. Without several, --arch is given
// once; with it, --arch may be repeated and several runs it.
void add_arch_options(CLI::App *sub, SeveralArches several = nullptr);

// args without each option of names and its value ("--out X" and "--out=X").
std::vector<std::string> without_options(const std::vector<std::string> &args,
					 const std::vector<std::string> &names);

// After sub was parsed from argv. With --arch (or --arch-build) naming another architecture or
// a --cpu model: replaces this process with that kcshim, or returns 2 after one line saying why
// it cannot. With --arch repeated: several's status (2 for a command without it, or --cpu or
// --arch-build lists that do not pair with the --arch one). nullopt: the command runs in this
// process.
std::optional<int> run_on_arch(const CLI::App &sub, int argc, char **argv);

}  // namespace kcshim::cli
