// SPDX-License-Identifier: GPL-2.0
// kcshim patch-check PATCH... --kernel-tree T [--out DIR]: a crypto patch or series as posted (an
// mbox, format-patch files, a folder of them, or - for stdin) applied to a hard-linked copy of
// T, what it reaches (tools/patch_check/reach.h), and the evidence of the tree before and after
// it: the reached KUnit suites run on each side in a process of its own. The report goes to the
// terminal, and as Markdown and JSON into DIR with each side's KTAP and log.
//
// Exit: 0 applied and nothing got worse, 1 a patch does not apply or a check got worse, 2 bad
// input (no such file, no diff in it, a tree that cannot be copied).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

#include "tools/cli/command.h"
#include "tools/cross/cross_arch.h"
#include "tools/dropin/dropin.h"
#include "tools/patch_check/kunit_evidence.h"
#include "tools/patch_check/patch_parse.h"
#include "tools/patch_check/patched_tree.h"
#include "tools/patch_check/reach.h"
#include "tools/patch_check/report.h"

namespace kcshim::cli::patch_check_command {
namespace {

namespace fs = std::filesystem;
using namespace patch_check;

struct PatchCheckArgs {
	std::vector<std::string> inputs;
	std::string tree;
	std::string out = ".kcshim-patch-check";
	unsigned jobs = 0;
	bool no_kunit = false;
};

// A series folder's patches, in file-name order (as format-patch numbers them).
std::vector<fs::path> series_files(const fs::path &dir)
{
	std::vector<fs::path> files;
	for (const auto &entry : fs::directory_iterator(dir)) {
		const auto ext = entry.path().extension();
		if (entry.is_regular_file() &&
		    (ext == ".patch" || ext == ".mbox" || ext == ".eml" || ext == ".diff" || ext == ".mbx"))
			files.push_back(entry.path());
	}
	std::sort(files.begin(), files.end());
	return files;
}

bool read_text(const std::string &input, std::string &text, std::string &error)
{
	if (input == "-") {
		text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
		return true;
	}
	std::ifstream in(input, std::ios::binary);
	if (!in || fs::is_directory(input)) {
		error = input + ": cannot read it";
		return false;
	}
	text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
	return true;
}

bool read_series(const std::vector<std::string> &inputs, std::vector<Patch> &series,
		 std::string &error)
{
	std::vector<std::string> files;
	for (const auto &input : inputs) {
		std::error_code ec;
		if (fs::is_directory(input, ec)) {
			auto in_dir = series_files(input);
			if (in_dir.empty()) {
				error = input + ": no *.patch, *.mbox or *.eml file in it";
				return false;
			}
			for (const auto &f : in_dir)
				files.push_back(f.string());
		} else {
			files.push_back(input);
		}
	}
	for (const auto &file : files) {
		std::string text;
		if (!read_text(file, text, error))
			return false;
		ParseResult parsed = parse_patches(text);
		if (!parsed.error.empty()) {
			error = (file == "-" ? "stdin" : file) + ": " + parsed.error;
			return false;
		}
		std::move(parsed.patches.begin(), parsed.patches.end(), std::back_inserter(series));
	}
	return true;
}

// The files the series changes, each once, in the order it first touches them; not the ones
// left out as outside the tree.
std::vector<std::string> touched_files(const std::vector<Patch> &series, const Report &report)
{
	std::vector<std::string> files;
	for (size_t i = 0; i < series.size(); i++)
		for (const auto &change : series[i].files) {
			const auto &skipped = report.patches[i].skipped;
			if (std::find(skipped.begin(), skipped.end(), change.path()) == skipped.end() &&
			    std::find(files.begin(), files.end(), change.path()) == files.end())
				files.push_back(change.path());
		}
	return files;
}

dropin::Target host_target()
{
	dropin::BuildOptions opts;
	return dropin::target_of(opts.cc, opts.shim.dropin_dir / "include" / "kcshim_dropin_config.h",
				 opts.shim.include_dir);
}

void run_kunit(const PatchCheckArgs &a, const fs::path &before_tree, const fs::path &after_tree,
	       const fs::path &out, Report &report)
{
	const auto suites_in = [&](const fs::path &tree) {
		std::vector<std::string> paths;
		// absolute: a relative name would be looked for in the working folder first
		for (const auto &suite : report.reach->suites)
			paths.push_back((tree / suite).string());
		return paths;
	};
	const auto kcshim = cross::self_command();
	std::cerr << "kcshim: running " << report.reach->suites.size() << " KUnit suite files before "
		  << "and after\n";
	report.before = run_kunit_side(kcshim, "before", before_tree, suites_in(before_tree), out, a.jobs);
	report.after = run_kunit_side(kcshim, "after", after_tree, suites_in(after_tree), out, a.jobs);
	if (report.before->ran && report.after->ran)
		report.regressions = kunit_regressions(report.before->run, report.after->run);
}

int run(const PatchCheckArgs &a)
{
	std::vector<Patch> series;
	std::string error;
	if (!read_series(a.inputs, series, error))
		return fail(error, 2);
	const fs::path before_tree = fs::absolute(a.tree).lexically_normal();
	const fs::path out = fs::absolute(a.out).lexically_normal();
	const fs::path after_tree = out / "after-tree";
	std::error_code ec;
	fs::create_directories(out, ec);
	if (ec)
		return fail(a.out + ": " + ec.message(), 2);
	if (!link_copy(before_tree, after_tree, &error))
		return fail(error, 2);

	Report report;
	report.machine = machine_of(before_tree);
	for (const auto &patch : series) {
		ApplyResult applied = apply_patch(after_tree, patch);
		report.patches.push_back({patch.subject, applied.ok, applied.how, applied.skipped,
					  applied.error});
		if (!applied.ok)
			break;
	}
	if (report.patches.back().applied) {
		report.reach = reach_of(after_tree, touched_files(series, report), host_target());
		if (!report.reach->suites.empty() && !a.no_kunit)
			run_kunit(a, before_tree, after_tree, out, report);
	}
	print_summary(report, std::cout);
	{
		std::ofstream md(out / "report.md");
		write_markdown(report, md);
		std::ofstream json(out / "report.json");
		write_json(report, json);
	}
	std::cout << "report: " << (out / "report.md").string() << ", "
		  << (out / "report.json").string() << "\n";
	return report.exit_code();
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand(
		"patch-check", "Apply a crypto patch or series to a copy of a kernel tree and show what "
			       "it reaches and its KUnit evidence before and after");
	auto a = std::make_shared<PatchCheckArgs>();
	sub->add_option("patches", a->inputs,
			"An mbox, git format-patch files, a folder of them, or - for stdin; a series "
			"is applied in order")
		->required();
	sub->add_option("--kernel-tree", a->tree, "The tree before the patch (never written to)")
		->required()
		->check(CLI::ExistingDirectory);
	sub->add_option("--out", a->out, "Where the patched copy, logs and reports go")
		->capture_default_str();
	sub->add_option("-j,--jobs", a->jobs, "Parallel compiles and suites (default: CPUs)");
	sub->add_flag("--no-kunit", a->no_kunit, "Apply and map only");
	out.emplace_back(sub, [a] { return run(*a); });
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::patch_check_command
