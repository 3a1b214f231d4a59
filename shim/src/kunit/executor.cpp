// SPDX-License-Identifier: GPL-2.0
// The suites that kunit_test_suites() registered -- from the library at start-up, from a module
// when it loads (its constructors run), until it unloads (its exit calls run) -- and a run of
// them: filtered by kunit.filter_glob's "SUITE.CASE" globs, each suite run on a copy of itself
// holding only the matching cases, as the kernel's executor copies it.
#include <fnmatch.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <kcshim/kunit.h>
#include <kunit/test.h>

#include "shim/src/kunit/ktap.h"
#include "shim/src/kunit/kunit.h"

namespace kcshim::kunit {

namespace {

struct Registry {
	std::mutex mu;
	std::vector<struct kunit_suite *> suites;
	std::vector<const void *> listed;	// suites + NULL, for kcshim_kunit_suites()
	// Earlier listings, kept while only registrations happened: a listing stays valid until a
	// module unloads, as kcshim/kunit.h promises.
	std::vector<std::vector<const void *>> retired;

	void relist(bool unloading)
	{
		if (unloading)
			retired.clear();
		else if (!listed.empty())
			retired.push_back(std::move(listed));
		listed.assign(suites.begin(), suites.end());
		listed.push_back(nullptr);
	}
};

// Never destroyed: constructors of other objects may register before this file's globals exist,
// and modules unregister from exit calls that may run late.
Registry &registry()
{
	static auto *r = new Registry;
	return *r;
}

// A suite as it runs: a copy with only the matching cases (NULL-terminated). The copy is raw
// storage: struct kunit_suite's const name makes it no C++ value type.
struct SuiteRun {
	std::unique_ptr<std::byte[]> storage;
	std::vector<struct kunit_case> cases;

	struct kunit_suite *suite() const
	{
		return reinterpret_cast<struct kunit_suite *>(storage.get());
	}
};

bool glob_match(const std::string &glob, const char *name)
{
	return fnmatch(glob.c_str(), name, 0) == 0;
}

std::vector<SuiteRun> filter_suites(const std::vector<struct kunit_suite *> &suites,
				    const char *filter_glob)
{
	std::string suite_glob = "*", case_glob = "*";
	if (filter_glob && *filter_glob) {
		std::string glob = filter_glob;
		size_t dot = glob.find('.');
		suite_glob = glob.substr(0, dot);
		if (dot != std::string::npos)
			case_glob = glob.substr(dot + 1);
	}

	std::vector<SuiteRun> runs;
	for (struct kunit_suite *suite : suites) {
		if (!glob_match(suite_glob, suite->name))
			continue;
		SuiteRun run;
		struct kunit_case *test_case;
		kunit_suite_for_each_test_case(suite, test_case) {
			if (glob_match(case_glob, test_case->name)) {
				run.cases.push_back(*test_case);
				run.cases.back().status = KUNIT_SUCCESS;
				run.cases.back().log = nullptr;
			}
		}
		// a suite without cases runs (and is skipped) unless a case glob left it empty
		if (run.cases.empty() && case_glob != "*")
			continue;
		run.cases.push_back({});
		run.storage = std::make_unique<std::byte[]>(sizeof(*suite));
		memcpy(run.storage.get(), suite, sizeof(*suite));
		run.suite()->test_cases = run.cases.data();
		runs.push_back(std::move(run));
	}
	return runs;
}

}  // namespace

}  // namespace kcshim::kunit

using namespace kcshim::kunit;

extern "C" {

void kcshim_kunit_register_suites(struct kunit_suite *const *suites, size_t count,
				  struct module *owner)
{
	Registry &r = registry();
	std::lock_guard lock(r.mu);
	r.suites.insert(r.suites.end(), suites, suites + count);
	r.relist(false);
}

void kcshim_kunit_unregister_suites(struct kunit_suite *const *suites, size_t count)
{
	Registry &r = registry();
	std::lock_guard lock(r.mu);
	for (size_t i = 0; i < count; i++)
		std::erase(r.suites, suites[i]);
	r.relist(true);
}

const void *const *kcshim_kunit_suites(void)
{
	Registry &r = registry();
	std::lock_guard lock(r.mu);
	if (r.listed.empty())
		r.relist(false);
	return r.listed.data();
}

int kcshim_kunit_run(const struct kcshim_kunit_options *opts)
{
	static const struct kcshim_kunit_options defaults = {};
	if (!opts)
		opts = &defaults;

	std::vector<struct kunit_suite *> suites;
	{
		Registry &r = registry();
		std::lock_guard lock(r.mu);
		suites = r.suites;
	}
	std::vector<SuiteRun> runs = filter_suites(suites, opts->filter_glob);
	if (runs.empty())
		return -ENOENT;

	FILE *out = opts->ktap ? opts->ktap : stdout;
	Ktap ktap(out);
	RunContext rc = {ktap, *opts};
	ktap.document(runs.size());
	// in this process, for gdb, when asked to be (no_isolation)
	if (opts->jobs > 1 && !opts->no_isolation && runs.size() > 1) {
		std::vector<struct kunit_suite *> copies;
		for (SuiteRun &run : runs)
			copies.push_back(run.suite());
		run_suites_in_parallel(copies, 1, rc, opts->jobs, out);
	} else {
		size_t number = 1;
		for (SuiteRun &run : runs)
			run_suite(run.suite(), number++, rc);
	}
	return rc.any_failed ? 1 : 0;
}

}  // extern "C"
