// SPDX-License-Identifier: GPL-2.0
// kcshim kunit [--kernel-tree T] [--benchmark] [--filter SUITE[.CASE]] [--json F] [FILE...]:
// builds the kernel's KUnit suite files (tools/kunit) and runs every loaded suite with the
// shim's KUnit, printing KTAP as the kernel does. `--compare BEFORE AFTER` runs (or reads) two
// sides and prints their benchmarks side by side.
//
// Exit: 0 every test passed, 1 a test failed (or, with --compare, a case passed before and fails
// after), 2 a build or usage error.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <thread>

#include <kcshim/kcshim.h>
#include <kcshim/kunit.h>

#include "afalg/kernels/posix_io.h"
#include "tools/kunit/kunit_compare.h"
#include "tools/kunit/kunit_results.h"
#include "tools/kunit/suite_build.h"

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/cross/cross_arch.h"
#include "tools/cross/emulation.h"

extern char **environ;

namespace kcshim::cli::kunit_command {
namespace {

namespace fs = std::filesystem;
using namespace kunit_tool;

struct KunitArgs {
	std::string tree;
	std::vector<std::string> files;
	std::vector<std::string> replacements;
	std::vector<std::string> compare;
	std::string filter;
	std::string json;
	std::string build_dir = ".kcshim-kunit";
	bool benchmark = false;
	bool no_isolation = false;
	unsigned int timeout = 0;
	unsigned int jobs = 0;
	bool verbose = false;
};

size_t suite_count()
{
	size_t n = 0;
	for (const void *const *s = kcshim_kunit_suites(); *s; s++)
		n++;
	return n;
}

// Builds and loads each file's module; 0 or exit code 2 after saying why.
int build_and_load(const KunitArgs &a)
{
	if (a.files.empty())
		return 0;
	if (a.tree.empty())
		return fail("suite files need --kernel-tree (the tree they and their library come from)", 2);
	SuiteBuild build;
	build.kernel_tree = a.tree;
	build.benchmark = a.benchmark;
	build.replacements.assign(a.replacements.begin(), a.replacements.end());
	build.build_dir = a.build_dir;
	build.jobs = a.jobs;
	build.verbose = a.verbose;
	for (const auto &file : a.files) {
		fs::path module = build_suite(build, file, std::cerr);
		if (module.empty())
			return fail(file + ": build failed", 2);
		const size_t before = suite_count();
		if (int err = kcshim_load_module(module.c_str(), nullptr, nullptr))
			return fail(module.string() + ": " + errno_text(err) + ": " + kcshim_last_error(), 2);
		if (suite_count() == before)
			return fail(file + ": registers no KUnit suite (kunit_test_suite())", 2);
	}
	return 0;
}

int run(const KunitArgs &a)
{
	if (int err = build_and_load(a))
		return err;
	if (!kcshim_kunit_suites()[0])
		return fail("no KUnit suites to run: give *_kunit.c files with --kernel-tree, or "
			    "-m a module built from one", 2);
	Collector collector;
	collector.run.kernel_tree = a.tree.empty() ? "" : fs::absolute(a.tree).lexically_normal().string();
	collector.run.files = a.files;
	collector.run.replacements = a.replacements;
	collector.run.benchmark = a.benchmark;
	collector.run.emulation = cross::user_mode_emulation();
	// the KTAP stays the kernel's; the warning that its MB/s are qemu's goes beside it
	if (a.benchmark && !collector.run.emulation.empty())
		std::fprintf(stderr, "kcshim: %s", cross::emulation_note(collector.run.emulation).c_str());
	kcshim_kunit_options opts{};
	opts.filter_glob = a.filter.c_str();
	opts.no_isolation = a.no_isolation;
	opts.timeout_s = a.timeout;
	opts.ktap = stdout;
	opts.jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
	opts.on_result = Collector::on_result;
	opts.ctx = &collector;
	int ret = kcshim_kunit_run(&opts);
	std::fflush(stdout);
	// KTAP has no place for them (the kernel only prints each WARNING): counted here.
	for (const auto &hit : collector.run.warning_cases())
		std::fprintf(stderr, "kcshim: WARN hits in %s\n", hit.c_str());
	if (ret < 0)
		return fail(a.filter.empty() ? std::string("KUnit run failed: ") += errno_text(ret)
					     : "--filter " + a.filter + " matches no test", 2);
	if (!a.json.empty()) {
		std::string error;
		if (!save_run(collector.run, a.json, &error))
			return fail(error, 2);
	}
	return ret ? 1 : 0;
}

// One side of --compare: a saved run, or a run of the files in a tree (a directory) or with an
// edited copy of one of the tree's files (a source file) -- in a child kcshim, so the two sides'
// suites, of the same names, never share a process.
std::optional<Run> side(const KunitArgs &a, const std::string &what)
{
	std::string error;
	if (what.ends_with(".json")) {
		auto run = load_run(what, &error);
		if (!run)
			fail(error, 2);
		return run;
	}
	if (a.files.empty()) {
		fail("--compare " + what + ": give the suite files to run (or two saved --json runs)", 2);
		return std::nullopt;
	}
	char json_path[] = "/tmp/kcshim-kunit-XXXXXX.json";
	int fd = ::mkstemps(json_path, 5);
	if (fd < 0) {
		fail("cannot create a temporary file", 2);
		return std::nullopt;
	}
	::close(fd);
	// this kcshim again (under its emulator when --arch runs it under qemu-user)
	std::vector<std::string> argv = cross::self_command();
	argv.insert(argv.end(), {"kunit", "--benchmark", "--json", json_path, "--build-dir",
				 a.build_dir});
	if (fs::is_directory(what)) {
		argv.insert(argv.end(), {"--kernel-tree", what});
	} else if (!a.tree.empty()) {
		argv.insert(argv.end(), {"--kernel-tree", a.tree, "--replace", what});
	} else {
		fail("--compare " + what + ": an edited source needs --kernel-tree", 2);
		return std::nullopt;
	}
	for (const auto &r : a.replacements)
		argv.insert(argv.end(), {"--replace", r});
	if (!a.filter.empty())
		argv.insert(argv.end(), {"--filter", a.filter});
	argv.insert(argv.end(), a.files.begin(), a.files.end());
	auto cargv = afalg::argv_pointers(argv);
	std::fprintf(stderr, "kcshim: running %s\n", what.c_str());
	posix_spawn_file_actions_t actions;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int err = posix_spawn(&pid, cargv[0], &actions, nullptr, cargv.data(), environ);
	posix_spawn_file_actions_destroy(&actions);
	int status = 0;
	if (err || ::waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) > 1) {
		std::remove(json_path);
		fail("--compare " + what + ": the run failed", 2);
		return std::nullopt;
	}
	auto run = load_run(json_path, &error);
	std::remove(json_path);
	if (!run)
		fail(error, 2);
	return run;
}

int compare(const KunitArgs &a)
{
	auto before = side(a, a.compare[0]);
	if (!before)
		return 2;
	auto after = side(a, a.compare[1]);
	if (!after)
		return 2;
	return print_comparison(*before, *after, a.compare[0], a.compare[1], std::cout) ? 1 : 0;
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand(
		"kunit", "Build the kernel's KUnit suites (*_kunit.c) and run them, printing KTAP");
	auto a = std::make_shared<KunitArgs>();
	sub->add_option("files", a->files,
			"Suite files: paths or tree-relative (lib/crypto/tests/sha3_kunit.c)");
	sub->add_option("--kernel-tree", a->tree, "The kernel tree the suites and their library "
						  "come from")
		->check(CLI::ExistingDirectory);
	sub->add_flag("--benchmark", a->benchmark,
		      "Build with CONFIG_CRYPTO_LIB_BENCHMARK and CONFIG_CRC_BENCHMARK");
	sub->add_option("--filter", a->filter, "Run only SUITE or SUITE.CASE (globs), as "
					       "kunit.filter_glob");
	sub->add_option("--json", a->json, "Save the results (for --compare)");
	sub->add_option("--replace", a->replacements,
			"An edited copy built instead of the tree's file of that name "
			"(lib/crypto/sha3.c); repeatable")
		->check(CLI::ExistingFile)
		->allow_extra_args(false);
	sub->add_option("--compare", a->compare,
			"BEFORE AFTER: each a saved --json run, a kernel tree, or an edited copy of a "
			"file of --kernel-tree; prints the benchmarks side by side")
		->expected(2)
		->allow_extra_args(false);
	sub->add_option("--build-dir", a->build_dir, "Where modules and objects are kept")
		->capture_default_str();
	sub->add_flag("--no-isolation", a->no_isolation,
		      "Run the cases in this process (for gdb); a crash then ends the run");
	sub->add_option("--timeout", a->timeout, "Seconds a case may take (default 300)");
	sub->add_option("-j,--jobs", a->jobs,
			"Parallel compiles, and suites run at once, each in a process of its own; the "
			"KTAP and --json are those of -j 1 (default: CPUs)");
	sub->add_flag("-v,--verbose", a->verbose, "Print each compile command");
	add_arch_options(sub);
	out.emplace_back(sub, [a] { return a->compare.empty() ? run(*a) : compare(*a); });
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::kunit_command
