// SPDX-License-Identifier: GPL-2.0
// The options that point a command at a real kernel (--kernel, --cpu, --accel, --uml-binary,
// --secret-file, --kernel-timeout), shared by xcheck, speed and tcrypt so all take every kernel
// the same way.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "afalg/kernels/kernel_choice.h"

namespace kcshim::cli {

struct KernelArgs {
	std::string kernel;	// empty: the command's default
	std::string secret_file;
	std::string cpu;
	std::string accel = "auto";
	std::string uml_binary;
	unsigned int timeout_s = 0;	// 0: the backend's defaults

	// The choice for open_kernel(); progress lines (downloads, KVM probe) go to stderr.
	afalg::KernelChoice choice() const;
};

// Adds the options to sub; @what says what the kernel is for ("Add the kernel's drivers as
// columns"), @auto_is what --kernel auto picks.
void add_kernel_options(CLI::App *sub, KernelArgs &args, const std::string &what,
			const std::string &auto_is = "local AF_ALG, else user-mode Linux");

}  // namespace kcshim::cli
