// SPDX-License-Identifier: GPL-2.0
// The AEAD extra self-tests (testmgr's test_aead_vs_generic_impl and
// test_aead_inauthentic_inputs; extra_tests.cpp says what the extra tests are): random messages
// encrypted by the generic driver, and inauthentic ones, run through the driver under test under
// random configurations.
#include <algorithm>
#include <string>
#include <vector>

#include <crypto/aead.h>
#include <linux/scatterlist.h>

#include "shim/src/crypto/selftest/extra_tests.h"

namespace kcshim::selftest {

namespace {

// testmgr's MIN_COLLISION_FREE_AUTHSIZE: a tag this long is not forged by chance.
constexpr unsigned int min_collision_free_authsize = 8;

// What an AEAD's suites say (testmgr's aead_test_suite flags, from any source) and the longest
// key in their vectors, testmgr's maxkeysize.
struct AeadSuiteFlags {
	bool einval_allowed = false, aad_iv = false;
	unsigned int maxkeysize = 0;
};

AeadSuiteFlags aead_suite_flags(const std::string &alg)
{
	AeadSuiteFlags f;
	for (const kcshim_vector_suite *s : suites_for(alg)) {
		if (s->kind != KCSHIM_SUITE_AEAD)
			continue;
		f.einval_allowed |= s->einval_allowed;
		f.aad_iv |= s->aad_iv;
		auto *vecs = static_cast<const kcshim_aead_vec *>(s->vecs);
		for (unsigned int i = 0; i < s->count; i++)
			f.maxkeysize = std::max(f.maxkeysize, vecs[i].klen);
	}
	return f;
}

// A random AEAD vector: testmgr's generate_random_aead_testvec and generate_aead_message, the
// message encrypted by the tfm given (the generic driver; for the inauthentic inputs the driver
// itself). Inauthentic vectors (novrfy) are random ciphertexts, or authentic ones with a bit of
// the associated data, the ciphertext or the tag flipped.
struct RandomAeadVec {
	std::vector<uint8_t> key, iv, assoc, ptext, ctext;
	kcshim_aead_vec vec{};
	std::string name;

	RandomAeadVec(unsigned int maxkeysize, unsigned int ivsize)
		: key(maxkeysize), iv(ivsize), assoc(max_data_size), ptext(max_data_size),
		  ctext(max_data_size)
	{
	}

	void generate(Rng &rng, struct crypto_aead *tfm, const AeadSuiteFlags &flags,
		      bool prefer_inauthentic)
	{
		unsigned int maxdatasize = max_data_size;

		vec = {};
		vec.klen = static_cast<unsigned int>(key.size());
		if (rng.below(4) == 0)
			vec.klen = rng.below(vec.klen + 1);
		random_bytes(rng, {key.data(), vec.klen});
		vec.setkey_error = crypto_aead_setkey(tfm, key.data(), vec.klen);
		random_bytes(rng, iv);

		unsigned int authsize = crypto_aead_maxauthsize(tfm);
		if (rng.below(4) == 0)
			authsize = rng.below(authsize + 1);
		if (prefer_inauthentic && authsize < min_collision_free_authsize)
			authsize = min_collision_free_authsize;
		maxdatasize -= authsize;
		vec.setauthsize_error = crypto_aead_setauthsize(tfm, authsize);

		unsigned int total = random_length(rng, maxdatasize, 1);
		vec.alen = rng.below(4) == 0 ? 0 : random_length(rng, total, 1);
		vec.plen = total - vec.alen;
		vec.clen = vec.plen + authsize;
		if (!vec.setkey_error && !vec.setauthsize_error)
			message(rng, tfm, authsize, flags, prefer_inauthentic);

		vec.key = reinterpret_cast<const char *>(key.data());
		vec.iv = reinterpret_cast<const char *>(iv.data());
		vec.assoc = reinterpret_cast<const char *>(assoc.data());
		vec.ptext = reinterpret_cast<const char *>(ptext.data());
		vec.ctext = reinterpret_cast<const char *>(ctext.data());
		name = "\"random: alen=" + std::to_string(vec.alen) + " plen=" +
		       std::to_string(vec.plen) + " authsize=" + std::to_string(authsize) +
		       " klen=" + std::to_string(vec.klen) + " novrfy=" +
		       std::to_string(vec.novrfy) + "\"";
	}

private:
	void message(Rng &rng, struct crypto_aead *tfm, unsigned int authsize,
		     const AeadSuiteFlags &flags, bool prefer_inauthentic)
	{
		bool inauthentic = authsize >= min_collision_free_authsize &&
				   (prefer_inauthentic || rng.below(4) == 0);
		unsigned int aad_tail = flags.aad_iv ? static_cast<unsigned int>(iv.size()) : 0;

		random_bytes(rng, {assoc.data(), vec.alen});
		if (aad_tail && vec.alen >= aad_tail)	// both IV copies agree, as testmgr makes them
			std::copy(iv.begin(), iv.end(), assoc.begin() + vec.alen - aad_tail);
		if (inauthentic && rng.boolean()) {
			random_bytes(rng, {ctext.data(), vec.clen});
		} else {
			random_bytes(rng, {ptext.data(), vec.plen});
			vec.crypt_error = encrypt(tfm);
			if (vec.crypt_error || !inauthentic)
				return;
			mutate(rng, authsize, aad_tail);
		}
		vec.novrfy = true;
		if (flags.einval_allowed)
			vec.crypt_error = -EINVAL;
	}

