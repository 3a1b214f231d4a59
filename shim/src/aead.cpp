// SPDX-License-Identifier: GPL-2.0
// AEAD: not emulated yet. A driver file with AEAD code compiles and loads; a non-empty AEAD
// table is refused (-ENOSYS), naming the driver, so nothing pretends to work.
#include <string>

#include <crypto/internal/aead.h>

#include "registry.h"

extern "C" {

int crypto_register_aead(struct aead_alg *alg)
{
	kcshim::set_last_error(std::string(alg->base.cra_driver_name) +
			       ": AEAD drivers are not supported by kcshim yet");
	return -ENOSYS;
}

void crypto_unregister_aead(struct aead_alg *alg)
{
}

int crypto_register_aeads(struct aead_alg *algs, int count)
{
	return count > 0 ? crypto_register_aead(&algs[0]) : 0;
}

void crypto_unregister_aeads(struct aead_alg *algs, int count)
{
}

int crypto_aead_encrypt(struct aead_request *req)
{
	return -ENOSYS;
}

int crypto_aead_decrypt(struct aead_request *req)
{
	return -ENOSYS;
}

}  // extern "C"
