// SPDX-License-Identifier: GPL-2.0
/*
 * A driver of one's own with its own vectors, as docs/selftest.md shows: "fnv32-own" (the toy
 * FNV-1a of tests/shim/test_drivers.c) and a "fnv32" suite registered with KCSHIM_OWN_VECTORS(),
 * so its self-test runs them. Built with KCSHIM_PLANT_WRONG_VECTOR, one digest is wrong and the
 * self-test must fail.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <crypto/internal/hash.h>
#include <kcshim/testvec.h>

#include "../../shim/test_drivers.h"

#ifdef KCSHIM_PLANT_WRONG_VECTOR
#define KCSHIM_FNV32_OF_A "\x2c\x29\x0c\xe5"
#else
#define KCSHIM_FNV32_OF_A "\x2c\x29\x0c\xe4"
#endif

static const struct kcshim_hash_vec fnv32_vectors[] = {
	{ .plaintext = "", .psize = 0, .digest = "\xc5\x9d\x1c\x81" },
	{ .plaintext = "a", .psize = 1, .digest = KCSHIM_FNV32_OF_A },
	{ .plaintext = "kcshim", .psize = 6, .digest = "\xf2\xc2\xd5\x76" },
};

static const struct kcshim_vector_suite fnv32_suites[] = {
	KCSHIM_HASH_SUITE("fnv32", fnv32_vectors),
};
KCSHIM_OWN_VECTORS(fnv32_suites);

static struct shash_alg own_alg;

static int __init own_vectors_init(void)
{
	test_make_fnv32(&own_alg, "fnv32-own", 600);
	own_alg.base.cra_module = THIS_MODULE;
	return crypto_register_shash(&own_alg);
}

static void __exit own_vectors_exit(void)
{
	crypto_unregister_shash(&own_alg);
}

module_init(own_vectors_init);
module_exit(own_vectors_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("a driver with vectors of its own");
