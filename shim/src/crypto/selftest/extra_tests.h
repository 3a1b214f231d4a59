// SPDX-License-Identifier: GPL-2.0
// What the files of the extra self-tests share (extra_tests.cpp says what the tests are): the
// seeded random cases (extra_random.cpp), the vector suites and the reporting of a comparison
// (extra_tests.cpp), and the comparisons with the generic driver, one per kind, that
// test_vs_generic() runs (extra_hash.cpp, extra_cipher.cpp, extra_aead.cpp).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>
#include <linux/mm.h>

#include "shim/src/crypto/selftest/configs.h"
#include "shim/src/crypto/selftest/manager.h"

namespace kcshim::selftest {

inline constexpr unsigned int max_data_size = 2 * PAGE_SIZE - poison_len;

// testmgr's prandom helpers over a seeded generator (the same sequence on every host).
class Rng {
public:
	explicit Rng(uint64_t seed) : gen_(seed) {}
	uint32_t next() { return static_cast<uint32_t>(gen_() >> 32); }
	uint32_t below(uint32_t ceil) { return next() % ceil; }
	uint32_t inclusive(uint32_t floor, uint32_t ceil) { return floor + below(ceil - floor + 1); }
	bool boolean() { return below(2); }
	uint8_t byte() { return static_cast<uint8_t>(next()); }

private:
	std::mt19937_64 gen_;
};

// extra_random.cpp: testmgr's random lengths, bytes and configurations.

// A length in [0, max_len], mostly short.
unsigned int random_length(Rng &rng, unsigned int max_len, unsigned int blocksize);
// Random bytes, a quarter of the time one repeated byte, an eighth ascending by a step.
void random_bytes(Rng &rng, std::span<uint8_t> buf);
// testmgr's generate_random_testvec_config, the parts a hash uses.
HashConfig random_hash_config(Rng &rng);
// testmgr's generate_random_testvec_config, the parts an skcipher uses.
CipherConfig random_skcipher_config(Rng &rng);
// A single-block cipher's: in or out of place, each buffer at a random misalignment.
CipherConfig random_block_cipher_config(Rng &rng);

// extra_tests.cpp: the vector suites, and the reporting of a comparison.

// The vector suites of alg (a cra_name) in every source.
std::vector<const kcshim_vector_suite *> suites_for(std::string_view alg);

struct Property {
	const char *what;
	unsigned int mine, generic;
};

// testmgr's consistency checks before any case: false (and r failed) on the first difference.
bool properties_match(SuiteResult &r, const char *type, const char *driver, const char *generic,
		      std::initializer_list<Property> props);

// How to replay case i of cases: "; seed <seed>, case <i + 1> of <cases>".
std::string replay(const ExtraOptions &opt, unsigned int i, unsigned int cases);

struct RequestFree {
	void operator()(struct skcipher_request *r) const { skcipher_request_free(r); }
	void operator()(struct aead_request *r) const { aead_request_free(r); }
};
using RequestPtr = std::unique_ptr<struct skcipher_request, RequestFree>;
using AeadRequestPtr = std::unique_ptr<struct aead_request, RequestFree>;

// The comparisons of tfm with generic, its generic driver: r.vectors random cases, each run on
// tfm under a random configuration, the first failure in r.

// test_hash_vs_generic_impl (extra_hash.cpp).
void hash_vs_generic(SuiteResult &r, struct crypto_shash *tfm, struct crypto_shash *generic,
		     const ExtraOptions &opt);
// test_skcipher_vs_generic_impl (extra_cipher.cpp), and the same for a single-block cipher.
void skcipher_vs_generic(SuiteResult &r, struct crypto_skcipher *tfm,
			 struct crypto_skcipher *generic, const ExtraOptions &opt);
void cipher_vs_generic(SuiteResult &r, struct crypto_cipher *tfm, struct crypto_cipher *generic,
		       const ExtraOptions &opt);
// test_aead_vs_generic_impl, then test_aead_inauthentic_inputs: r.vectors cases each
// (extra_aead.cpp).
void aead_vs_generic(SuiteResult &r, struct crypto_aead *tfm, struct crypto_aead *generic,
		     const ExtraOptions &opt);

}  // namespace kcshim::selftest
