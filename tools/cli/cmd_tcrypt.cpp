// SPDX-License-Identifier: GPL-2.0
// kcshim tcrypt mode=N [sec=S] [alg=NAME] [klen=K] [num_mb=M]: tcrypt.ko's speed and self-test
// modes run against kcshim's drivers, printed in tcrypt's formats. With --kernel uml|vm:..., the
// kernel's own tcrypt.ko runs the same mode in an embedded kernel and both are shown side by side.
#include <cstdio>
#include <iostream>

#include "tools/cli/command.h"
#include "tools/speed/error.h"
#include "tools/speed/side_by_side.h"
#include "tools/speed/tcrypt_run.h"

namespace kcshim::cli {
namespace {

struct Options {
	std::vector<std::string> params;
	std::string kernel_version = "6.12";
	std::string kernel;
	std::string cpu;
	std::string uml_binary;	// empty: /usr/bin/linux.uml, then /usr/bin/vmlinux
	std::string accel = "auto";
};

int run(const Options &o)
{
	using namespace kcshim::speed;
	try {
		TcryptParams defaults;
		defaults.version = parse_kernel_version(o.kernel_version);
		TcryptParams p = parse_tcrypt_params(o.params, defaults);
		if (!o.kernel.empty()) {
			auto target = afalg::KernelTarget::parse(o.kernel, o.cpu);
			if (!target)
				return fail(target.error().what);
			afalg::GuestOptions opt;
			opt.uml_binary = o.uml_binary;
			opt.accel = o.accel;
			opt.progress = &std::cerr;
			return run_side_by_side(p, *target, opt) ? 0 : 1;
		}
		TcryptRun r = run_tcrypt(p, [](std::string_view text) {
			fwrite(text.data(), 1, text.size(), stdout);
			fflush(stdout);
		});
		return r.failed ? 1 : 0;
	} catch (const Error &e) {
		return fail(e.what());
	}
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("tcrypt", "Run a tcrypt.ko mode (speed or self-test) in "
					     "userspace, printed as tcrypt prints it");
	auto o = std::make_shared<Options>();
	sub->add_option("params", o->params,
			"tcrypt module parameters: mode=N sec=S alg=NAME klen=K num_mb=M")
		->required();
	sub->add_option("--kernel-version", o->kernel_version,
			"Reproduce this tree's tcrypt.c (block sizes, printk details)")
		->check(CLI::IsMember({"6.1", "6.12"}))
		->capture_default_str();
	sub->add_option("--kernel", o->kernel,
			"Also run the kernel's own tcrypt.ko: 'uml' boots user-mode Linux, "
			"'vm:arm64[:VERSION]' / 'vm:x86_64[:VERSION]' a Debian kernel under qemu")
		->type_name("uml|vm:ARCH[:VERSION]");
	sub->add_option("--cpu", o->cpu, "vm:arm64: the qemu CPU model (max, cortex-a53, ...)");
	sub->add_option("--accel", o->accel, "vm: kvm, tcg or auto (KVM when a probe boot works)")
		->check(CLI::IsMember({"auto", "kvm", "tcg"}))
		->capture_default_str();
	sub->add_option("--uml-binary", o->uml_binary,
			"The user-mode Linux kernel to boot (default: /usr/bin/linux.uml)");
	sub->footer("Modes: " + kcshim::speed::covered_modes() +
		    ".\nsec=0 (default) is cycles mode: 4 warm-up operations, 8 timed.");
	out.emplace_back(sub, [o] { return run(*o); });
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli
