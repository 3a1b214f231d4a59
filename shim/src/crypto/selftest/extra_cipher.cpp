// SPDX-License-Identifier: GPL-2.0
// The cipher extra self-tests (testmgr's test_skcipher_vs_generic_impl, and kcshim's for
// single-block ciphers; extra_tests.cpp says what the extra tests are): random keys, IVs and
// plaintexts encrypted by the generic driver, then en- and decrypted by the driver under test
// under random configurations.
#include <algorithm>
#include <string>
#include <vector>

#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>
#include <linux/scatterlist.h>

#include "shim/src/crypto/selftest/extra_tests.h"

namespace kcshim::selftest {

namespace {

// Encryption, then decryption of case i; false (and r failed) on a failure.
template <typename RunOne>
bool run_both_directions(SuiteResult &r, const ExtraOptions &opt, unsigned int i, RunOne run_one)
{
	for (bool enc : {true, false}) {
		std::string msg = run_one(enc);
		r.runs++;
		if (!msg.empty()) {
			r.passed = false;
			r.message = msg + replay(opt, i, r.vectors);
			return false;
		}
	}
	return true;
}

// A random cipher vector: testmgr's generate_random_cipher_testvec. start() makes the key (which
// the generic driver's setkey may refuse), the IV and the plaintext; the caller encrypts with the
// generic driver and finish()es.
struct RandomCipherVec {
	std::vector<uint8_t> key, iv, iv_out, ptext, ctext;
	kcshim_cipher_vec vec{};
	std::string name;

	RandomCipherVec(unsigned int maxkeysize, unsigned int ivsize)
		: key(maxkeysize), iv(ivsize), iv_out(ivsize), ptext(max_data_size),
		  ctext(max_data_size)
	{
	}

	// whole_blocks: a single-block cipher's length, rounded down to its blocks.
	template <typename Setkey>
	void start(Rng &rng, unsigned int blocksize, bool whole_blocks, Setkey setkey)
	{
		vec = {};
		vec.klen = static_cast<unsigned int>(key.size());
		if (rng.below(4) == 0)
			vec.klen = rng.below(vec.klen + 1);
		random_bytes(rng, {key.data(), vec.klen});
		vec.setkey_error = setkey(key.data(), vec.klen);
		random_bytes(rng, iv);
		vec.len = random_length(rng, max_data_size, blocksize);
		if (whole_blocks)
			vec.len -= vec.len % blocksize;
		random_bytes(rng, {ptext.data(), vec.len});
	}

	void finish(bool have_iv_out)
	{
		vec.key = reinterpret_cast<const char *>(key.data());
		vec.iv = reinterpret_cast<const char *>(iv.data());
		vec.iv_out = have_iv_out ? reinterpret_cast<const char *>(iv_out.data()) : nullptr;
		vec.ptext = reinterpret_cast<const char *>(ptext.data());
		vec.ctext = reinterpret_cast<const char *>(ctext.data());
		name = "\"random: len=" + std::to_string(vec.len) +
		       " klen=" + std::to_string(vec.klen) + "\"";
	}
};

// True when alg's vectors say what IV a request leaves behind (cbc, ctr).
bool defines_iv_out(const std::string &alg)
{
	for (const kcshim_vector_suite *s : suites_for(alg)) {
		if (s->kind != KCSHIM_SUITE_CIPHER)
			continue;
		auto *vecs = static_cast<const kcshim_cipher_vec *>(s->vecs);
		for (unsigned int i = 0; i < s->count; i++)
			if (vecs[i].iv_out)
				return true;
	}
	return false;
}

}  // namespace

void skcipher_vs_generic(SuiteResult &r, struct crypto_skcipher *tfm,
			 struct crypto_skcipher *generic, const ExtraOptions &opt)
{
	if (!properties_match(r, "skcipher", crypto_skcipher_driver_name(tfm),
			      crypto_skcipher_driver_name(generic),
			      {{"min keysize", crypto_skcipher_min_keysize(tfm),
				crypto_skcipher_min_keysize(generic)},
			       {"max keysize", crypto_skcipher_max_keysize(tfm),
				crypto_skcipher_max_keysize(generic)},
			       {"ivsize", crypto_skcipher_ivsize(tfm), crypto_skcipher_ivsize(generic)},
			       {"blocksize", crypto_skcipher_blocksize(tfm),
				crypto_skcipher_blocksize(generic)}}))
		return;

