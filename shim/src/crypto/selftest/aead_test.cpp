// SPDX-License-Identifier: GPL-2.0
// AEAD vectors (testmgr's alg_test_aead): every vector encrypted and decrypted under the default
// cipher configurations of configs.h, the associated data in front of the data in one buffer
// divided as the configuration says. Checked as testmgr checks: setkey's and setauthsize's
// errors, the output after the associated data, the poison after every chunk, an untouched
// source (out of place), an unchanged request, and the error: a novrfy vector (a wrong tag) must
// fail to decrypt with -EBADMSG (or its crypt_error) and is not encrypted.
#include <algorithm>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <crypto/internal/aead.h>

#include "shim/src/crypto/selftest/configs.h"
#include "shim/src/crypto/selftest/manager.h"
#include "shim/src/crypto/tfm.h"

namespace kcshim::selftest {

namespace {

std::span<const uint8_t> bytes(const char *p, unsigned int len)
{
	return {reinterpret_cast<const uint8_t *>(p), len};
}

// One direction's buffers: assoc then the input in src; in place that buffer is as long as the
// longer of input and output (encryption appends the tag), else dst is alen + output long.
struct AeadBuffers {
	unsigned int alen;
	std::span<const uint8_t> want;
	std::vector<uint8_t> input;	// assoc and the input, as laid out in src
	bool inplace;
	DividedBuffer src, dst;

	AeadBuffers(const kcshim_aead_vec &vec, const CipherConfig &cfg, bool enc,
		    unsigned int alignmask)
		: alen(vec.alen),
		  want(bytes(enc ? vec.ctext : vec.ptext, enc ? vec.clen : vec.plen)),
		  input(joined(vec, enc, cfg.inplace != Inplace::out_of_place)),
		  inplace(cfg.inplace != Inplace::out_of_place),
		  src(input, cfg.src_divs, alignmask),
		  dst(std::vector<uint8_t>(inplace ? 0 : vec.alen + want.size()),
		      inplace || cfg.dst_divs.empty() ? cfg.src_divs : cfg.dst_divs, alignmask)
	{
	}

	// assoc || input, in place padded with poison to the output's length
	static std::vector<uint8_t> joined(const kcshim_aead_vec &vec, bool enc, bool inplace)
	{
		auto in = bytes(enc ? vec.ptext : vec.ctext, enc ? vec.plen : vec.clen);
		std::vector<uint8_t> v(bytes(vec.assoc, vec.alen).begin(),
				       bytes(vec.assoc, vec.alen).end());
		v.insert(v.end(), in.begin(), in.end());
		if (inplace)
			v.resize(vec.alen + std::max(vec.plen, vec.clen), poison_byte);
		return v;
	}

