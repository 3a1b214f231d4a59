// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/cipher_bench.h"

#include <cstdlib>
#include <cstring>

#include <crypto/skcipher.h>

#include "tools/speed/error.h"

namespace kcshim::speed {

void CipherBench::SkcipherFree::operator()(struct crypto_skcipher *t) const
{
	crypto_free_skcipher(t);
}

void CipherBench::RequestFree::operator()(struct skcipher_request *r) const
{
	skcipher_request_free(r);
}

CipherBench::CipherBench(const std::string &name, bool async)
	: tvmem_(static_cast<uint8_t *>(aligned_alloc(4096, tvmem_size)), free)
{
	if (!tvmem_)
		throw Error("out of memory");
	memset(tvmem_.get(), 0xff, tvmem_size);
	struct crypto_skcipher *tfm = crypto_alloc_skcipher(name.c_str(), 0,
							    async ? 0 : CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm)) {
		int err = static_cast<int>(PTR_ERR(tfm));
		throw Error(err == -ENOENT ? "unknown algorithm: " + name
					   : "cannot allocate " + name + ": " + errno_string(err));
	}
	tfm_.reset(tfm);
	req_.reset(skcipher_request_alloc(tfm, GFP_KERNEL));
	if (!req_)
		throw Error("skcipher: Failed to allocate request for " + name);
	skcipher_request_set_callback(req_.get(), CRYPTO_TFM_REQ_MAY_BACKLOG, nullptr, nullptr);
}

CipherBench::~CipherBench()
{
	req_.reset();	// the request refers to the tfm: free it first
}

std::string CipherBench::driver() const
{
	return crypto_skcipher_driver_name(tfm_.get());
}

unsigned int CipherBench::blocksize() const
{
	return crypto_skcipher_blocksize(tfm_.get());
}

int CipherBench::prepare(const CipherSpeed &s)
{
	if (s.keysize + s.blen > tvmem_size)
		return -EINVAL;
	memset(tvmem_.get(), 0xff, 4096);
	crypto_skcipher_clear_flags(tfm_.get(), ~0u);
	int err = crypto_skcipher_setkey(tfm_.get(), tvmem_.get(), s.keysize);
	if (err)
		return err;
	sg_init_one(&sg_, tvmem_.get() + s.keysize, s.blen);
	unsigned int ivsize = crypto_skcipher_ivsize(tfm_.get());
	memset(iv_, 0xff, ivsize < sizeof(iv_) ? ivsize : sizeof(iv_));
	skcipher_request_set_crypt(req_.get(), &sg_, &sg_, s.blen, iv_);
	return 0;
}

uint32_t CipherBench::flags() const
{
	return crypto_skcipher_get_flags(tfm_.get());
}

int CipherBench::op(bool encrypt)
{
	return encrypt ? crypto_skcipher_encrypt(req_.get()) : crypto_skcipher_decrypt(req_.get());
}

}  // namespace kcshim::speed
