// SPDX-License-Identifier: GPL-2.0
/*
 * One driver file built twice, as a 6.1 module and as a 7.3 module (-DKCSHIM_LINUX_VERSION_CODE,
 * as `kcshim build` passes it from a tree's Makefile), to be loaded side by side: the core must
 * apply each generation's rules to its own drivers. It also has a static key and a static call,
 * which kcshim must list as this module's.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/static_call.h>
#include <linux/static_key.h>
#include <linux/string.h>
#include <linux/version.h>
#include <crypto/internal/hash.h>

struct gen_state {
	u32 sum;
};

static int gen_init(struct shash_desc *desc)
{
	((struct gen_state *)shash_desc_ctx(desc))->sum = 1;
	return 0;
}

static int gen_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct gen_state *st = shash_desc_ctx(desc);

	while (len--)
		st->sum = st->sum * 31 + *data++;
	return 0;
}

static int gen_final(struct shash_desc *desc, u8 *out)
{
	memcpy(out, shash_desc_ctx(desc), sizeof(u32));
	return 0;
}

#define GEN_ALG(driver_name, mask) {					\
	.init = gen_init, .update = gen_update, .final = gen_final,	\
	.descsize = sizeof(struct gen_state), .digestsize = 4,		\
	.base = {							\
		.cra_name = "gensum", .cra_driver_name = driver_name,	\
		.cra_blocksize = 1, .cra_alignmask = mask,		\
		.cra_module = THIS_MODULE,				\
	},								\
}

static struct shash_alg gen_plain = GEN_ALG("gensum-plain", 0);
/* hashes lost cra_alignmask in 6.8: a 6.1 module may set it, a 7.3 module is refused */
static struct shash_alg gen_aligned = GEN_ALG("gensum-aligned", 3);

/* What the module saw, read by the test. */
int gen_aligned_err = 1;
unsigned int gen_version = LINUX_VERSION_CODE;

static DEFINE_STATIC_KEY_FALSE(gen_have_fast);

static u32 gen_slow(u32 x)
{
	return x + 1;
}

static u32 gen_fast(u32 x)
{
	return x + 2;
}

DEFINE_STATIC_CALL(gen_step, gen_slow);

u32 gen_call_step(u32 x)
{
	return static_call(gen_step)(x);
}

bool gen_fast_enabled(void)
{
	return static_branch_likely(&gen_have_fast);
}

static int __init gen_mod_init(void)
{
	int err = crypto_register_shash(&gen_plain);

	if (err)
		return err;
	gen_aligned_err = crypto_register_shash(&gen_aligned);
	static_branch_enable(&gen_have_fast);
	static_call_update(gen_step, gen_fast);
	return 0;
}

static void __exit gen_mod_exit(void)
{
	if (!gen_aligned_err)
		crypto_unregister_shash(&gen_aligned);
	crypto_unregister_shash(&gen_plain);
}

module_init(gen_mod_init);
module_exit(gen_mod_exit);
MODULE_LICENSE("GPL");
