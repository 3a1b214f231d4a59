// SPDX-License-Identifier: GPL-2.0
// A user's program: loads the module given as argv[1] and hashes "abc" with xor8.
#include <cstdio>

#include <crypto/hash.h>
#include <kcshim/kcshim.h>

int main(int argc, char **argv)
{
	if (argc != 2 || kcshim_load_module(argv[1], nullptr, nullptr)) {
		fprintf(stderr, "cannot load module: %s\n", kcshim_last_error());
		return 1;
	}
	struct crypto_shash *tfm = crypto_alloc_shash("xor8", 0, 0);
	if (IS_ERR(tfm))
		return 1;
	unsigned char out = 0;
	int err = crypto_shash_tfm_digest(tfm, reinterpret_cast<const u8 *>("abc"), 3, &out);
	printf("%s %02x\n", crypto_shash_driver_name(tfm), out);
	crypto_free_shash(tfm);
	return err ? 1 : 0;
}
