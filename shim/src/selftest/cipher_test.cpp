// SPDX-License-Identifier: GPL-2.0
// Cipher vectors: skcipher drivers under testmgr's default cipher configurations
// (default_cipher_testvec_configs) plus a SIMD-disabled run, both directions, checking output,
// output IV, poison after every chunk, and expected errors; single-block ciphers block by block
// (alg_test_cipher).
#include <cstring>
#include <string>

#include <crypto/internal/cipher.h>
#include <crypto/internal/simd.h>
#include <crypto/internal/skcipher.h>

#include "selftest/manager.h"
#include "selftest/test_buffers.h"
#include "tfm.h"

namespace kcshim::selftest {

namespace {

struct CipherConfig {
	const char *name;
	bool inplace;
	std::vector<Division> src_divs;
	std::vector<Division> dst_divs;	// out of place only
	unsigned int iv_offset = 0;
	bool nosimd = false;
};

const std::vector<CipherConfig> &cipher_configs()
{
	static const std::vector<CipherConfig> configs = {
		{"in-place", true, {{10000, 0}}, {}},
		{"out-of-place", false, {{10000, 0}}, {{10000, 0}}},
		{"unaligned buffer, offset=1", false, {{10000, 1}}, {{10000, 1}}, 1},
		{"buffer aligned only to alignmask", false, {{10000, 1, true}},
		 {{10000, 1, true}}, 1},
		{"two even aligned splits", false, {{5000, 0}, {5000, 0}}, {{10000, 0}}},
		{"uneven misaligned splits, may sleep", false, {{1900, 33}, {3300, 7}, {4800, 18}},
		 {{7000, 1}, {3000, 0}}, 3},
		{"misaligned splits crossing pages, inplace", true,
		 {{7500, PAGE_SIZE - 32}, {2500, PAGE_SIZE - 7}}, {}},
		{"in-place, SIMD disabled", true, {{10000, 0}}, {}, 0, true},
	};
	return configs;
}

struct SimdOff {
	bool saved;
	explicit SimdOff(bool off) : saved(crypto_simd_disabled_for_test)
	{
		crypto_simd_disabled_for_test = saved || off;
	}
	~SimdOff() { crypto_simd_disabled_for_test = saved; }
};

std::string failure(const crypto_alg *alg, bool enc, const std::string &what,
		    unsigned int vec_no, const char *cfg)
{
	return std::string("alg: skcipher: ") + alg->cra_driver_name +
	       (enc ? " encryption " : " decryption ") + what + " on test vector " +
	       std::to_string(vec_no) + ", cfg=\"" + cfg + "\"";
}

std::string run_one(struct crypto_skcipher *tfm, const kcshim_cipher_vec &vec,
		    unsigned int vec_no, const CipherConfig &cfg, bool enc)
{
	const crypto_alg *alg = crypto_skcipher_tfm(tfm)->__crt_alg;
	unsigned int ivsize = crypto_skcipher_ivsize(tfm);
	unsigned int alignmask = crypto_skcipher_alignmask(tfm);
	const char *in = enc ? vec.ptext : vec.ctext;
	const char *out = enc ? vec.ctext : vec.ptext;
	std::span<const uint8_t> input(reinterpret_cast<const uint8_t *>(in), vec.len);

	DividedBuffer src(input, cfg.src_divs, alignmask);
	std::vector<uint8_t> zeros(vec.len, 0);
	DividedBuffer dst(zeros, cfg.inplace ? cfg.src_divs : cfg.dst_divs, alignmask);
	struct scatterlist *sg_src = src.sgl();
	struct scatterlist *sg_dst = cfg.inplace ? sg_src : dst.sgl();

	std::vector<uint8_t> ivbuf(ivsize + cfg.iv_offset + 64, 0);
	u8 *iv = ivbuf.data() + cfg.iv_offset;
	if (ivsize && vec.iv)
		memcpy(iv, vec.iv, ivsize);

	struct skcipher_request *req = skcipher_request_alloc(tfm, GFP_KERNEL);
	skcipher_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP, nullptr, nullptr);
	skcipher_request_set_crypt(req, sg_src, sg_dst, vec.len, ivsize ? iv : nullptr);
	int err;
	{
		SimdOff simd(cfg.nosimd);
		err = enc ? crypto_skcipher_encrypt(req) : crypto_skcipher_decrypt(req);
	}
	skcipher_request_free(req);

