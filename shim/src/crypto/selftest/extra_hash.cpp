// SPDX-License-Identifier: GPL-2.0
// The hash extra self-test (testmgr's test_hash_vs_generic_impl; extra_tests.cpp says what the
// extra tests are): random messages and keys digested by the generic driver, then by the driver
// under test under random configurations.
#include <algorithm>
#include <string>
#include <vector>

#include <crypto/hash.h>
#include <crypto/internal/hash.h>

#include "shim/src/crypto/selftest/extra_tests.h"

namespace kcshim::selftest {

namespace {

// A random hash vector, its digest (or errors) from the generic driver.
struct RandomHashVec {
	std::vector<uint8_t> key, plaintext, digest;
	kcshim_hash_vec vec{};
	std::string name;

	RandomHashVec(unsigned int maxkeysize, unsigned int digestsize)
		: key(maxkeysize), plaintext(max_data_size), digest(digestsize)
	{
	}

	void generate(Rng &rng, struct crypto_shash *generic)
	{
		vec = {};
		vec.psize = random_length(rng, max_data_size, crypto_shash_blocksize(generic));
		random_bytes(rng, {plaintext.data(), vec.psize});
		if (!key.empty()) {
			vec.ksize = static_cast<unsigned int>(key.size());
			if (rng.below(4) == 0)
				vec.ksize = rng.inclusive(1, vec.ksize);
			random_bytes(rng, {key.data(), vec.ksize});
			vec.setkey_error = crypto_shash_setkey(generic, key.data(), vec.ksize);
		}
		if (!vec.setkey_error)
			vec.digest_error = crypto_shash_tfm_digest(generic, plaintext.data(),
								   vec.psize, digest.data());
		vec.key = reinterpret_cast<const char *>(key.data());
		vec.plaintext = reinterpret_cast<const char *>(plaintext.data());
		vec.digest = reinterpret_cast<const char *>(digest.data());
		name = "\"random: psize=" + std::to_string(vec.psize) +
		       " ksize=" + std::to_string(vec.ksize) + "\"";
	}
};

// The longest key in alg's vectors: testmgr's maxkeysize (0: tested unkeyed).
unsigned int max_hash_keysize(const std::string &alg)
{
	unsigned int max = 0;
	for (const kcshim_vector_suite *s : suites_for(alg)) {
		if (s->kind != KCSHIM_SUITE_HASH)
			continue;
		auto *vecs = static_cast<const kcshim_hash_vec *>(s->vecs);
		for (unsigned int i = 0; i < s->count; i++)
			max = std::max(max, vecs[i].ksize);
	}
	return max;
}

}  // namespace

void hash_vs_generic(SuiteResult &r, struct crypto_shash *tfm, struct crypto_shash *generic,
		     const ExtraOptions &opt)
{
	unsigned int ds = crypto_shash_digestsize(tfm);
	if (!properties_match(r, "hash", crypto_shash_driver_name(tfm),
			      crypto_shash_driver_name(generic),
			      {{"digestsize", ds, crypto_shash_digestsize(generic)},
			       {"blocksize", crypto_shash_blocksize(tfm),
				crypto_shash_blocksize(generic)}}))
		return;

	Rng rng(opt.seed);
	RandomHashVec v(max_hash_keysize(r.alg), ds);
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.generate(rng, generic);
		HashConfig cfg = random_hash_config(rng);
		std::string msg = test_hash_vec_cfg(tfm, v.vec, v.name, cfg);
		r.runs++;
		if (!msg.empty()) {
			r.passed = false;
			r.message = msg + replay(opt, i, r.vectors);
			return;
		}
	}
}

}  // namespace kcshim::selftest
