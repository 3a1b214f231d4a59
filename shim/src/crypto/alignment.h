// SPDX-License-Identifier: GPL-2.0
// Honouring cra_alignmask: drivers with an alignmask get aligned pointers, as the kernel's
// shash/cipher/skcipher front ends guarantee them.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include <linux/string.h>

namespace kcshim {

inline bool misaligned(const void *p, unsigned int alignmask)
{
	return reinterpret_cast<uintptr_t>(p) & alignmask;
}

// Calls fn(key) directly, or with a copy of key in an aligned buffer that is wiped afterwards
// when key is misaligned for alignmask. Returns fn's result, or -ENOMEM.
template <typename Fn>
int with_aligned_key(const u8 *key, unsigned int keylen, unsigned int alignmask, Fn fn)
{
	if (!misaligned(key, alignmask))
		return fn(key);
	u8 *buf = static_cast<u8 *>(aligned_alloc(128, (keylen + 127) & ~127u));
	if (!buf)
		return -ENOMEM;
	memcpy(buf, key, keylen);
	int err = fn(buf);
	memzero_explicit(buf, keylen);
	free(buf);
	return err;
}

}  // namespace kcshim
