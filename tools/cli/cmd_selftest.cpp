// SPDX-License-Identifier: GPL-2.0
// kcshim selftest [NAME]: runs the self-test manager and reports, per driver, each vector
// source's suite with its vector count, then a summary. Exit 1 if anything failed.
#include <cstdio>
#include <map>
#include <string>

#include <kcshim/kcshim.h>

#include "command.h"

namespace kcshim::cli {
namespace {

struct Report {
	unsigned int passed = 0;
	unsigned int failed = 0;
	std::map<std::string, unsigned int> vectors_per_source;
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
	sub->add_option("name", *name, "Test only drivers with this cra_name or driver name");
	sub->add_option("--vectors", *vectors, "Load a vectors module first (repeatable)")
		->type_name("FILE.so");
	out.emplace_back(sub, [name, vectors] {
		for (const auto &v : *vectors) {
			int err = kcshim_load_vectors(v.c_str());
			if (err)
				return fail("cannot load vectors " + v + ": " + kcshim_last_error());
		}
		instantiate_cipher_templates();
		Report rep;
		int ret = kcshim_selftest(name->empty() ? nullptr : name->c_str(), on_result, &rep);
		if (ret == -ENOENT)
			return fail("unknown algorithm: " + *name);
		kcshim_for_each_alg(untested, name.get());
		printf("\n%u passed, %u failed\n", rep.passed, rep.failed);
		for (auto &[src, n] : rep.vectors_per_source)
			printf("  %s: %u vectors\n", src.c_str(), n);
		return rep.failed ? 1 : 0;
	});
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli
