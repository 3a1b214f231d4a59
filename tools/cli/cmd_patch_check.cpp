// SPDX-License-Identifier: GPL-2.0
// kcshim patch-check PATCH... --kernel-tree T [--out DIR]: a crypto patch or series as posted (an
// mbox, format-patch files, a folder of them, or - for stdin) applied to a hard-linked copy of
// T, what it reaches (tools/patch_check/reach.h), and the evidence of the tree before and after
// it: the reached driver modules built and self-tested on each side, the after drivers compared
// with the before ones; the reached KUnit suites run on each side in a process of its own. The report goes to the
// terminal, and as Markdown and JSON into DIR with each side's KTAP and log.
//
// Exit: 0 applied and nothing got worse, 1 a patch does not apply or a check got worse, 2 bad
// input (no such file, no diff in it, a tree that cannot be copied).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include "afalg/kernels/external_command.h"
#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/cross/cross_arch.h"
#include "tools/cross/emulation.h"
#include "tools/dropin/dropin.h"
#include "tools/patch_check/arch_matrix.h"
#include "tools/patch_check/kunit_bench_evidence.h"
#include "tools/patch_check/kunit_evidence.h"
#include "tools/patch_check/patch_parse.h"
#include "tools/patch_check/patched_tree.h"
#include "tools/patch_check/reach.h"
#include "tools/patch_check/report.h"
#include "tools/patch_check/size_evidence.h"
#include "tools/patch_check/speed_evidence.h"
#include "tools/patch_check/warning_evidence.h"
#include "tools/patch_check/xcheck_evidence.h"

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
	bool no_drivers = false;
	bool no_speed = false;
	bool applied = false;	// the tree has the series: before is the tree without it
	bool behaviour_change = false;	// the series means to change results: differences are noted
	std::string b4;		// "am" or "review": what b4's check commands read
	std::string xcheck;	// a kernel (xcheck's --kernel) the after drivers are checked against
	unsigned xcheck_iterations = 200;
	SpeedSettings speed;
	KunitBenchSettings kunit_bench;
};

// What is being done, on stderr; not for b4, which takes stderr output as a failure.
void progress(const PatchCheckArgs &a, const std::string &what)
{
	if (a.b4.empty())
		std::cerr << "kcshim: " << what << "\n";
}

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

// In a series, each patch's own modules built on the tree as far as it: a series must build at
// every patch (bisection), not only at its end.
void build_patch_modules(const PatchCheckArgs &a, const fs::path &tree, const fs::path &out,
			 size_t index, const Patch &patch, const dropin::Target &target,
			 PatchOutcome &outcome)
{
	std::vector<std::string> files;
	for (const auto &change : patch.files)
		if (std::find(outcome.skipped.begin(), outcome.skipped.end(), change.path()) ==
		    outcome.skipped.end())
			files.push_back(change.path());
	const Reach reach = reach_of(tree, files, target);
	const fs::path dir = out / "series" / std::to_string(index + 1);
	std::ofstream log(out / ("series-" + std::to_string(index + 1) + ".log"));
	std::vector<std::vector<std::string>> commands;
	std::vector<fs::path> depends;
	for (const auto &module : reach.modules) {
		if (!module.srcarch.empty() && module.srcarch != target.srcarch)
			continue;	// another arch's: its --arch run builds it
		const fs::path output = dir / (module.name + ".so");
		const ModuleBuild build = build_module(cross::self_command(), tree, module, output,
						       depends, a.jobs, log, commands);
		for (const auto &w : warnings_in(build.output, tree, files))
			if (std::find(outcome.warnings.begin(), outcome.warnings.end(), w) ==
			    outcome.warnings.end())
				outcome.warnings.push_back(w);
		if (!build.error.empty()) {
			outcome.build_failures.push_back(module.name + ": " + build.error);
			continue;
		}
		outcome.built.push_back(module.name);
		depends.push_back(output);
	}
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
	progress(a, "running " + std::to_string(report.reach->suites.size()) +
			    " KUnit suite files before and after");
	report.before = run_kunit_side(kcshim, "before", before_tree, suites_in(before_tree), out, a.jobs);
	report.after = run_kunit_side(kcshim, "after", after_tree, suites_in(after_tree), out, a.jobs);
	if (!report.before->ran || !report.after->ran)
		return;
	report.regressions = kunit_regressions(report.before->run, report.after->run);
	const auto &suites = report.before->run.suites;
	const bool has_benchmarks = std::any_of(suites.begin(), suites.end(), [](const auto &suite) {
		return std::any_of(suite.cases.begin(), suite.cases.end(), [](const auto &c) {
			return c.name.starts_with("benchmark");
		});
	});
	if (a.no_speed || !has_benchmarks)
		return;
	progress(a, "running the suites' benchmarks before and after until they settle");
	report.kunit_bench = run_kunit_bench(kcshim, before_tree, suites_in(before_tree), after_tree,
					     suites_in(after_tree), out, a.kunit_bench);
}

