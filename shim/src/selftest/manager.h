// SPDX-License-Identifier: GPL-2.0
// The self-test manager (testmgr's alg_test): every driver is tested against every vector suite
// known for its cra_name or driver name, under the kernel's default configurations; a driver
// that fails is excluded from lookups.
#pragma once

#include <string>
#include <vector>

#include <kcshim/testvec.h>

#include "registry.h"

namespace kcshim::selftest {

struct SuiteResult {
	std::string source;
	std::string alg;
	unsigned int vectors = 0;
	unsigned int runs = 0;
	bool passed = true;
	std::string message;
};

// Runs every suite for e and records the outcome in the registry.
std::vector<SuiteResult> run(AlgEntry *e);
// run(), at registration.
void test_on_register(AlgEntry *e);

// Suite runners: e is pinned by the caller. Each returns the outcome of one suite.
SuiteResult test_hash_suite(AlgEntry *e, const kcshim_vector_suite &suite);
SuiteResult test_skcipher_suite(AlgEntry *e, const kcshim_vector_suite &suite);
SuiteResult test_cipher_suite(AlgEntry *e, const kcshim_vector_suite &suite);

// The registered sources (a snapshot).
std::vector<const kcshim_vector_source *> sources();

}  // namespace kcshim::selftest
