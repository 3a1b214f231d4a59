// SPDX-License-Identifier: GPL-2.0
// One hash transform set up as tcrypt's test_ahash_speed_common() sets up its request: data is
// TVMEMSIZE pages of 0xff, the key (klen) is the first klen bytes of that, and one operation is
// digest() when the update length equals the block length, else init, blen/plen updates of plen
// bytes, final. We drive the shash API directly: kcshim has no ahash layer, and in the kernel the
// ahash calls of a generic driver land in the same shash callbacks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tools/speed/templates.h"

struct crypto_shash;
struct shash_desc;

namespace kcshim::speed {

class HashBench {
public:
	// Allocates by name (cra_name or exact driver name). Throws Error "unknown algorithm: NAME"
	// when nothing matches, or "cannot allocate NAME: ..." for any other failure.
	explicit HashBench(const std::string &name);
	~HashBench();
	HashBench(const HashBench &) = delete;
	HashBench &operator=(const HashBench &) = delete;

	std::string driver() const;
	unsigned int digestsize() const;
	// crypto_ahash_setkey(tfm, tvmem[0], klen) as tcrypt does; its result is ignored there too.
	void setkey(unsigned int klen);
	// One tcrypt operation on the first blen bytes; 0 or -errno.
	int op(const HashSpeed &s);

private:
	struct ShashFree {
		void operator()(struct crypto_shash *t) const;
	};
	std::unique_ptr<struct crypto_shash, ShashFree> tfm_;
	std::unique_ptr<void, void (*)(void *)> desc_mem_;
	struct shash_desc *desc_;
	std::vector<uint8_t> tvmem_;
	uint8_t out_[64];
};

}  // namespace kcshim::speed