// The generation of tcrypt.c the tree's lines follow: its own where kcshim tcrypt knows it,
// else the newest before it.
std::string tcrypt_version_of(const fs::path &tree)
{
	const unsigned code = dropin::tree_version_code(tree);
	const unsigned major = code >> 16, minor = (code >> 8) & 0xff;
	if (major > 7 || (major == 7 && minor >= 3))
		return "7.3";
	if (major >= 7 || (major == 6 && minor >= 12))
		return "6.12";
	return "6.1";
}

void run_drivers(const PatchCheckArgs &a, const std::vector<Patch> &series,
		 const fs::path &before_tree, const fs::path &after_tree, const fs::path &out,
		 const std::string &srcarch, Report &report)
{
	const auto modules = driver_modules(*report.reach, srcarch);
	if (modules.empty())
		return;
	const auto kcshim = cross::self_command();
	progress(a, "building and self-testing " + std::to_string(modules.size()) +
			    " driver modules before and after");
	report.drivers_before = run_driver_side(kcshim, "before", before_tree, modules, out, a.jobs,
						nullptr);
	report.drivers_after = run_driver_side(kcshim, "after", after_tree, modules, out, a.jobs,
					       &*report.drivers_before);
	if (!report.drivers_before->ran || !report.drivers_after->ran)
		return;
	report.driver_regressions = driver_regressions(*report.drivers_before, *report.drivers_after);
	const auto differences = result_differences(*report.drivers_after);
	auto &kept = a.behaviour_change ? report.result_changes : report.driver_regressions;
	kept.insert(kept.end(), differences.begin(), differences.end());
	const auto touched = touched_files(series, report);
	report.warnings_before = warnings_in(report.drivers_before->build_output, before_tree, touched);
	report.warnings_after = warnings_in(report.drivers_after->build_output, after_tree, touched);
	for (const auto &module : report.drivers_after->built) {
		const auto &before_built = report.drivers_before->built;
		if (std::find(before_built.begin(), before_built.end(), module) == before_built.end())
			continue;
		std::string error;
		auto before = module_size(out / "drivers/before" / (module + ".so"), &error);
		auto after = module_size(out / "drivers/after" / (module + ".so"), &error);
		if (!before || !after) {
			report.sizes.emplace_back(module, module + ": " + error + "\n");
			continue;
		}
		std::ostringstream text;
		print_size_diff(module, *before, *after, text);
		report.sizes.emplace_back(module, text.str());
	}
	if (!a.xcheck.empty()) {
		progress(a, "checking the after drivers against kernel " + a.xcheck);
		report.xcheck = run_xcheck(kcshim, *report.drivers_after, a.xcheck, a.xcheck_iterations);
	}
	if (a.no_speed)
		return;
	progress(a, "measuring the speed of each driver before and after");
	report.emulation = cross::user_mode_emulation();
	SpeedSettings speed = a.speed;
	speed.tcrypt_version = tcrypt_version_of(before_tree);
	report.speed = run_speed(kcshim, *report.drivers_before, *report.drivers_after, speed, out);
	report.speed_skipped = speed_not_measured(*report.drivers_after);
}

