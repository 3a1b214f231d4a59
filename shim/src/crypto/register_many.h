// SPDX-License-Identifier: GPL-2.0
// crypto_register_{algs,shashes,skciphers}: all or nothing, unregistering in reverse on failure.
#pragma once

namespace kcshim {

template <typename Alg>
int register_many(Alg *algs, int count, int (*reg)(Alg *), void (*unreg)(Alg *))
{
	for (int i = 0; i < count; i++) {
		int err = reg(&algs[i]);
		if (err) {
			while (--i >= 0)
				unreg(&algs[i]);
			return err;
		}
	}
	return 0;
}

template <typename Alg>
void unregister_many(Alg *algs, int count, void (*unreg)(Alg *))
{
	for (int i = count - 1; i >= 0; i--)
		unreg(&algs[i]);
}

}  // namespace kcshim