	DividedBuffer &result() { return inplace ? src : dst; }
	std::string chunks() const
	{
		return inplace ? src.lengths() : src.lengths() + " -> " + dst.lengths();
	}
	// After a run: "" and "" when right, else what failed and (for a wrong result) where.
	std::pair<std::string, std::string> check()
	{
		std::vector<uint8_t> out = result().gather();
		std::span<const uint8_t> got(out.data() + alen, want.size());
		std::string diff = first_difference(got, want);
		if (!diff.empty())
			return {"test failed (wrong result)", diff};
		if (!src.poison_intact() || (!inplace && !dst.poison_intact()))
			return {"test failed (buffer overrun)", ""};
		if (!inplace && src.gather() != input)
			return {"test failed (source data modified)", ""};
		return {};
	}
};

struct RequestFree {
	void operator()(struct aead_request *req) const { aead_request_free(req); }
};

// What testmgr finds wrong with a request after the call: "" when nothing changed.
std::string request_changes(const struct aead_request *req, const struct aead_request &before)
{
	std::string what;
	auto check = [&](bool changed, const char *field) {
		if (changed)
			what += std::string(what.empty() ? "changed " : ", ") + field;
	};
	check(req->cryptlen != before.cryptlen, "req->cryptlen");
	check(req->assoclen != before.assoclen, "req->assoclen");
	check(req->iv != before.iv, "req->iv");
	check(req->src != before.src, "req->src");
	check(req->dst != before.dst, "req->dst");
	check(req->base.tfm != before.base.tfm, "req->base.tfm");
	check(req->base.complete != before.base.complete, "req->base.complete");
	check(req->base.data != before.base.data, "req->base.data");
	check(req->base.flags != before.base.flags, "req->base.flags");
	return what;
}

// testmgr's expected error text: "-74", "-EBADMSG" or "-EBADMSG or -22".
std::string expected_error(const kcshim_aead_vec &vec)
{
	if (vec.novrfy && vec.crypt_error && vec.crypt_error != -EBADMSG)
		return "-EBADMSG or " + std::to_string(vec.crypt_error);
	if (vec.novrfy)
		return "-EBADMSG";
	return std::to_string(vec.crypt_error);
}

}  // namespace

std::string test_aead_vec_cfg(struct crypto_aead *tfm, const kcshim_aead_vec &vec,
			      const std::string &vec_name, const CipherConfig &cfg, bool enc)
{
	const char *driver = crypto_aead_driver_name(tfm);
	unsigned int ivsize = crypto_aead_ivsize(tfm);
	unsigned int authsize = vec.clen - vec.plen;
	int err;
	std::string msg = setkey_as_configured(
		&tfm->base, "aead", vec.key, vec.klen, vec.wk, vec.setkey_error, vec_name, cfg,
		[&](const u8 *key, unsigned int klen) { return crypto_aead_setkey(tfm, key, klen); },
		&err);
	if (!msg.empty())
		return msg;
	int auth_err = crypto_aead_setauthsize(tfm, authsize);
	if (auth_err != vec.setauthsize_error)
		return "alg: aead: " + std::string(driver) + " setauthsize(" +
		       std::to_string(authsize) + ") failed on test vector " + vec_name +
		       "; expected_error=" + std::to_string(vec.setauthsize_error) +
		       ", actual_error=" + std::to_string(auth_err);
	if (vec.setkey_error || vec.setauthsize_error)
		return "";

	AeadBuffers buf(vec, cfg, enc, crypto_aead_alignmask(tfm));
	struct scatterlist *sg_src = buf.src.sgl();
	std::vector<struct scatterlist> sg_twin(sg_src, sg_src + buf.src.chunks().size());
	struct scatterlist *sg_dst = cfg.inplace == Inplace::one_sglist ? sg_src
				     : cfg.inplace == Inplace::two_sglists ? sg_twin.data()
				     : buf.dst.sgl();
	auto failure = [&](const std::string &what, const std::string &detail = "") {
		return failure_message("aead", driver, enc, what, vec_name, cfg.name, buf.chunks(),
				       detail);
	};

	std::vector<uint8_t> ivbuf(ivsize + cfg.iv_offset + 64, 0);
	u8 *iv = ivbuf.data() + cfg.iv_offset;
	if (ivsize && vec.iv)
		memcpy(iv, vec.iv, ivsize);

	std::unique_ptr<struct aead_request, RequestFree> req(aead_request_alloc(tfm, GFP_KERNEL));
	if (!req)
		return failure("failed to allocate a request");
	DECLARE_CRYPTO_WAIT(wait);
	aead_request_set_callback(req.get(),
				  CRYPTO_TFM_REQ_MAY_BACKLOG |
					  (cfg.may_sleep ? CRYPTO_TFM_REQ_MAY_SLEEP : 0),
				  crypto_req_done, &wait);
	aead_request_set_crypt(req.get(), sg_src, sg_dst, enc ? vec.plen : vec.clen, iv);
	aead_request_set_ad(req.get(), vec.alen);
	const struct aead_request before = *req;
	{
		SimdOff simd(cfg.nosimd);
		err = enc ? crypto_aead_encrypt(req.get()) : crypto_aead_decrypt(req.get());
	}
	err = crypto_wait_req(err, &wait);

	std::string changed = request_changes(req.get(), before);
	if (!changed.empty())
		return failure("corrupted request struct", changed);
	if ((!err && vec.novrfy) || (err != vec.crypt_error && !(err == -EBADMSG && vec.novrfy))) {
		if (err)
			return failure("failed with err " + std::to_string(err) + " (expected " +
				       expected_error(vec) + ")");
		return failure("unexpectedly succeeded (expected " + expected_error(vec) + ")");
	}
	if (err)
		return "";
	auto [what, detail] = buf.check();
	return what.empty() ? "" : failure(what, detail);
}

SuiteResult test_aead_suite(AlgEntry *e, const kcshim_vector_suite &suite)
{
	SuiteResult r;
	int err;
	Registry::get().pin(e);
	struct crypto_aead *tfm = alloc_aead_for(e, &err);
	if (!tfm) {
		r.passed = false;
		r.message = std::string("alg: aead: failed to allocate transform for ") +
			    e->alg->cra_driver_name + ": " + std::to_string(err);
		return r;
	}
	auto *vecs = static_cast<const kcshim_aead_vec *>(suite.vecs);
	// as testmgr: every vector encrypted, then every vector decrypted
	for (bool enc : {true, false}) {
		for (unsigned int i = 0; i < suite.count && r.passed; i++) {
			const kcshim_aead_vec &vec = vecs[i];
			if (enc && vec.novrfy)
				continue;
			for (const CipherConfig &cfg : default_cipher_configs()) {
				std::string msg = test_aead_vec_cfg(tfm, vec, std::to_string(i + 1),
								    cfg, enc);
				r.runs++;
				if (!msg.empty()) {
					r.passed = false;
					r.message = msg;
					break;
				}
				if (vec.setkey_error || vec.setauthsize_error)
					break;	// checked once: there is nothing to en- or decrypt
			}
		}
	}
	crypto_free_aead(tfm);
	return r;
}

}  // namespace kcshim::selftest
