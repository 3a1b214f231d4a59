// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/hash_bench.h"

#include <cstdlib>

#include <crypto/hash.h>

#include "tools/speed/error.h"

namespace kcshim::speed {

void HashBench::ShashFree::operator()(struct crypto_shash *t) const
{
	crypto_free_shash(t);
}

HashBench::HashBench(const std::string &name)
	: desc_mem_(nullptr, free), desc_(nullptr), tvmem_(tvmem_size, 0xff)
{
	// mask CRYPTO_ALG_ASYNC as test_hash_speed(); shash drivers are synchronous anyway.
	struct crypto_shash *tfm = crypto_alloc_shash(name.c_str(), 0, CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm)) {
		int err = static_cast<int>(PTR_ERR(tfm));
		throw Error(err == -ENOENT ? "unknown algorithm: " + name
					   : "cannot allocate " + name + ": " + errno_string(err));
	}
	tfm_.reset(tfm);
	if (crypto_shash_digestsize(tfm) > sizeof(out_))
		throw Error(name + ": digestsize(" + std::to_string(crypto_shash_digestsize(tfm)) +
			    ") > 64");
	// SHASH_DESC_ON_STACK is C-only: allocate the descriptor with the kernel's alignment.
	size_t size = sizeof(struct shash_desc) + crypto_shash_descsize(tfm);
	desc_mem_.reset(aligned_alloc(64, (size + 63) & ~size_t(63)));
	if (!desc_mem_)
		throw Error("out of memory");
	desc_ = static_cast<struct shash_desc *>(desc_mem_.get());
	desc_->tfm = tfm;
}

HashBench::~HashBench() = default;

std::string HashBench::driver() const
{
	return crypto_shash_driver_name(tfm_.get());
}

unsigned int HashBench::digestsize() const
{
	return crypto_shash_digestsize(tfm_.get());
}

void HashBench::setkey(unsigned int klen)
{
	if (klen)
		crypto_shash_setkey(tfm_.get(), tvmem_.data(), klen);
}

int HashBench::op(const HashSpeed &s)
{
	const u8 *data = tvmem_.data();
	if (s.plen == s.blen)
		return crypto_shash_digest(desc_, data, s.blen, out_);
	int err = crypto_shash_init(desc_);
	// tcrypt's loop: for (pcount = 0; pcount < blen; pcount += plen) update(plen bytes).
	for (unsigned int pcount = 0; !err && pcount < s.blen; pcount += s.plen)
		err = crypto_shash_update(desc_, data, s.plen);
	return err ? err : crypto_shash_final(desc_, out_);
}

}  // namespace kcshim::speed
