// SPDX-License-Identifier: GPL-2.0
// Transform objects: one allocation holding the type's front end (crypto_shash, ...), the
// crypto_tfm and the driver's context, as crypto_create_tfm() lays them out.
#pragma once

#include <cstddef>

#include <linux/crypto.h>

#include "registry.h"

namespace kcshim {

// Allocates a tfm for e (already pinned by the caller; the tfm takes over that pin). front_size
// is the size of the front-end struct whose last member is the crypto_tfm at base_offset.
// Returns the front end, zeroed, with base.__crt_alg set; nullptr on -ENOMEM.
void *alloc_tfm(AlgEntry *e, size_t front_size, size_t base_offset);
// Wipes (the context may hold keys) and frees the allocation, then unpins the driver.
void free_tfm(void *front, crypto_tfm *tfm);
AlgEntry *entry_of(crypto_tfm *tfm);

// Allocate a tfm of the given type for e, which the caller has pinned (the tfm takes the pin
// over; on failure it is released). nullptr and *err = -errno on failure.
struct crypto_shash *alloc_shash_for(AlgEntry *e, int *err);
struct crypto_cipher *alloc_cipher_for(AlgEntry *e, int *err);
struct crypto_skcipher *alloc_skcipher_for(AlgEntry *e, int *err);

// After the type's own init: the driver's cra_init, unless the type set an exit of its own (as
// crypto_create_tfm_node() does; crc32c's default key comes from cra_init this way).
int init_tfm_common(crypto_tfm *tfm);

// Looks name up (kcshim_init() first) and pins the driver; nullptr and *err on failure.
AlgEntry *lookup_pinned(const char *name, kcshim_alg_kind kind, uint32_t type, uint32_t mask,
			int *err);

}  // namespace kcshim