	// assoc || ptext through tfm into ctext, the output's associated data dropped.
	int encrypt(struct crypto_aead *tfm)
	{
		struct scatterlist src[2], dst;
		unsigned int n = 0;

		sg_init_table(src, 2);
		if (vec.alen)
			sg_set_buf(&src[n++], assoc.data(), vec.alen);
		if (vec.plen)
			sg_set_buf(&src[n++], ptext.data(), vec.plen);
		std::vector<uint8_t> out(vec.alen + vec.clen);
		sg_init_one(&dst, out.data(), static_cast<unsigned int>(out.size()));
		std::vector<uint8_t> ivcopy = iv;
		AeadRequestPtr req(aead_request_alloc(tfm, GFP_KERNEL));
		if (!req)
			return -ENOMEM;
		aead_request_set_callback(req.get(), 0, nullptr, nullptr);
		aead_request_set_crypt(req.get(), src, &dst, vec.plen, ivcopy.data());
		aead_request_set_ad(req.get(), vec.alen);
		int err = crypto_aead_encrypt(req.get());
		if (!err)
			std::copy(out.begin() + vec.alen, out.end(), ctext.begin());
		return err;
	}

	// testmgr's mutate_aead_message: a bit of the associated data (not its trailing IV copy),
	// then perhaps also one of the tag or of anywhere in the ciphertext, flipped.
	void mutate(Rng &rng, unsigned int authsize, unsigned int aad_tail)
	{
		auto flip = [&](uint8_t *buf, unsigned int len) {
			uint32_t bit = rng.below(len * 8);
			buf[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
		};
		if (rng.boolean() && vec.alen > aad_tail) {
			flip(assoc.data(), vec.alen - aad_tail);
			if (rng.boolean())
				return;
		}
		if (rng.boolean())
			flip(ctext.data() + vec.plen, authsize);
		else
			flip(ctext.data(), vec.clen);
	}
};

}  // namespace

// test_aead_vs_generic_impl, then test_aead_inauthentic_inputs: r.vectors cases each.
void aead_vs_generic(SuiteResult &r, struct crypto_aead *tfm, struct crypto_aead *generic,
		     const ExtraOptions &opt)
{
	if (!properties_match(r, "aead", crypto_aead_driver_name(tfm),
			      crypto_aead_driver_name(generic),
			      {{"maxauthsize", crypto_aead_maxauthsize(tfm),
				crypto_aead_maxauthsize(generic)},
			       {"ivsize", crypto_aead_ivsize(tfm), crypto_aead_ivsize(generic)},
			       {"blocksize", crypto_aead_blocksize(tfm),
				crypto_aead_blocksize(generic)}}))
		return;

	AeadSuiteFlags flags = aead_suite_flags(r.alg);
	Rng rng(opt.seed);
	RandomAeadVec v(flags.maxkeysize, crypto_aead_ivsize(generic));
	auto run = [&](unsigned int i, bool enc) {
		CipherConfig cfg = random_skcipher_config(rng);
		std::string msg = test_aead_vec_cfg(tfm, v.vec, v.name, cfg, enc);
		r.runs++;
		if (!msg.empty()) {
			r.passed = false;
			r.message = msg + replay(opt, i, r.vectors);
		}
		return msg.empty();
	};
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.generate(rng, generic, flags, false);
		if (!v.vec.novrfy && !run(i, true))
			return;
		if ((!v.vec.crypt_error || v.vec.novrfy) && !run(i, false))
			return;
	}
	// the driver's own messages, made inauthentic, must not decrypt (ten tries to make one)
	for (unsigned int i = 0; i < r.vectors; i++) {
		for (int tries = 0; tries < 10; tries++) {
			v.generate(rng, tfm, flags, true);
			if (v.vec.novrfy)
				break;
		}
		if (v.vec.novrfy && !run(i, false))
			return;
	}
}

}  // namespace kcshim::selftest
