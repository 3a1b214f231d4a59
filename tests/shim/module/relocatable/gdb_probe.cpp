// SPDX-License-Identifier: GPL-2.0
// For gdb_break.sh: loads fixture_table.so and fixture_abs.ko and digests "abc" with
// "fixture-abs", which runs fixture_abs_update_asm. Prints the digest; exits 1 on any failure.
#include <cstdio>

#include <kcshim/kcshim.h>

#include "tests/support/kernel_api.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s fixture_table.so fixture_abs.ko\n", argv[0]);
		return 2;
	}
	kcshim_init();
	for (int i = 1; i < 3; i++) {
		if (kcshim_load_module(argv[i], nullptr, nullptr)) {
			fprintf(stderr, "%s\n", kcshim_last_error());
			return 1;
		}
	}
	kcshim::test::Shash tfm(crypto_alloc_shash("fixture-abs", 0, 0));
	if (IS_ERR(tfm.get())) {
		fprintf(stderr, "fixture-abs: %s\n", kcshim_last_error());
		return 1;
	}
	auto digest = kcshim::test::digest(tfm.get(), {'a', 'b', 'c'});
	if (digest.empty())
		return 1;
	for (auto b : digest)
		printf("%02x", b);
	printf("\n");
	return 0;
}
