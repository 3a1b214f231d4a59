// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-384 and SHA-512 for arm64 with the ARMv8.2 SHA512 Crypto Extensions.
 *
 * The drivers sha384-ce and sha512-ce (priority 200, as the kernel's). sha512-ce-core.S
 * compresses whole blocks with SHA512H, SHA512H2, SHA512SU0 and SHA512SU1; buffering, padding
 * and output are sha512.h's, so the descriptor state and export format are the generic driver's
 * and an exported state moves between sha512-ce and sha512-generic freely. When SIMD is not
 * usable the generic code path runs instead. The drivers register only on a CPU with the SHA512
 * extension (HWCAP_SHA512).
 *
 * Tested by tests/algs/sha512/arm64 (sha512_ce_test.cpp) under qemu-aarch64: with -cpu max they register and
 * pass their self-tests and testmgr's extra self-tests against the generic drivers; with -cpu
 * cortex-a53 they must not register.
 */
#include <asm/cpufeature.h>
#include <asm/neon.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/module.h>
#include <linux/types.h>

#include "../sha512.h"

asmlinkage void sha512_ce_transform(struct sha512_state *sst, const u8 *src, int blocks);

static int sha512_ce_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	if (!crypto_simd_usable())
		return crypto_sha512_update(desc, data, len);

	kernel_neon_begin();
	sha512_base_do_update(shash_desc_ctx(desc), data, len, sha512_ce_transform);
	kernel_neon_end();
	return 0;
}

static int sha512_ce_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct sha512_state *sctx = shash_desc_ctx(desc);

	if (!crypto_simd_usable())
		return crypto_sha512_finup(desc, data, len, out);

	kernel_neon_begin();
	if (len)
		sha512_base_do_update(sctx, data, len, sha512_ce_transform);
	sha512_base_do_finalize(sctx, sha512_ce_transform);
	kernel_neon_end();
	sha512_base_finish(sctx, out, crypto_shash_digestsize(desc->tfm));
	return 0;
}

static int sha512_ce_final(struct shash_desc *desc, u8 *out)
{
	return sha512_ce_finup(desc, NULL, 0, out);
}

static struct shash_alg algs[] = {
	SHA512_SHASH_ALGS("ce", 200, sha512_ce_update, sha512_ce_final, sha512_ce_finup),
};

static int __init sha512_ce_mod_init(void)
{
	if (!cpu_have_named_feature(SHA512))
		return -ENODEV;
	return crypto_register_shashes(algs, ARRAY_SIZE(algs));
}

static void __exit sha512_ce_mod_fini(void)
{
	crypto_unregister_shashes(algs, ARRAY_SIZE(algs));
}

module_init(sha512_ce_mod_init);
module_exit(sha512_ce_mod_fini);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("SHA-384/SHA-512 secure hash algorithms (ARMv8.2 Crypto Extensions)");

MODULE_ALIAS_CRYPTO("sha384");
MODULE_ALIAS_CRYPTO("sha384-ce");
MODULE_ALIAS_CRYPTO("sha512");
MODULE_ALIAS_CRYPTO("sha512-ce");