// Its forms, for a check's Report or several arches' columns (arch_matrix.h): the terminal's or
// b4's on stdout, report.md and report.json in out.
template <class Evidence>
void write_report(const PatchCheckArgs &a, const fs::path &out, const Evidence &evidence)
{
	if (a.b4 == "am")
		write_b4_am(evidence, std::cout);
	else if (a.b4 == "review")
		write_b4_review(evidence, std::cout);
	else
		print_summary(evidence, std::cout);
	std::ofstream md(out / "report.md");
	write_markdown(evidence, md);
	std::ofstream json(out / "report.json");
	write_json(evidence, json);
	if (a.b4.empty())
		std::cout << "report: " << (out / "report.md").string() << ", "
			  << (out / "report.json").string() << "\n";
}

int run(const PatchCheckArgs &a)
{
	std::vector<Patch> series;
	std::string error;
	if (!read_series(a.inputs, series, error))
		return fail(error, 2);
	const fs::path tree = fs::absolute(a.tree).lexically_normal();
	const fs::path out = fs::absolute(a.out).lexically_normal();
	// the side that is a copy: after, or with --applied before (the tree without the series)
	const fs::path copy = out / (a.applied ? "before-tree" : "after-tree");
	const fs::path before_tree = a.applied ? copy : tree;
	const fs::path after_tree = a.applied ? tree : copy;
	std::error_code ec;
	fs::create_directories(out, ec);
	if (ec)
		return fail(a.out + ": " + ec.message(), 2);
	if (!link_copy(tree, copy, &error))
		return fail(error, 2);

	Report report;
	report.reversed = a.applied;
	report.series_size = series.size();
	report.machine = machine_of(tree);
	const dropin::Target target = dropin::target_of(dropin::BuildOptions{});
	for (size_t i = 0; i < series.size(); i++) {
		// taken out last patch first
		const size_t at = a.applied ? series.size() - 1 - i : i;
		ApplyResult applied = apply_patch(copy, series[at], a.applied);
		PatchOutcome outcome{series[at].subject, applied.ok, applied.how, applied.skipped,
				     applied.error, {}, {}, {}};
		if (applied.ok && series.size() > 1 && !a.no_drivers && !a.applied)
			build_patch_modules(a, copy, out, i, series[i], target, outcome);
		report.patches.push_back(std::move(outcome));
		if (!applied.ok)
			break;
	}
	if (a.applied)
		std::reverse(report.patches.begin(), report.patches.end());
	if (report.applied()) {
		report.reach = reach_of(after_tree, touched_files(series, report), target);
		if (!a.no_drivers)
			run_drivers(a, series, before_tree, after_tree, out, target.srcarch, report);
		if (!report.reach->suites.empty() && !a.no_kunit)
			run_kunit(a, before_tree, after_tree, out, report);
	}
	write_report(a, out, report);
	return report.exit_code();
}