	RequestPtr req(skcipher_request_alloc(generic, GFP_KERNEL));
	bool check_iv_out = defines_iv_out(r.alg) && crypto_skcipher_ivsize(generic);
	Rng rng(opt.seed);
	RandomCipherVec v(crypto_skcipher_max_keysize(generic), crypto_skcipher_ivsize(generic));
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.start(rng, crypto_skcipher_blocksize(generic), false,
			[&](const u8 *key, unsigned int klen) {
				return crypto_skcipher_setkey(generic, key, klen);
			});
		if (!v.vec.setkey_error) {
			struct scatterlist src, dst;
			sg_init_one(&src, v.ptext.data(), v.vec.len);
			sg_init_one(&dst, v.ctext.data(), v.vec.len);
			std::copy(v.iv.begin(), v.iv.end(), v.iv_out.begin());
			skcipher_request_set_callback(req.get(), 0, nullptr, nullptr);
			skcipher_request_set_crypt(req.get(), &src, &dst, v.vec.len,
						   v.iv.empty() ? nullptr : v.iv_out.data());
			v.vec.crypt_error = crypto_skcipher_encrypt(req.get());
			if (v.vec.crypt_error)	// an invalid length: decryption must refuse it too
				std::fill(v.ctext.begin(), v.ctext.begin() + v.vec.len, 0);
		}
		v.finish(check_iv_out && !v.vec.setkey_error && !v.vec.crypt_error);
		CipherConfig cfg = random_skcipher_config(rng);
		if (!run_both_directions(r, opt, i, [&](bool enc) {
			    return test_skcipher_vec_cfg(tfm, v.vec, v.name, cfg, enc);
		    }))
			return;
	}
}

void cipher_vs_generic(SuiteResult &r, struct crypto_cipher *tfm, struct crypto_cipher *generic,
		       const ExtraOptions &opt)
{
	const struct cipher_alg *mine = crypto_cipher_alg(tfm);
	const struct cipher_alg *theirs = crypto_cipher_alg(generic);
	unsigned int bs = crypto_cipher_blocksize(generic);
	if (!properties_match(r, "cipher", crypto_tfm_alg_driver_name(crypto_cipher_tfm(tfm)),
			      crypto_tfm_alg_driver_name(crypto_cipher_tfm(generic)),
			      {{"min keysize", mine->cia_min_keysize, theirs->cia_min_keysize},
			       {"max keysize", mine->cia_max_keysize, theirs->cia_max_keysize},
			       {"blocksize", crypto_cipher_blocksize(tfm), bs}}))
		return;

	Rng rng(opt.seed);
	RandomCipherVec v(theirs->cia_max_keysize, 0);
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.start(rng, bs, true, [&](const u8 *key, unsigned int klen) {
			return crypto_cipher_setkey(generic, key, klen);
		});
		for (unsigned int k = 0; !v.vec.setkey_error && k < v.vec.len; k += bs)
			crypto_cipher_encrypt_one(generic, v.ctext.data() + k, v.ptext.data() + k);
		v.finish(false);
		CipherConfig cfg = random_block_cipher_config(rng);
		if (!run_both_directions(r, opt, i, [&](bool enc) {
			    return test_cipher_vec_cfg(tfm, v.vec, v.name, cfg, enc);
		    }))
			return;
	}
}

}  // namespace kcshim::selftest
