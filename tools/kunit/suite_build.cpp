// SPDX-License-Identifier: GPL-2.0
#include "tools/kunit/suite_build.h"

#include <cstdio>
#include <functional>

#include "tools/dropin/dropin.h"
#include "tools/dropin/kbuild.h"

namespace kcshim::kunit_tool {

namespace {

// "linux-source-7.3-1a2b3c4d/arm64/benchmark": one folder per tree, set of replaced files and
// compiler, and a folder per architecture (kcshim kunit --arch runs another arch's kcshim in the
// same directory).
fs::path variant_dir(const SuiteBuild &build, const fs::path &tree, const std::string &cc,
		     const std::string &srcarch)
{
	std::string identity = tree.string() + '\n' + cc;
	for (const auto &r : build.replacements) {
		identity += '\n';	// not "\n" + string&&: gcc 12 -O3 -Wrestrict false positive
		identity += fs::absolute(r).lexically_normal().string();
	}
	char tag[16];
	std::snprintf(tag, sizeof(tag), "%08zx", std::hash<std::string>{}(identity) & 0xffffffffu);
	return build.build_dir / (tree.filename().string() + "-" + tag) /
	       (srcarch.empty() ? "unknown" : srcarch) / (build.benchmark ? "benchmark" : "test");
}

}  // namespace

fs::path build_suite(const SuiteBuild &build, const fs::path &file, std::ostream &diag)
{
	const fs::path tree = fs::absolute(build.kernel_tree).lexically_normal();
	const fs::path source = dropin::resolve_source(tree, file);
	if (source.empty()) {
		diag << "kcshim: " << file.string() << ": no such file (looked in ., "
		     << tree.string() << ")\n";
		return {};
	}
	dropin::BuildOptions opts;
	const dropin::Target target = dropin::target_of(opts);
	const std::string symbol = dropin::module_building(tree, source, target).second;
	if (symbol.empty()) {
		diag << "kcshim: " << file.string() << ": no Makefile of the tree builds it as a "
		     << "KUnit suite (obj-$(CONFIG_..._KUNIT_TEST) += " << source.stem().string()
		     << ".o)\n";
		return {};
	}
	opts.kernel_tree = tree;
	opts.files = {source};
	opts.replacements = build.replacements;
	opts.config = {"KUNIT=y"};
	for (const auto &dep : dropin::dependency_symbols(tree, symbol))
		opts.config.push_back(dep + "=y");
	if (build.benchmark)
		opts.config.insert(opts.config.end(), {"CRYPTO_LIB_BENCHMARK=y", "CRC_BENCHMARK=y"});
	opts.output = variant_dir(build, tree, opts.cc, target.srcarch) /
		      (source.stem().string() + ".so");
	opts.jobs = build.jobs;
	opts.verbose = build.verbose;
	fs::create_directories(opts.output.parent_path());
	auto res = dropin::build_module(opts, diag);
	return res.ok ? res.output : fs::path();
}

}  // namespace kcshim::kunit_tool
