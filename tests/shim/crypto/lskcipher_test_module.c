// SPDX-License-Identifier: GPL-2.0
/* A kernel-style lskcipher module, as 7.x's arc4.c is one: testks at priority 400. */
#include <linux/init.h>
#include <linux/module.h>
#include <crypto/internal/skcipher.h>

#include "lskcipher_test_drivers.h"

static struct lskcipher_alg testks_alg;

static int __init testks_module_init(void)
{
	test_make_testks(&testks_alg, "testks-module", 400);
	testks_alg.co.base.cra_module = THIS_MODULE;
	return crypto_register_lskcipher(&testks_alg);
}

static void __exit testks_module_exit(void)
{
	crypto_unregister_lskcipher(&testks_alg);
}

module_init(testks_module_init);
module_exit(testks_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kcshim lskcipher test module");
MODULE_ALIAS_CRYPTO("testks");
