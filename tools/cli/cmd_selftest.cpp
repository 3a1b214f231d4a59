// SPDX-License-Identifier: GPL-2.0
// kcshim selftest [NAME|GLOB]... [--vectors FILE.so]... [--kernel-tree DIR]... [--extra [--fuzz-iterations
// N] [--seed S]]: runs the self-test manager and reports, per driver, each vector source's suite
// with its vector count, a table of vector counts per driver and source (own, kernel-6.1, ...),
// with --extra each driver's comparison with its generic driver on random cases, then a summary.
// Exit 1 if anything failed; 77 if NAME was given and a driver it names has no tests, or with
// --extra could not be compared (no generic driver); else 0.
#include <fnmatch.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <string>

#include <kcshim/kcshim.h>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/kernel-vectors/kvectors_cache.h"

namespace kcshim::cli::selftest_command {
namespace {

struct DriverRow {
	std::string driver;
	std::map<std::string, unsigned int> vectors;	// per source
	bool failed = false;
};

// An extra-test row, kept to be printed after the vector rows.
struct ExtraRow {
	std::string driver, alg, source, message;
	unsigned int vectors, runs;
	bool passed;
	kcshim_selftest_row row;
};

struct Report {
	unsigned int passed = 0;
	unsigned int failed = 0;
	std::map<std::string, unsigned int> vectors_per_source;
	std::vector<DriverRow> drivers;	// in report order
	std::vector<ExtraRow> extra;

