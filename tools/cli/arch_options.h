// SPDX-License-Identifier: GPL-2.0
// --arch ARCH [--cpu MODEL] [--arch-build DIR] on the commands that run kernel code (kunit,
// selftest, list, hash, enc, dec, speed, compare, tcrypt, xcheck): the command runs in that
// architecture's kcshim, under qemu-user on a host of another architecture, with this command
// line less these options. Its output and exit status are the command's.
#pragma once

#include <optional>

#include <CLI/CLI.hpp>

namespace kcshim::cli {

// Adds the options to sub. A command whose kernel options have --cpu already (a vm: guest's
// model) keeps that one; with --arch it is qemu-user's model.
void add_arch_options(CLI::App *sub);

// After sub was parsed from argv. With --arch (or --arch-build) naming another architecture or
// a --cpu model: replaces this process with that kcshim, or returns 2 after one line saying why
// it cannot. nullopt: the command runs in this process.
std::optional<int> run_on_arch(const CLI::App &sub, int argc, char **argv);

}  // namespace kcshim::cli
