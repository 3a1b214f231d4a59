// SPDX-License-Identifier: GPL-2.0
// The self-test manager (testmgr's alg_test): every driver is tested against every vector suite
// known for its cra_name or driver name, under the kernel's default configurations; a driver
// that fails is excluded from lookups.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <kcshim/testvec.h>

#include "shim/src/crypto/registry.h"

namespace kcshim::selftest {

// One row of kcshim_selftest_result: a vector suite's outcome, or the extra tests'.
struct SuiteResult {
	kcshim_selftest_row row = KCSHIM_ROW_VECTORS;
	std::string source;
	std::string alg;
	unsigned int vectors = 0;
	unsigned int runs = 0;
	bool passed = true;
	std::string message;
};

// kcshim_selftest_options, inside.
struct ExtraOptions {
	unsigned int fuzz_iterations = 0;	// 0: no extra tests
	uint64_t seed = 0;
	std::string generic_suffix;		// kcshim_selftest_options.generic_suffix
};

// Runs every suite for e, then (if they passed and extra asks) the extra tests, and records the
// outcome in the registry: a failure of either excludes e from lookups.
std::vector<SuiteResult> run(AlgEntry *e, const ExtraOptions &extra = {});
// run(), at registration.
void test_on_register(AlgEntry *e);

// Suite runners: e is pinned by the caller. Each returns the outcome of one suite.
SuiteResult test_hash_suite(AlgEntry *e, const kcshim_vector_suite &suite);
SuiteResult test_skcipher_suite(AlgEntry *e, const kcshim_vector_suite &suite);
SuiteResult test_cipher_suite(AlgEntry *e, const kcshim_vector_suite &suite);
SuiteResult test_aead_suite(AlgEntry *e, const kcshim_vector_suite &suite);

// The extra tests of e (pinned by the caller): random cases compared with the generic driver. A
// row of KCSHIM_ROW_EXTRA, _NOT_COMPARED or _IS_GENERIC; nothing for internal drivers (tested
// through their public wrapper) and kinds without extra tests.
std::optional<SuiteResult> test_vs_generic(AlgEntry *e, const ExtraOptions &extra);

// The registered sources (a snapshot).
std::vector<const kcshim_vector_source *> sources();

}  // namespace kcshim::selftest
