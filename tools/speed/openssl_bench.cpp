// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/openssl_bench.h"

#include <cerrno>
#include <regex>

#include <openssl/evp.h>
#include <openssl/provider.h>

namespace kcshim::speed {

namespace {

// libcrypto's name of a kcshim skcipher ("cbc(cast5)" -> "cast5-cbc", "ecb(aes)" with a 16-byte
// key -> "aes-128-ecb"); "" when the name is no mode over a cipher.
std::string cipher_name(const std::string &cra_name, unsigned int keysize)
{
	static const std::regex mode_of(R"(^(\w+)\((\w+)\)$)");
	std::smatch m;
	if (!std::regex_match(cra_name, m, mode_of))
		return "";
	std::string cipher = m[2].str(), mode = m[1].str();
	if (cipher == "aes" || cipher == "aria" || cipher == "camellia")
		return cipher + "-" + std::to_string(keysize * 8) + "-" + mode;
	return cipher + "-" + mode;
}

}  // namespace

struct OpensslBench::State {
	OSSL_LIB_CTX *libctx = nullptr;
	OSSL_PROVIDER *providers[2] = {};	// default, legacy: each load is a reference to drop
	EVP_MD *md = nullptr;
	EVP_CIPHER *cipher = nullptr;
	EVP_MD_CTX *mdctx = nullptr;
	EVP_CIPHER_CTX *cctx = nullptr;
	unsigned int outlen = 0;	// an XOF's output bytes
	std::vector<uint8_t> tvmem = std::vector<uint8_t>(tvmem_size, 0xff);
	std::vector<uint8_t> out = std::vector<uint8_t>(tvmem_size);
	uint8_t iv[EVP_MAX_IV_LENGTH];

	~State()
	{
		EVP_MD_CTX_free(mdctx);
		EVP_CIPHER_CTX_free(cctx);
		EVP_MD_free(md);
		EVP_CIPHER_free(cipher);
		for (OSSL_PROVIDER *p : providers)
			if (p)
				OSSL_PROVIDER_unload(p);
		OSSL_LIB_CTX_free(libctx);
	}
};

OpensslBench::OpensslBench(std::unique_ptr<State> state, unsigned int blocksize)
	: state_(std::move(state)), blocksize_(blocksize)
{
}

OpensslBench::~OpensslBench() = default;

std::unique_ptr<OpensslBench> OpensslBench::make(const std::string &cra_name, AlgKind kind,
						 unsigned int keysize, unsigned int digestsize)
{
	auto st = std::make_unique<State>();
	st->libctx = OSSL_LIB_CTX_new();
	if (!st->libctx || !(st->providers[0] = OSSL_PROVIDER_load(st->libctx, "default")))
		return nullptr;
	// absent: no CAST5, the rest still works
	st->providers[1] = OSSL_PROVIDER_load(st->libctx, "legacy");
	std::fill(std::begin(st->iv), std::end(st->iv), 0xff);

	if (kind == AlgKind::hash) {
		st->md = EVP_MD_fetch(st->libctx, cra_name.c_str(), nullptr);
		st->mdctx = EVP_MD_CTX_new();
		if (!st->md || !st->mdctx)
			return nullptr;
		if (EVP_MD_get_flags(st->md) & EVP_MD_FLAG_XOF)
			st->outlen = digestsize;
		else if (static_cast<unsigned int>(EVP_MD_get_size(st->md)) != digestsize)
			return nullptr;	// another algorithm of that name
		return std::unique_ptr<OpensslBench>(new OpensslBench(std::move(st), 1));
	}
	std::string name = cipher_name(cra_name, keysize);
	if (name.empty())
		return nullptr;
	st->cipher = EVP_CIPHER_fetch(st->libctx, name.c_str(), nullptr);
	st->cctx = EVP_CIPHER_CTX_new();
	if (!st->cipher || !st->cctx)
		return nullptr;
	OSSL_PARAM params[] = {OSSL_PARAM_END};
	// the key is the first keysize bytes of tvmem, as tcrypt's
	if (!EVP_CipherInit_ex2(st->cctx, st->cipher, st->tvmem.data(), st->iv, 1, params) ||
	    static_cast<unsigned int>(EVP_CIPHER_CTX_get_key_length(st->cctx)) != keysize)
		return nullptr;
	EVP_CIPHER_CTX_set_padding(st->cctx, 0);
	unsigned int bs = static_cast<unsigned int>(EVP_CIPHER_get_block_size(st->cipher));
	return std::unique_ptr<OpensslBench>(new OpensslBench(std::move(st), bs));
}

int OpensslBench::hash_op(const HashSpeed &s)
{
	State &st = *state_;
	const uint8_t *data = st.tvmem.data();
	if (!EVP_DigestInit_ex2(st.mdctx, st.md, nullptr))
		return -EIO;
	for (unsigned int done = 0; done < s.blen; done += s.plen)
		if (!EVP_DigestUpdate(st.mdctx, data, s.plen))
			return -EIO;
	unsigned int len;
	int ok = st.outlen ? EVP_DigestFinalXOF(st.mdctx, st.out.data(), st.outlen)
			   : EVP_DigestFinal_ex(st.mdctx, st.out.data(), &len);
	return ok ? 0 : -EIO;
}

int OpensslBench::cipher_op(unsigned int bytes, bool encrypt)
{
	State &st = *state_;
	int outl;
	if (!EVP_CipherInit_ex2(st.cctx, nullptr, nullptr, st.iv, encrypt ? 1 : 0, nullptr) ||
	    !EVP_CipherUpdate(st.cctx, st.out.data(), &outl, st.tvmem.data(), bytes))
		return -EIO;
	return 0;
}

}  // namespace kcshim::speed