// Several --arch: the check once per arch, each in its own kcshim (run_on_arch's) writing into
// OUT/<arch>, then their reports side by side. One after another, as two checks at once would
// time each other's speed.
int run_per_arch(const PatchCheckArgs &a, const std::vector<ArchRun> &runs,
		 const std::vector<std::string> &args)
{
	const fs::path out = fs::absolute(a.out).lexically_normal();
	std::error_code ec;
	fs::create_directories(out, ec);
	if (ec)
		return fail(a.out + ": " + ec.message(), 2);
	auto forwarded = without_options(args, {"--out"});
	if (std::find(a.inputs.begin(), a.inputs.end(), "-") != a.inputs.end()) {
		// each run reads the series; stdin can be read once
		const fs::path saved = out / "stdin.mbox";
		std::ofstream(saved) << std::cin.rdbuf();
		std::replace(forwarded.begin(), forwarded.end(), std::string("-"), saved.string());
	}
	std::vector<ArchColumn> columns;
	for (size_t i = 0; i < runs.size(); i++) {
		const ArchRun &run = runs[i];
		const fs::path dir = out / (run.arch + (run.cpu.empty() ? "" : "-" + run.cpu));
		fs::create_directories(dir, ec);
		fs::remove(dir / "report.json", ec);
		afalg::Command cmd;
		cmd.argv = cross::self_command();
		cmd.argv.insert(cmd.argv.end(), forwarded.begin(), forwarded.end());
		cmd.argv.insert(cmd.argv.end(), {"--arch", run.arch, "--out", dir.string()});
		if (!run.cpu.empty())
			cmd.argv.insert(cmd.argv.end(), {"--cpu", run.cpu});
		if (!run.build_dir.empty())
			cmd.argv.insert(cmd.argv.end(), {"--arch-build", run.build_dir});
		cmd.stdout_file = dir / "summary.txt";
		cmd.timeout = std::chrono::hours(3);
		ArchColumn probe{run.arch, run.cpu, dir, 2, {}, {}};
		progress(a, "checking on " + probe.title() + " (" + std::to_string(i + 1) + " of " +
				    std::to_string(runs.size()) + "), its progress in " +
				    (dir / "progress.log").string());
		auto result = afalg::run_command(cmd);
		if (!result) {
			columns.push_back(load_arch_column(run.arch, run.cpu, dir, 2,
							   "cannot run kcshim: " +
								   afalg::describe(result.error())));
			continue;
		}
		std::ofstream(dir / "progress.log") << result->output;
		columns.push_back(load_arch_column(run.arch, run.cpu, dir, result->exit_status,
						   result->failure_line()));
	}
	write_report(a, out, columns);
	return arch_matrix_exit(columns);
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
	sub->add_option("--b4", a->b4,
			"Print for b4's per-patch checks instead: am (am-perpatch-check-cmd: ERROR "
			"lines, nothing when it passes) or review (review-perpatch-check-cmd: JSON); "
			"progress is not printed")
		->check(CLI::IsMember({"am", "review"}));
	sub->add_option("--out", a->out, "Where the patched copy, logs and reports go")
		->capture_default_str();
	sub->add_option("-j,--jobs", a->jobs, "Parallel compiles and suites (default: CPUs)");
	sub->add_flag("--no-kunit", a->no_kunit, "Do not run the reached KUnit suites");
	sub->add_flag("--no-drivers", a->no_drivers,
		      "Do not build, self-test, size and time the reached driver modules");
	sub->add_flag("--no-speed", a->no_speed, "Do not measure the drivers' speed");
	sub->add_flag("--applied", a->applied,
		      "The tree has the series already (a merged patch): the before side is a copy "
		      "with the series taken out (git apply -R), the after side the tree");
	sub->add_flag("--behaviour-change", a->behaviour_change,
		      "The series means to change what the drivers compute: an after driver whose "
		      "results differ from its before driver's is noted, not a failure (its vectors "
		      "and KUnit still count)");
	sub->add_option("--xcheck", a->xcheck,
			"Check the after drivers against a kernel's through AF_ALG too: local, uml, "
			"vm:ARCH[:VERSION] or a bridge (kcshim xcheck --kernel)")
		->type_name("KERNEL");
	sub->add_option("--xcheck-iterations", a->xcheck_iterations,
			"Random cases per driver pair for --xcheck")
		->capture_default_str();
	sub->add_option("--speed-repeat", a->speed.repeat,
			"Runs per speed line; each line shows its best")
		->capture_default_str();
	sub->add_option("--speed-sec", a->speed.sec, "Seconds per speed line and run")
		->capture_default_str();
	sub->add_option("--kunit-bench-rounds", a->kunit_bench.max_rounds,
			"Most rounds of the suites' benchmark cases (one run per side each); they end "
			"sooner once a round raises no best by more than 2%")
		->capture_default_str();
	sub->add_option("--speed-no-cpu", a->speed.no_cpu_variants,
			"Measure the speed again with these CPU features masked (kcshim --no-cpu), "
			"a row per implementation of a library or driver (repeatable; "
			"comma-separated features mask together: avx512f,avx2)")
		->type_name("FEATURES");
	sub->add_option("--speed-sizes", a->speed.sizes, "Block sizes of the speed lines")
		->delimiter(',')
		->capture_default_str();
	// --arch: the whole check in that arch's kcshim, under qemu-user: its arch code reached,
	// built with its cross compiler, its speed qemu's (the report says so); several: a column
	// each
	add_arch_options(sub, [a](const std::vector<ArchRun> &runs,
				  const std::vector<std::string> &args) { return run_per_arch(*a, runs, args); });
	out.emplace_back(sub, [a] { return run(*a); });
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::patch_check_command
