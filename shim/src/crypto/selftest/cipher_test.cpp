// SPDX-License-Identifier: GPL-2.0
// Cipher vectors: skcipher drivers under testmgr's default cipher configurations
// (default_cipher_testvec_configs) plus a SIMD-disabled run, both directions, checking output,
// output IV, poison after every chunk, and expected errors; single-block ciphers block by block
// (alg_test_cipher), in place in a buffer misaligned by one byte.
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <utility>

#include <crypto/internal/cipher.h>
#include <crypto/internal/skcipher.h>

#include "shim/src/crypto/selftest/configs.h"
#include "shim/src/crypto/selftest/manager.h"
#include "shim/src/crypto/tfm.h"

namespace kcshim::selftest {

const std::vector<CipherConfig> &default_cipher_configs()
{
	static const std::vector<CipherConfig> configs = {
		{"in-place", Inplace::one_sglist, {{10000, 0}}, {}},
		{"out-of-place", Inplace::out_of_place, {{10000, 0}}, {{10000, 0}}},
		{.name = "unaligned buffer, offset=1", .inplace = Inplace::out_of_place,
		 .src_divs = {{10000, 1}}, .dst_divs = {{10000, 1}}, .iv_offset = 1, .key_offset = 1},
		{.name = "buffer aligned only to alignmask", .inplace = Inplace::out_of_place,
		 .src_divs = {{10000, 1, true}}, .dst_divs = {{10000, 1, true}}, .iv_offset = 1,
		 .key_offset = 1},
		{"two even aligned splits", Inplace::out_of_place, {{5000, 0}, {5000, 0}},
		 {{10000, 0}}},
		{.name = "uneven misaligned splits, may sleep", .inplace = Inplace::out_of_place,
		 .src_divs = {{1900, 33}, {3300, 7}, {4800, 18}}, .dst_divs = {{7000, 1}, {3000, 0}},
		 .iv_offset = 3, .key_offset = 3},
		{"misaligned splits crossing pages, inplace", Inplace::one_sglist,
		 {{7500, PAGE_SIZE - 32}, {2500, PAGE_SIZE - 7}}, {}},
		{"in-place, SIMD disabled", Inplace::one_sglist, {{10000, 0}}, {}, 0, true},
	};
	return configs;
}

std::string setkey_as_configured(struct crypto_tfm *base, const char *type, const char *key,
				 unsigned int klen, bool wk, int expected,
				 const std::string &vec_name, const CipherConfig &cfg,
				 const std::function<int(const u8 *key, unsigned int klen)> &setkey,
				 int *err)
{
	if (wk)
		crypto_tfm_set_flags(base, CRYPTO_TFM_REQ_FORBID_WEAK_KEYS);
	else
		crypto_tfm_clear_flags(base, CRYPTO_TFM_REQ_FORBID_WEAK_KEYS);
	std::vector<uint8_t> buf(cfg.key_offset + klen);
	if (klen)	// a vector without a key may have key == nullptr
		memcpy(buf.data() + cfg.key_offset, key, klen);
	{
		SimdOff simd(cfg.nosimd_setkey);
		*err = setkey(buf.data() + cfg.key_offset, klen);
	}
	if (*err == expected)
		return "";
	return std::string("alg: ") + type + ": " + crypto_tfm_alg_driver_name(base) +
	       " setkey failed on test vector " + vec_name + "; expected_error=" +
	       std::to_string(expected) + ", actual_error=" + std::to_string(*err) + ", cfg=\"" +
	       cfg.name + "\"";
}

std::string failure_message(const char *type, const char *driver, bool enc,
			    const std::string &what, const std::string &vec_name,
			    const std::string &cfg, const std::string &chunks, const std::string &detail)
{
	return std::string("alg: ") + type + ": " + driver + (enc ? " encryption " : " decryption ") +
	       what + " on test vector " + vec_name + ", cfg=\"" + cfg + "\"" +
	       (chunks.empty() ? "" : " (chunks " + chunks + ")") +
	       (detail.empty() ? "" : ": " + detail);
}

namespace {

// The cipher vector's key, as setkey_as_configured() sets it.
template <typename Tfm>
std::string setkey_vec(Tfm *tfm, const char *type, const kcshim_cipher_vec &vec,
		       const std::string &vec_name, const CipherConfig &cfg,
		       int (*setkey)(Tfm *tfm, const u8 *key, unsigned int klen), int *err)
{
	return setkey_as_configured(&tfm->base, type, vec.key, vec.klen, vec.wk, vec.setkey_error,
				    vec_name, cfg,
				    [&](const u8 *key, unsigned int klen) {
					    return setkey(tfm, key, klen);
				    },
				    err);
}

// One direction's input laid out as cfg says, the destination zeroed (in place: the source).
struct CipherBuffers {
	std::span<const uint8_t> input, want;
	bool inplace;
	DividedBuffer src, dst;

