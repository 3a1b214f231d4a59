// SPDX-License-Identifier: GPL-2.0
// kcshim build --kernel-tree DIR [-o NAME.so] FILE...: compiles unmodified kernel driver sources
// against the shim into a module for -m. The work is in tools/dropin; this parses and prints.
#include <iostream>

#include "tools/dropin/dropin.h"

#include "tools/cli/command.h"

namespace kcshim::cli::build_command {
namespace {

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand(
		"build", "Build kernel driver sources (.c, .S) from a kernel tree into a module .so");
	auto opts = std::make_shared<dropin::BuildOptions>();
	auto files = std::make_shared<std::vector<std::string>>();
	auto extras = std::make_shared<std::vector<std::string>>();
	auto replacements = std::make_shared<std::vector<std::string>>();
	auto output = std::make_shared<std::string>();
	auto tree = std::make_shared<std::string>();
	auto no_companions = std::make_shared<bool>(false);
	auto list_only = std::make_shared<bool>(false);
	sub->add_option("--kernel-tree", *tree, "The kernel tree (with include/ and crypto/)")
		->required()->check(CLI::ExistingDirectory);
	sub->add_option("files", *files,
			"Driver sources: paths, tree-relative paths, or names in the tree's crypto/")
		->required();
	sub->add_option("-o,--output", *output, "The module to write (default: the name of the kernel module the first file is part of, "
			"sha1-ssse3.so for sha1_ssse3_glue.c, else FIRST-FILE.so); by-products go to "
			".kcshim-build/ beside it");
	// Repeatable options take one value each, so the driver files after them stay positional:
	// `--depends a.so glue.c` is one dependency and one file.
	sub->add_option("--extra", *extras, "Another source to link in (repeatable)")
		->allow_extra_args(false);
	sub->add_option("--replace", *replacements,
			"An edited copy compiled instead of the source of the same name the build "
			"has (lib/crypto/sha3.c); repeatable")
		->check(CLI::ExistingFile)
		->allow_extra_args(false);
	sub->add_option("--arch-defines,-D", opts->defines,
			"Preprocessor defines, NAME or NAME=VALUE (e.g. CONFIG_AS_AVX2)")
		->allow_extra_args(false);
	sub->add_option("--config", opts->config,
			"Force a Kconfig symbol on or off, e.g. CRYPTO_LIB_SHA512_ARCH=n to build a "
			"library without its arch code (repeatable)")
		->type_name("SYMBOL=y|n")
		->allow_extra_args(false);
	sub->add_option("--cflags", opts->cflags, "Extra compiler flags (repeatable)")
		->allow_extra_args(false);
	sub->add_option("--module-name", opts->module_name, "KBUILD_MODNAME (default: output stem)");
	sub->add_option("-j,--jobs", opts->jobs, "Parallel compiles (default: CPUs)");
	auto arch = std::make_shared<std::string>();
	auto *cc = sub->add_option("--cc", opts->cc, "The C compiler ($CC when set)")
			 ->capture_default_str();
	sub->add_option("--arch", *arch,
			"Build for arm64 or arm (the cross compiler, and the arm64 or arm preset's "
			"library); load the module with that build's kcshim (under qemu-aarch64 or "
			"qemu-arm on this host)");
	sub->add_flag("--no-companions", *no_companions, "Do not add the known companion files");
	sub->add_flag("--allow-undefined", opts->allow_undefined,
		      "Symbols the shim lacks are expected from another module (-m it first)");
	sub->add_option("--depends", opts->depends,
			"A module this one uses symbols of (repeatable; -m it first when loading)")
		->allow_extra_args(false);
	sub->add_flag("--relocatable", opts->relocatable,
		      "Always build a relocatable module (ET_REL), as needed for absolute addressing");
	sub->add_flag("--list-sources", *list_only, "Print the sources that would be built; exit");
	sub->add_flag("-v,--verbose", opts->verbose, "Print each command");
	sub->add_flag("--all-warnings", opts->all_warnings,
		      "Print the compiler's warnings of cached objects too (from their compile's log)");
	out.emplace_back(sub, [=] {
		const std::string given_cc = opts->cc;
		if (!arch->empty() && !dropin::select_arch(*opts, *arch, std::cerr))
			return 1;
		if (cc->count())	/* --cc beats --arch's compiler */
			opts->cc = given_cc;
		opts->kernel_tree = *tree;
		opts->output = *output;
		opts->companions = !*no_companions;
		opts->files.assign(files->begin(), files->end());
		opts->extras.assign(extras->begin(), extras->end());
		opts->replacements.assign(replacements->begin(), replacements->end());
		if (*list_only) {
			dropin::SourcePlan plan;
			if (!dropin::plan_sources(*opts, plan, std::cerr))
				return 1;
			for (const auto &src : plan.sources)
				printf("%s\n", src.c_str());
			return 0;
		}
		auto res = dropin::build_module(*opts, std::cerr);
		if (!res.ok)
			return 1;
		printf("%s\n", res.output.c_str());
		return 0;
	});
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::build_command
