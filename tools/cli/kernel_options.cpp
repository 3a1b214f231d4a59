// SPDX-License-Identifier: GPL-2.0
#include "tools/cli/kernel_options.h"

#include <iostream>

namespace kcshim::cli {

afalg::KernelChoice KernelArgs::choice() const
{
	afalg::KernelChoice k;
	k.kernel = kernel.empty() ? "auto" : kernel;
	k.secret_file = secret_file;
	k.cpu = cpu;
	k.accel = accel;
	k.uml_binary = uml_binary;
	if (timeout_s)
		k.timeout = std::chrono::seconds(timeout_s);
	k.progress = &std::cerr;
	return k;
}

void add_kernel_options(CLI::App *sub, KernelArgs &args, const std::string &what,
			const std::string &auto_is)
{
	sub->add_option("--kernel", args.kernel,
			what + ": auto (" + auto_is + "), local, uml, "
			       "vm:arm64[:VERSION] or vm:x86_64[:VERSION] (a Debian kernel under qemu, "
			       "downloaded once), tcp://HOST:PORT or unix:PATH (a kcshim bridge)");
	sub->add_option("--cpu", args.cpu,
			"vm:arm64: qemu's CPU model (max has the SHA-3/SHA-512 Crypto Extensions, "
			"cortex-a53 has not); with --arch, qemu-user's for the arch's kcshim")
		->type_name("MODEL");
	sub->add_option("--accel", args.accel, "vm: kvm, tcg or auto (KVM where a probe boot works)")
		->check(CLI::IsMember({"auto", "kvm", "tcg"}))
		->capture_default_str();
	sub->add_option("--uml-binary", args.uml_binary,
			"uml: the user-mode Linux kernel to boot (default: /usr/bin/linux.uml)");
	sub->add_option("--secret-file", args.secret_file,
			"The bridge's shared secret (tcp:// and unix:)");
	sub->add_option("--kernel-timeout", args.timeout_s,
			"Give up on a kernel silent this many seconds (boot, each request); default "
			"60 (uml), 180 to boot and 120 a request (vm), 120 (bridge)");
}

}  // namespace kcshim::cli