	// Extra-test rows of a kind (only the failed ones if failed).
	unsigned int count(kcshim_selftest_row row, bool failed = false) const
	{
		return static_cast<unsigned int>(std::count_if(
			extra.begin(), extra.end(),
			[&](const ExtraRow &r) { return r.row == row && (!failed || !r.passed); }));
	}
};

void on_result(const kcshim_selftest_result *r, void *arg)
{
	auto *rep = static_cast<Report *>(arg);
	if (r->row != KCSHIM_ROW_VECTORS) {
		rep->extra.push_back({r->driver, r->alg, r->source, r->message, r->vectors, r->runs,
				      r->passed, r->row});
		if (r->row == KCSHIM_ROW_EXTRA)
			(r->passed ? rep->passed : rep->failed)++;
		for (auto &d : rep->drivers)
			d.failed |= d.driver == r->driver && r->row == KCSHIM_ROW_EXTRA && !r->passed;
		return;
	}
	printf("%-28s %-22s %-14s %4u vectors %6u runs  %s\n", r->driver, r->alg, r->source,
	       r->vectors, r->runs, r->passed ? "passed" : "FAILED");
	if (!r->passed)
		printf("    %s\n", r->message);
	(r->passed ? rep->passed : rep->failed)++;
	rep->vectors_per_source[r->source] += r->vectors;
	if (rep->drivers.empty() || rep->drivers.back().driver != r->driver)
		rep->drivers.push_back({r->driver, {}, false});
	rep->drivers.back().vectors[r->source] += r->vectors;
	rep->drivers.back().failed |= !r->passed;
}

// Per driver, the vectors each source contributed: "own" first, then the others by name.
void print_table(const Report &rep)
{
	if (rep.drivers.empty())
		return;
	std::vector<std::string> sources;
	for (auto &[src, n] : rep.vectors_per_source)
		sources.push_back(src);
	std::stable_partition(sources.begin(), sources.end(),
			      [](const std::string &s) { return s == "own"; });
	printf("\n%-28s", "driver");
	for (const auto &s : sources)
		printf(" %12s", s.c_str());
	printf("  result\n");
	for (const auto &row : rep.drivers) {
		printf("%-28s", row.driver.c_str());
		for (const auto &s : sources) {
			auto it = row.vectors.find(s);
			if (it == row.vectors.end())
				printf(" %12s", "-");
			else
				printf(" %12u", it->second);
		}
		printf("  %s\n", row.failed ? "FAILED" : "passed");
	}
}

// The extra-test rows: "vs <generic>" in the source column, then cases and runs, or why not.
void print_extra(const Report &rep, const kcshim_selftest_options &opts)
{
	printf("\nextra tests: %u random cases per driver (8 x --fuzz-iterations %u), seed %llu\n",
	       8 * opts.fuzz_iterations, opts.fuzz_iterations,
	       static_cast<unsigned long long>(opts.seed));
	int width = 14;
	for (const auto &r : rep.extra)
		width = std::max(width, static_cast<int>(r.source.size()));
	for (const auto &r : rep.extra) {
		printf("%-28s %-22s %-*s ", r.driver.c_str(), r.alg.c_str(), width, r.source.c_str());
		switch (r.row) {
		case KCSHIM_ROW_EXTRA:
			printf("%4u cases %6u runs  %s\n", r.vectors, r.runs,
			       r.passed ? "passed" : "FAILED");
			if (!r.passed)
				printf("    %s\n", r.message.c_str());
			break;
		case KCSHIM_ROW_IS_GENERIC:
			printf("%24s skipped: the generic driver\n", "");
			break;
		default:
			printf("%24s NOT COMPARED: %s\n", "", r.message.c_str());
			break;
		}
	}
}

void print_extra_summary(const Report &rep, const kcshim_selftest_options &opts)
{
	printf("  extra tests: %u compared with their generic driver (%u failed), %u generic "
	       "(skipped), %u not compared; replay with --seed %llu\n",
	       rep.count(KCSHIM_ROW_EXTRA), rep.count(KCSHIM_ROW_EXTRA, true),
	       rep.count(KCSHIM_ROW_IS_GENERIC), rep.count(KCSHIM_ROW_NOT_COMPARED),
	       static_cast<unsigned long long>(opts.seed));
}

// Loads the vectors of each --vectors module and each --kernel-tree; 0 or an exit code.
int load_vectors(const std::vector<std::string> &modules, const std::vector<std::string> &trees)
{
	std::vector<std::string> paths = modules;
	for (const auto &tree : trees) {
		kvectors::Module m = kvectors::module_for_tree(tree);
		if (!m.error.empty())
			return fail("--kernel-tree " + tree + ": " + m.error);
		paths.push_back(m.path);
	}
	for (const auto &v : paths) {
		int err = kcshim_load_vectors(v.c_str());
		if (err)
			return fail("cannot load vectors " + v + ": " + kcshim_last_error());
	}
	return 0;
}

// The drivers NAME (or every name) matches that no vector suite and no extra test reached: the
// kernel's testmgr says "No test for" and lets them pass; kcshim says so too, and counts them.
struct Untested {
	const std::vector<std::string> *names;	// empty: every driver
	const Report *rep;
	unsigned int count = 0;
};

int untested(const kcshim_alg_info *a, void *arg)
{
	auto *u = static_cast<Untested *>(arg);
	const auto &names = *u->names;
	auto named = [&](const std::string &n) { return n == a->name || n == a->driver; };
	if (a->internal || (!names.empty() && std::none_of(names.begin(), names.end(), named)))
		return 0;
	auto is_driver = [&](const auto &row) { return row.driver == a->driver; };
	if (std::any_of(u->rep->drivers.begin(), u->rep->drivers.end(), is_driver) ||
	    std::any_of(u->rep->extra.begin(), u->rep->extra.end(), is_driver))
		return 0;
	printf("%-28s no tests: no vectors for %s (a driver's own: KCSHIM_OWN_VECTORS in its "
	       "module, docs/selftest.md)\n", a->driver, a->name);
	u->count++;
	return 0;
}

struct Inners {
	std::vector<std::string> ciphers, lskciphers;
};

int collect_inner(const kcshim_alg_info *a, void *arg)
{
	auto *inners = static_cast<Inners *>(arg);
	if (a->internal || a->instance)
		return 0;
	if (a->kind == KCSHIM_KIND_CIPHER)
		inners->ciphers.push_back(a->driver);
	else if (a->kind == KCSHIM_KIND_LSKCIPHER)
		inners->lskciphers.push_back(a->driver);
	return 0;
}

// The drivers the command line names: each NAME as a cra_name or driver name, each glob
// ("sha3-*", "*(cast5)") matching either, as driver names, each once (a driver named twice is
// tested once). A NAME no driver has stays as it is, for the "unknown algorithm" error; a glob
// matching nothing is an error here.
struct NameMatch {
	const char *pattern;
	std::vector<std::string> *drivers;
};

int match_name(const kcshim_alg_info *a, void *arg)
{
	auto *m = static_cast<NameMatch *>(arg);
	if (!a->internal && (!fnmatch(m->pattern, a->name, 0) || !fnmatch(m->pattern, a->driver, 0)))
		m->drivers->push_back(a->driver);
	return 0;
}

std::optional<std::vector<std::string>> expand_names(const std::vector<std::string> &args)
{
	std::vector<std::string> names;
	for (const std::string &arg : args) {
		bool glob = arg.find_first_of("*?[") != std::string::npos;
		// a template name ("xts(aes)") is made as a lookup makes it, by a loaded template
		if (!glob && arg.find('(') != std::string::npos)
			kcshim_instantiate(arg.c_str());
		std::vector<std::string> drivers;
		NameMatch m{arg.c_str(), &drivers};
		kcshim_for_each_alg(match_name, &m);
		if (drivers.empty() && glob) {
			fail("no driver matches " + arg);
			return std::nullopt;
		}
		if (drivers.empty())
			drivers.push_back(arg);
		for (const std::string &d : drivers)
			if (std::find(names.begin(), names.end(), d) == names.end())
				names.push_back(d);
	}
	return names;
}

// Template instances exist only once asked for; make ecb/cbc/ctr of every cipher and ecb of every
// lskcipher so their vectors (ecb(cast5), cbc(cast5), ecb(arc4), ...) run too.
void instantiate_cipher_templates()
{
	Inners inners;
	kcshim_for_each_alg(collect_inner, &inners);
	for (const auto &c : inners.ciphers)
		for (const char *mode : {"ecb", "cbc", "ctr"})
			kcshim_instantiate((std::string(mode) + "(" + c + ")").c_str());
	for (const auto &c : inners.lskciphers)
		kcshim_instantiate(("ecb(" + c + ")").c_str());
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("selftest", "Run the self-tests (testmgr) of the drivers");
	auto args = std::make_shared<std::vector<std::string>>();
	auto vectors = std::make_shared<std::vector<std::string>>();
	auto trees = std::make_shared<std::vector<std::string>>();
	auto extra = std::make_shared<bool>(false);
	auto opts = std::make_shared<kcshim_selftest_options>(kcshim_selftest_options{100, 0, nullptr});
	auto seed = std::make_shared<uint64_t>(0);
	sub->footer("With --extra, each driver is also compared with the generic driver of its "
		    "algorithm (sha1 -> sha1-generic, cbc(cast5) -> cbc(cast5-generic)) on random "
		    "inputs, as the kernel's testmgr does with CONFIG_CRYPTO_MANAGER_EXTRA_TESTS; a "
		    "failure prints the case (lengths, split points, configuration) and the seed that "
		    "replays it. A generic driver that is a template instance "
		    "(gcm_base(ctr(aes-lib),ghash-lib), xts(ecb(aes-lib))) is made when the tree's "
		    "template module is loaded (-m gcm.so); without it the driver is tested by its "
		    "vectors only. Exit status: 0 all passed, 1 a failure, 77 NAME named a driver "
		    "without tests (no vectors for it), or with --extra one that has no generic "
		    "driver to compare with.");
	sub->add_option("names", *args,
			"Test only drivers with these cra_names or driver names; globs (sha3-*, "
			"'*(cast5)') match either")
		->type_name("NAME|GLOB");
	sub->add_option("--vectors", *vectors, "Load a vectors module first (repeatable)")
		->type_name("FILE.so")
		->allow_extra_args(false);	// one value per occurrence: NAME stays positional
	sub->add_option("--kernel-tree", *trees,
			"Load the testmgr vectors of a kernel tree, built on first use and cached in " +
				kvectors::cache_dir() + " (repeatable)")
		->type_name("DIR")
		->allow_extra_args(false);
	auto *extra_flag = sub->add_flag("--extra", *extra,
					 "Also compare every driver with its generic driver on random "
					 "cases (testmgr's extra tests)");
	sub->add_option("--fuzz-iterations", opts->fuzz_iterations,
			"testmgr's fuzz_iterations: 8 x N random cases per driver")
		->type_name("N")
		->capture_default_str()
		->check(CLI::Range(1u, 1000000u))
		->needs(extra_flag);
	auto generic_suffix = std::make_shared<std::string>();
	sub->add_option("--generic-suffix", *generic_suffix,
			"Compare with the generic drivers of the module loaded with @SUFFIX first "
			"(a library's driver built without its arch code: kcshim build --config "
			"CRYPTO_LIB_SHA512_ARCH=n)")
		->type_name("SUFFIX")
		->needs(extra_flag);
	sub->add_option("--seed", *seed, "Seed of the random cases (decimal or 0x hex); 0 or none: "
					 "random, printed")
		->type_name("S")
		->needs(extra_flag);
	add_arch_options(sub);
	out.emplace_back(sub, [args, vectors, trees, extra, opts, seed, generic_suffix] {
		if (int err = load_vectors(*vectors, *trees))
			return err;
		instantiate_cipher_templates();
		auto names = expand_names(*args);
		if (!names)
			return 1;
		Report rep;
		opts->seed = *seed ? *seed : (uint64_t(std::random_device{}()) << 32) ^
						     std::random_device{}();
		opts->generic_suffix = generic_suffix->empty() ? nullptr : generic_suffix->c_str();
		const kcshim_selftest_options *with = *extra ? opts.get() : nullptr;
		if (names->empty())
			kcshim_selftest_with(nullptr, with, on_result, &rep);
		for (const std::string &name : *names)
			if (kcshim_selftest_with(name.c_str(), with, on_result, &rep) == -ENOENT)
				return fail("unknown algorithm: " + name);
		Untested none{&*names, &rep};
		kcshim_for_each_alg(untested, &none);
		print_table(rep);
		if (*extra)
			print_extra(rep, *opts);
		printf("\n%u passed, %u failed", rep.passed, rep.failed);
		if (none.count)
			printf(", %u driver%s without tests", none.count, none.count == 1 ? "" : "s");
		printf("\n");
		for (auto &[src, n] : rep.vectors_per_source)
			printf("  %s: %u vectors\n", src.c_str(), n);
		if (*extra)
			print_extra_summary(rep, *opts);
		if (rep.failed)
			return 1;
		return !names->empty() && (rep.count(KCSHIM_ROW_NOT_COMPARED) || none.count) ? 77 : 0;
	});
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::selftest_command
