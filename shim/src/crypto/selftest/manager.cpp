// SPDX-License-Identifier: GPL-2.0
#include "shim/src/crypto/selftest/manager.h"

#include <algorithm>
#include <string_view>

#include <linux/printk.h>

namespace kcshim::selftest {

namespace {

bool any_suite_named(const std::vector<std::string> &names)
{
	for (const kcshim_vector_source *src : sources())
		for (unsigned int i = 0; i < src->nsuites; i++)
			if (std::find(names.begin(), names.end(), src->suites[i].alg) != names.end())
				return true;
	return false;
}

// The suite names that apply to a driver: its cra_name and driver name; a single-block cipher is
// tested through "ecb(name)" vectors, as testmgr does, and so is an lskcipher that has no vectors
// of its own (arc4 through ecb(arc4)), as testmgr does since 6.7.
std::vector<std::string> suite_names(const AlgEntry *e)
{
	const crypto_alg *alg = e->alg;
	if (e->kind == KCSHIM_KIND_CIPHER)
		return {std::string("ecb(") + alg->cra_name + ")",
			std::string("ecb(") + alg->cra_driver_name + ")"};
	std::vector<std::string> names = {alg->cra_name, alg->cra_driver_name};
	if (e->kind == KCSHIM_KIND_LSKCIPHER && !any_suite_named(names))
		return {std::string("ecb(") + alg->cra_name + ")"};
	return names;
}

SuiteResult run_suite(AlgEntry *e, const kcshim_vector_suite &suite)
{
	switch (e->kind) {
	case KCSHIM_KIND_SHASH:
		if (suite.kind == KCSHIM_SUITE_HASH)
			return test_hash_suite(e, suite);
		break;
	case KCSHIM_KIND_SKCIPHER:
	case KCSHIM_KIND_LSKCIPHER:	// through the skcipher API, as testmgr does
		if (suite.kind == KCSHIM_SUITE_CIPHER)
			return test_skcipher_suite(e, suite);
		break;
	case KCSHIM_KIND_CIPHER:
		if (suite.kind == KCSHIM_SUITE_CIPHER)
			return test_cipher_suite(e, suite);
		break;
	case KCSHIM_KIND_AEAD:
		if (suite.kind == KCSHIM_SUITE_AEAD)
			return test_aead_suite(e, suite);
		break;
	case KCSHIM_KIND_COMPRESS:
		break;
	}
	SuiteResult r;
	r.alg = suite.alg;
	r.passed = false;
	r.message = std::string("alg: ") + e->alg->cra_driver_name + ": vectors for " + suite.alg +
		    " are of the wrong kind";
	return r;
}

bool is_failure(const SuiteResult &r)
{
	return !r.passed && r.row != KCSHIM_ROW_NOT_COMPARED;
}

}  // namespace

std::vector<SuiteResult> run(AlgEntry *e, const ExtraOptions &extra)
{
	std::vector<SuiteResult> results;
	auto names = suite_names(e);
	Registry::get().pin(e);
	for (const kcshim_vector_source *src : sources()) {
		for (unsigned int i = 0; i < src->nsuites; i++) {
			const kcshim_vector_suite &suite = src->suites[i];
			bool match = false;
			for (const auto &n : names)
				match |= n == suite.alg;
			if (!match)
				continue;
			SuiteResult r = run_suite(e, suite);
			r.source = src->name;
			r.alg = suite.alg;
			r.vectors = suite.count;
			results.push_back(std::move(r));
		}
	}
	bool vectors_passed = std::none_of(results.begin(), results.end(), is_failure);
	if (extra.fuzz_iterations && vectors_passed) {
		if (auto r = test_vs_generic(e, extra))
			results.push_back(std::move(*r));
	}
	Registry::get().release(e);

	std::string failure;
	for (const auto &r : results)
		if (is_failure(r) && failure.empty())
			failure = r.message;
	if (!failure.empty()) {
		printk(KERN_ERR "%s\n", failure.c_str());
		Registry::get().set_selftest(e, KCSHIM_SELFTEST_FAILED, failure);
	} else {
		Registry::get().set_selftest(e, KCSHIM_SELFTEST_PASSED, "");
	}
	return results;
}

void test_on_register(AlgEntry *e)
{
	run(e);
}

}  // namespace kcshim::selftest

extern "C" int kcshim_selftest_with(const char *name, const struct kcshim_selftest_options *opts,
				    void (*fn)(const struct kcshim_selftest_result *res, void *arg),
				    void *arg)
{
	using namespace kcshim;
	kcshim_init();
	selftest::ExtraOptions extra;
	if (opts)
		extra = {opts->fuzz_iterations, opts->seed,
			 opts->generic_suffix ? opts->generic_suffix : ""};
	int failures = 0;
	bool any = false;
	for (AlgEntry *e : Registry::get().snapshot()) {
		const crypto_alg *alg = e->alg;
		if (name && std::string_view(name) != alg->cra_name &&
		    std::string_view(name) != alg->cra_driver_name)
			continue;
		any = true;
		Registry::get().pin(e);
		auto results = selftest::run(e, extra);
		for (const auto &r : results) {
			kcshim_selftest_result out{alg->cra_driver_name, r.alg.c_str(), r.source.c_str(),
						   r.vectors, r.runs, r.passed, r.message.c_str(),
						   r.row};
			if (fn)
				fn(&out, arg);
			failures += selftest::is_failure(r);
		}
		Registry::get().release(e);
	}
	return any ? failures : -ENOENT;
}

extern "C" int kcshim_selftest(const char *name,
			       void (*fn)(const struct kcshim_selftest_result *res, void *arg),
			       void *arg)
{
	return kcshim_selftest_with(name, nullptr, fn, arg);
}
