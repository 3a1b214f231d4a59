// SPDX-License-Identifier: GPL-2.0
/* A driver module built as users build theirs (kcshim_add_module): fnv32 at priority 500. */
#include <linux/init.h>
#include <linux/module.h>
#include <crypto/internal/hash.h>

#include "../test_drivers.h"

static struct shash_alg mod_alg;

static int __init test_module_init(void)
{
	test_make_fnv32(&mod_alg, "fnv32-module", 500);
	mod_alg.base.cra_module = THIS_MODULE;
	return crypto_register_shash(&mod_alg);
}

static void __exit test_module_exit(void)
{
	crypto_unregister_shash(&mod_alg);
}

module_init(test_module_init);
module_exit(test_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim test module");