	if (err != vec.crypt_error)
		return failure(alg, enc, "failed with err " + std::to_string(err) + " (expected " +
					       std::to_string(vec.crypt_error) + ")", vec_no, cfg.name);
	if (err)
		return "";
	DividedBuffer &result = cfg.inplace ? src : dst;
	std::vector<uint8_t> got = result.gather();
	if (memcmp(got.data(), out, vec.len))
		return failure(alg, enc, "test failed (wrong result)", vec_no, cfg.name);
	if (!src.poison_intact() || (!cfg.inplace && !dst.poison_intact()))
		return failure(alg, enc, "test failed (buffer overrun)", vec_no, cfg.name);
	if (!cfg.inplace && src.gather() != std::vector<uint8_t>(input.begin(), input.end()))
		return failure(alg, enc, "test failed (source data modified)", vec_no, cfg.name);
	// the IV the request leaves behind: CBC's last ciphertext block, CTR's next counter
	if (vec.iv_out && ivsize && memcmp(iv, vec.iv_out, ivsize))
		return failure(alg, enc, "test failed (wrong output IV)", vec_no, cfg.name);
	return "";
}

std::string setkey(struct crypto_skcipher *tfm, const kcshim_cipher_vec &vec, unsigned int vec_no,
		   int *err)
{
	if (vec.wk)
		crypto_skcipher_set_flags(tfm, CRYPTO_TFM_REQ_FORBID_WEAK_KEYS);
	else
		crypto_skcipher_clear_flags(tfm, CRYPTO_TFM_REQ_FORBID_WEAK_KEYS);
	*err = crypto_skcipher_setkey(tfm, reinterpret_cast<const u8 *>(vec.key), vec.klen);
	if (*err != vec.setkey_error)
		return std::string("alg: skcipher: ") + crypto_skcipher_driver_name(tfm) +
		       " setkey failed on test vector " + std::to_string(vec_no) + "; expected_error=" +
		       std::to_string(vec.setkey_error) + ", actual_error=" + std::to_string(*err);
	return "";
}

}  // namespace

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
		std::string msg = setkey(tfm, vec, i + 1, &err);
		if (msg.empty() && !err && !vec.generates_iv) {
			for (const CipherConfig &cfg : cipher_configs()) {
				for (bool enc : {true, false}) {
					msg = run_one(tfm, vec, i + 1, cfg, enc);
					r.runs++;
					if (!msg.empty())
						break;
				}
				if (!msg.empty())
					break;
			}
		}
		if (!msg.empty()) {
			r.passed = false;
			r.message = msg;
		}
	}
	crypto_free_skcipher(tfm);
	return r;
}

SuiteResult test_cipher_suite(AlgEntry *e, const kcshim_vector_suite &suite)
{
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
		if (vec.wk)
			crypto_cipher_set_flags(tfm, CRYPTO_TFM_REQ_FORBID_WEAK_KEYS);
		else
			crypto_cipher_clear_flags(tfm, CRYPTO_TFM_REQ_FORBID_WEAK_KEYS);
		err = crypto_cipher_setkey(tfm, reinterpret_cast<const u8 *>(vec.key), vec.klen);
		if (err != vec.setkey_error) {
			r.passed = false;
			r.message = std::string("alg: cipher: setkey failed on test vector ") +
				    std::to_string(i + 1) + " for " + e->alg->cra_driver_name +
				    "; expected_error=" + std::to_string(vec.setkey_error) +
				    ", actual_error=" + std::to_string(err);
			break;
		}
		if (err)
			continue;
		for (bool enc : {true, false}) {
			const u8 *in = reinterpret_cast<const u8 *>(enc ? vec.ptext : vec.ctext);
			const u8 *want = reinterpret_cast<const u8 *>(enc ? vec.ctext : vec.ptext);
			// misaligned by one byte, so an alignmask is exercised too
			std::vector<u8> buf(vec.len + 1 + poison_len, poison_byte);
			u8 *p = buf.data() + 1;
			memcpy(p, in, vec.len);
			for (unsigned int k = 0; k < vec.len; k += bs) {
				if (enc)
					crypto_cipher_encrypt_one(tfm, p + k, p + k);
				else
					crypto_cipher_decrypt_one(tfm, p + k, p + k);
			}
			r.runs++;
			bool overrun = false;
			for (unsigned int k = 0; k < poison_len; k++)
				overrun |= p[vec.len + k] != poison_byte;
			if (memcmp(p, want, vec.len) || overrun) {
				r.passed = false;
				r.message = std::string("alg: cipher: Test ") + std::to_string(i + 1) +
					    " failed on " + (enc ? "encryption" : "decryption") +
					    " for " + e->alg->cra_driver_name;
				break;
			}
		}
	}
	crypto_free_cipher(tfm);
	return r;
}

}  // namespace kcshim::selftest