	CipherBuffers(const kcshim_cipher_vec &vec, const CipherConfig &cfg, bool enc,
		      unsigned int alignmask)
		: input(reinterpret_cast<const uint8_t *>(enc ? vec.ptext : vec.ctext), vec.len),
		  want(reinterpret_cast<const uint8_t *>(enc ? vec.ctext : vec.ptext), vec.len),
		  inplace(cfg.inplace != Inplace::out_of_place),
		  src(input, cfg.src_divs, alignmask),
		  dst(std::vector<uint8_t>(vec.len),
		      inplace || cfg.dst_divs.empty() ? cfg.src_divs : cfg.dst_divs, alignmask)
	{
	}

	DividedBuffer &result() { return inplace ? src : dst; }
	std::string chunks() const
	{
		return inplace ? src.lengths() : src.lengths() + " -> " + dst.lengths();
	}
	// After a run: the output, the poison after every chunk, an untouched source. Empty when
	// right, else what failed and (for a wrong result) where.
	std::pair<std::string, std::string> check()
	{
		std::string diff = first_difference(result().gather(), want);
		if (!diff.empty())
			return {"test failed (wrong result)", diff};
		if (!src.poison_intact() || (!inplace && !dst.poison_intact()))
			return {"test failed (buffer overrun)", ""};
		if (!inplace && src.gather() != std::vector<uint8_t>(input.begin(), input.end()))
			return {"test failed (source data modified)", ""};
		return {};
	}
};

}  // namespace

std::string test_skcipher_vec_cfg(struct crypto_skcipher *tfm, const kcshim_cipher_vec &vec,
				  const std::string &vec_name, const CipherConfig &cfg, bool enc)
{
	const char *driver = crypto_skcipher_driver_name(tfm);
	unsigned int ivsize = crypto_skcipher_ivsize(tfm);
	int err;
	std::string msg = setkey_vec(tfm, "skcipher", vec, vec_name, cfg, crypto_skcipher_setkey,
				     &err);
	if (!msg.empty() || err)
		return msg;

	CipherBuffers buf(vec, cfg, enc, crypto_skcipher_alignmask(tfm));
	struct scatterlist *sg_src = buf.src.sgl();
	// two sglists: a second scatterlist over the same chunks
	std::vector<struct scatterlist> sg_twin(sg_src, sg_src + buf.src.chunks().size());
	struct scatterlist *sg_dst = cfg.inplace == Inplace::one_sglist ? sg_src
				     : cfg.inplace == Inplace::two_sglists ? sg_twin.data()
				     : buf.dst.sgl();
	auto failure = [&](const std::string &what, const std::string &detail = "") {
		return failure_message("skcipher", driver, enc, what, vec_name, cfg.name,
				       buf.chunks(), detail);
	};

	std::vector<uint8_t> ivbuf(ivsize + cfg.iv_offset + 64, 0);
	u8 *iv = ivbuf.data() + cfg.iv_offset;
	if (ivsize && vec.iv)
		memcpy(iv, vec.iv, ivsize);

	struct skcipher_request *req = skcipher_request_alloc(tfm, GFP_KERNEL);
	skcipher_request_set_callback(req, cfg.may_sleep ? CRYPTO_TFM_REQ_MAY_SLEEP : 0, nullptr,
				      nullptr);
	skcipher_request_set_crypt(req, sg_src, sg_dst, vec.len, ivsize ? iv : nullptr);
	{
		SimdOff simd(cfg.nosimd);
		err = enc ? crypto_skcipher_encrypt(req) : crypto_skcipher_decrypt(req);
	}
	skcipher_request_free(req);

	if (err != vec.crypt_error)
		return failure("failed with err " + std::to_string(err) + " (expected " +
			       std::to_string(vec.crypt_error) + ")");
	if (err)
		return "";
	auto [what, detail] = buf.check();
	if (!what.empty())
		return failure(what, detail);
	// the IV the request leaves behind: CBC's last ciphertext block, CTR's next counter
	if (vec.iv_out && ivsize && memcmp(iv, vec.iv_out, ivsize))
		return failure("test failed (wrong output IV)",
			       "got " + hex({iv, ivsize}) + ", expected " +
				       hex({reinterpret_cast<const uint8_t *>(vec.iv_out), ivsize}));
	return "";
}

std::string test_cipher_vec_cfg(struct crypto_cipher *tfm, const kcshim_cipher_vec &vec,
				const std::string &vec_name, const CipherConfig &cfg, bool enc)
{
	unsigned int bs = crypto_cipher_blocksize(tfm);
	int err;
	std::string msg = setkey_vec(tfm, "cipher", vec, vec_name, cfg, crypto_cipher_setkey, &err);
	if (!msg.empty() || err)
		return msg;

	CipherBuffers buf(vec, cfg, enc, crypto_cipher_alignmask(tfm));
	const uint8_t *in = buf.src.chunks()[0].data;
	uint8_t *out = buf.result().chunks()[0].data;
	{
		SimdOff simd(cfg.nosimd);
		for (unsigned int k = 0; k + bs <= vec.len; k += bs) {
			if (enc)
				crypto_cipher_encrypt_one(tfm, out + k, in + k);
			else
				crypto_cipher_decrypt_one(tfm, out + k, in + k);
		}
	}
	auto [what, detail] = buf.check();
	if (what.empty())
		return "";
	return failure_message("cipher", crypto_tfm_alg_driver_name(crypto_cipher_tfm(tfm)), enc,
			       what, vec_name, cfg.name, "", detail);
}

SuiteResult test_skcipher_suite(AlgEntry *e, const kcshim_vector_suite &suite)
{
	SuiteResult r;
	int err;
	Registry::get().pin(e);
	struct crypto_skcipher *tfm = alloc_skcipher_for(e, &err);
	if (!tfm) {
		r.passed = false;
		r.message = std::string("alg: skcipher: failed to allocate transform for ") +
			    e->alg->cra_driver_name + ": " + std::to_string(err);
		return r;
	}
	auto *vecs = static_cast<const kcshim_cipher_vec *>(suite.vecs);
	for (unsigned int i = 0; i < suite.count && r.passed; i++) {
		const kcshim_cipher_vec &vec = vecs[i];
		std::string name = std::to_string(i + 1);
		if (vec.generates_iv)
			continue;
		if (vec.setkey_error) {
			// a refused key is checked once: there is nothing to encrypt
			r.message = test_skcipher_vec_cfg(tfm, vec, name, default_cipher_configs()[0], true);
			r.passed = r.message.empty();
			continue;
		}
		for (const CipherConfig &cfg : default_cipher_configs()) {
			for (bool enc : {true, false}) {
				std::string msg = test_skcipher_vec_cfg(tfm, vec, name, cfg, enc);
				r.runs++;
				if (!msg.empty()) {
					r.passed = false;
					r.message = msg;
					break;
				}
			}
			if (!r.passed)
				break;
		}
	}
	crypto_free_skcipher(tfm);
	return r;
}

SuiteResult test_cipher_suite(AlgEntry *e, const kcshim_vector_suite &suite)
{
	// misaligned by one byte, so an alignmask is exercised too
	static const CipherConfig misaligned_inplace = {"in-place, misaligned by one byte",
							 Inplace::one_sglist, {{10000, 1}}, {}};
	SuiteResult r;
	int err;
	Registry::get().pin(e);
	struct crypto_cipher *tfm = alloc_cipher_for(e, &err);
	if (!tfm) {
		r.passed = false;
		r.message = std::string("alg: cipher: failed to allocate transform for ") +
			    e->alg->cra_driver_name + ": " + std::to_string(err);
		return r;
	}
	unsigned int bs = crypto_cipher_blocksize(tfm);
	auto *vecs = static_cast<const kcshim_cipher_vec *>(suite.vecs);
	for (unsigned int i = 0; i < suite.count && r.passed; i++) {
		const kcshim_cipher_vec &vec = vecs[i];
		if (vec.len % bs)
			continue;	// as alg_test_cipher: only whole blocks go through a cipher
		for (bool enc : {true, false}) {
			r.message = test_cipher_vec_cfg(tfm, vec, std::to_string(i + 1),
							misaligned_inplace, enc);
			r.passed = r.message.empty();
			if (vec.setkey_error || !r.passed)
				break;	// a refused key is checked once: there is nothing to encrypt
			r.runs++;
		}
	}
	crypto_free_cipher(tfm);
	return r;
}

}  // namespace kcshim::selftest
