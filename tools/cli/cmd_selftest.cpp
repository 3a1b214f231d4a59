// SPDX-License-Identifier: GPL-2.0
// kcshim selftest [NAME] [--vectors FILE.so]... [--kernel-tree DIR]...: runs the self-test
// manager and reports, per driver, each vector source's suite with its vector count, a table of
// vector counts per driver and source (own, kernel-6.1, ...), then a summary. Exit 1 if anything
// failed.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

#include <kcshim/kcshim.h>

#include "command.h"
#include "kvectors_cache.h"

namespace kcshim::cli {
namespace {

struct DriverRow {
	std::string driver;
	std::map<std::string, unsigned int> vectors;	// per source
	bool failed = false;
};

struct Report {
	unsigned int passed = 0;
	unsigned int failed = 0;
	std::map<std::string, unsigned int> vectors_per_source;
	std::vector<DriverRow> drivers;	// in report order
};

void on_result(const kcshim_selftest_result *r, void *arg)
{
	auto *rep = static_cast<Report *>(arg);
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

int untested(const kcshim_alg_info *a, void *arg)
{
	auto *name = static_cast<const std::string *>(arg);
	if (a->internal || (!name->empty() && *name != a->name && *name != a->driver))
		return 0;
	if (a->selftest == KCSHIM_SELFTEST_UNTESTED)
		printf("%-28s (no vectors for %s)\n", a->driver, a->name);
	return 0;
}

int collect_cipher(const kcshim_alg_info *a, void *arg)
{
	if (a->kind == KCSHIM_KIND_CIPHER && !a->internal)
		static_cast<std::vector<std::string> *>(arg)->push_back(a->driver);
	return 0;
}

// Template instances exist only once asked for; make ecb/cbc/ctr of every cipher so their
// vectors (ecb(cast5), cbc(cast5), ...) run too.
void instantiate_cipher_templates()
{
	std::vector<std::string> ciphers;
	kcshim_for_each_alg(collect_cipher, &ciphers);
	for (const auto &c : ciphers)
		for (const char *mode : {"ecb", "cbc", "ctr"})
			kcshim_instantiate((std::string(mode) + "(" + c + ")").c_str());
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("selftest", "Run the self-tests (testmgr) of the drivers");
	auto name = std::make_shared<std::string>();
	auto vectors = std::make_shared<std::vector<std::string>>();
	auto trees = std::make_shared<std::vector<std::string>>();
	sub->add_option("name", *name, "Test only drivers with this cra_name or driver name");
	sub->add_option("--vectors", *vectors, "Load a vectors module first (repeatable)")
		->type_name("FILE.so")
		->allow_extra_args(false);	// one value per occurrence: NAME stays positional
	sub->add_option("--kernel-tree", *trees,
			"Load the testmgr vectors of a kernel tree, built on first use and cached in " +
				kvectors::cache_dir() + " (repeatable)")
		->type_name("DIR")
		->allow_extra_args(false);
	out.emplace_back(sub, [name, vectors, trees] {
		if (int err = load_vectors(*vectors, *trees))
			return err;
		instantiate_cipher_templates();
		Report rep;
		int ret = kcshim_selftest(name->empty() ? nullptr : name->c_str(), on_result, &rep);
		if (ret == -ENOENT)
			return fail("unknown algorithm: " + *name);
		kcshim_for_each_alg(untested, name.get());
		print_table(rep);
		printf("\n%u passed, %u failed\n", rep.passed, rep.failed);
		for (auto &[src, n] : rep.vectors_per_source)
			printf("  %s: %u vectors\n", src.c_str(), n);
		return rep.failed ? 1 : 0;
	});
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli
