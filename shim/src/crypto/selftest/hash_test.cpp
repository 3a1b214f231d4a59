// SPDX-License-Identifier: GPL-2.0
// shash vectors under testmgr's default hash configurations (crypto/testmgr.c,
// default_hash_testvec_configs), plus SIMD-disabled runs: the digest must match, the poison
// after the digest and after every input chunk must survive, and so must the descriptor's.
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <crypto/hash.h>
#include <crypto/internal/hash.h>

#include "shim/src/crypto/selftest/configs.h"
#include "shim/src/crypto/selftest/manager.h"
#include "shim/src/crypto/tfm.h"

namespace kcshim::selftest {

namespace {

const std::vector<HashConfig> &hash_configs()
{
	static const std::vector<HashConfig> configs = {
		{"init+update+final aligned buffer", {{10000, 0}}, Finalization::final},
		{"init+finup aligned buffer", {{10000, 0}}, Finalization::finup},
		{"digest aligned buffer", {{10000, 0}}, Finalization::digest},
		{.name = "init+update+final misaligned buffer", .divs = {{10000, 1}},
		 .fin = Finalization::final, .key_offset = 1},
		{.name = "digest buffer aligned only to alignmask", .divs = {{10000, 1, true}},
		 .fin = Finalization::digest, .key_offset = 1},
		{"init+update+update+final two even splits",
		 {{5000, 0, false, Flush::flush}, {5000, 0}}, Finalization::final},
		{"digest uneven misaligned splits, may sleep",
		 {{1900, 33}, {3300, 7}, {4800, 18}}, Finalization::digest},
		{"digest misaligned splits crossing pages",
		 {{7500, PAGE_SIZE - 32}, {2500, PAGE_SIZE - 7}}, Finalization::digest},
		{"import/export",
		 {{6500, 0, false, Flush::reimport}, {3500, 0, false, Flush::reimport}},
		 Finalization::final},
		{"init+update+final, SIMD disabled", {{10000, 0}}, Finalization::final, true},
		{"uneven splits, SIMD disabled on some",
		 {{2500, 3, false, Flush::flush, true}, {5000, 0, false, Flush::flush}, {2500, 5}},
		 Finalization::finup},
	};
	return configs;
}

struct DescDeleter {
	size_t size;
	void operator()(struct shash_desc *d) const
	{
		memzero_explicit(d, size);
		free(d);
	}
};
using DescPtr = std::unique_ptr<struct shash_desc, DescDeleter>;

DescPtr alloc_desc(struct crypto_shash *tfm)
{
	size_t size = sizeof(struct shash_desc) + crypto_shash_descsize(tfm);
	size_t rounded = (size + 63) & ~size_t(63);
	auto *d = static_cast<struct shash_desc *>(aligned_alloc(64, rounded));
	if (!d)
		abort();
	memset(d, poison_byte, rounded);
	d->tfm = tfm;
	return DescPtr(d, DescDeleter{rounded});
}

// Exports the state, poisons the descriptor and imports it back; "" or what failed.
std::string reimport(struct shash_desc *desc)
{
	struct crypto_shash *tfm = desc->tfm;
	unsigned int statesize = crypto_shash_statesize(tfm);
	std::vector<uint8_t> state(statesize + poison_len, poison_byte);
	int err = crypto_shash_export(desc, state.data());
	if (err)
		return "export() failed with err " + std::to_string(err);
	for (unsigned int k = 0; k < poison_len; k++)
		if (state[statesize + k] != poison_byte)
			return "export() overran state buffer";
	memset(shash_desc_ctx(desc), poison_byte, crypto_shash_descsize(tfm));
	err = crypto_shash_import(desc, state.data());
	if (err)
		return "import() failed with err " + std::to_string(err);
	return "";
}

}  // namespace

std::string test_hash_vec_cfg(struct crypto_shash *tfm, const kcshim_hash_vec &vec,
			      const std::string &vec_name, const HashConfig &cfg)
{
	const char *driver = crypto_shash_driver_name(tfm);
	unsigned int ds = crypto_shash_digestsize(tfm);
	std::span<const uint8_t> data(reinterpret_cast<const uint8_t *>(vec.plaintext), vec.psize);
	DividedBuffer input(data, cfg.divs, crypto_shash_alignmask(tfm));
	std::vector<uint8_t> result(ds + poison_len, poison_byte);
	auto desc = alloc_desc(tfm);
	int err;

	auto failure = [&](const std::string &what, const std::string &detail = "") {
		return std::string("alg: shash: ") + driver + " " + what + " on test vector " +
		       vec_name + ", cfg=\"" + cfg.name + "\" (chunks " + input.lengths() + ")" +
		       (detail.empty() ? "" : ": " + detail);
	};

	if (vec.ksize) {
		std::vector<uint8_t> key(cfg.key_offset + vec.ksize);
		memcpy(key.data() + cfg.key_offset, vec.key, vec.ksize);
		{
			SimdOff simd(cfg.nosimd_setkey);
			err = crypto_shash_setkey(tfm, key.data() + cfg.key_offset, vec.ksize);
		}
		if (err != vec.setkey_error)
			return failure("setkey failed with err " + std::to_string(err) + " (expected " +
				       std::to_string(vec.setkey_error) + ")");
		if (err)
			return "";
	}

	auto finish = [&](int e) -> std::string {
		if (e != vec.digest_error)
			return failure("failed with err " + std::to_string(e) + " (expected " +
				       std::to_string(vec.digest_error) + ")");
		if (e)
			return "";
		std::span<const uint8_t> want(reinterpret_cast<const uint8_t *>(vec.digest), ds);
		if (memcmp(result.data(), want.data(), ds))
			return failure("test failed (wrong result)",
				       "got " + hex({result.data(), ds}) + ", expected " + hex(want));
		for (unsigned int i = 0; i < poison_len; i++)
			if (result[ds + i] != poison_byte)
				return failure("test failed (result buffer overflow)");
		if (!input.poison_intact())
			return failure("test failed (input buffer overrun)");
		if (input.gather() != std::vector<uint8_t>(data.begin(), data.end()))
			return failure("test failed (source data modified)");
		return "";
	};

	auto &chunks = input.chunks();
	if (cfg.fin == Finalization::digest && chunks.size() == 1) {
		SimdOff simd(cfg.nosimd);
		return finish(crypto_shash_digest(desc.get(), chunks[0].data, chunks[0].len,
						  result.data()));
	}

	{
		SimdOff simd(cfg.nosimd);
		err = crypto_shash_init(desc.get());
	}
	if (err)
		return finish(err);
	for (size_t i = 0; i < chunks.size(); i++) {
		const Chunk &c = chunks[i];
		SimdOff simd(cfg.nosimd || c.nosimd);
		bool last = i + 1 == chunks.size();
		if (last && cfg.fin != Finalization::final) {
			// a multi-chunk "digest" config becomes updates + finup (shash digest is one buffer)
			return finish(crypto_shash_finup(desc.get(), c.data, c.len, result.data()));
		}
		err = crypto_shash_update(desc.get(), c.data, c.len);
		if (err)
			return finish(err);
		if (c.flush == Flush::reimport) {
			std::string what = reimport(desc.get());
			if (!what.empty())
				return failure(what);
		}
	}
	SimdOff simd(cfg.nosimd);
	return finish(crypto_shash_final(desc.get(), result.data()));
}

SuiteResult test_hash_suite(AlgEntry *e, const kcshim_vector_suite &suite)
{
	SuiteResult r;
	int err;
	Registry::get().pin(e);
	struct crypto_shash *tfm = alloc_shash_for(e, &err);
	if (!tfm) {
		r.passed = false;
		r.message = std::string("alg: shash: failed to allocate transform for ") +
			    e->alg->cra_driver_name + ": " + std::to_string(err);
		return r;
	}

	auto *vecs = static_cast<const kcshim_hash_vec *>(suite.vecs);
	for (unsigned int i = 0; i < suite.count && r.passed; i++) {
		for (const HashConfig &cfg : hash_configs()) {
			std::string msg = test_hash_vec_cfg(tfm, vecs[i], std::to_string(i + 1), cfg);
			r.runs++;
			if (!msg.empty()) {
				r.passed = false;
				r.message = msg;
				break;
			}
		}
	}
	crypto_free_shash(tfm);
	return r;
}

}  // namespace kcshim::selftest
