// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-384 and SHA-512 for 32-bit arm with NEON.
 *
 * The drivers sha512-neon and sha384-neon (priority 300, as the kernel's). sha512-neon-core.S
 * compresses whole blocks in the NEON registers; buffering, padding and output are sha512.h's,
 * so the descriptor state and export format are the generic driver's and an exported state moves
 * between sha512-neon and sha512-generic freely. When SIMD is not usable the generic code path
 * runs instead. The drivers register only on a CPU with NEON (HWCAP_NEON).
 *
 * Tested by tests/algs/sha512/arm under qemu-arm (-cpu cortex-a8 and cortex-a15), and with NEON masked.
 */
#include <asm/neon.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/module.h>
#include <linux/types.h>

#include "../sha512.h"

asmlinkage void sha512_neon_transform(u64 *state, const u8 *src, int blocks);

static void sha512_neon_block_fn(struct sha512_state *sst, const u8 *src, int blocks)
{
	sha512_neon_transform(sst->state, src, blocks);
}

static int sha512_neon_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct sha512_state *sctx = shash_desc_ctx(desc);

	/* no whole block to compress: only a copy into the buffer */
	if (!crypto_simd_usable() ||
	    (sctx->count[0] % SHA512_BLOCK_SIZE) + len < SHA512_BLOCK_SIZE)
		return crypto_sha512_update(desc, data, len);

	kernel_neon_begin();
	sha512_base_do_update(sctx, data, len, sha512_neon_block_fn);
	kernel_neon_end();
	return 0;
}

static int sha512_neon_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct sha512_state *sctx = shash_desc_ctx(desc);

	if (!crypto_simd_usable())
		return crypto_sha512_finup(desc, data, len, out);

	kernel_neon_begin();
	if (len)
		sha512_base_do_update(sctx, data, len, sha512_neon_block_fn);
	sha512_base_do_finalize(sctx, sha512_neon_block_fn);
	kernel_neon_end();
	sha512_base_finish(sctx, out, crypto_shash_digestsize(desc->tfm));
	return 0;
}

static int sha512_neon_final(struct shash_desc *desc, u8 *out)
{
	return sha512_neon_finup(desc, NULL, 0, out);
}

static struct shash_alg sha512_neon_algs[] = {
	SHA512_SHASH_ALGS("neon", 300, sha512_neon_update, sha512_neon_final, sha512_neon_finup),
};

static int __init sha512_neon_mod_init(void)
{
	if (!cpu_has_neon())
		return -ENODEV;
	return crypto_register_shashes(sha512_neon_algs, ARRAY_SIZE(sha512_neon_algs));
}

static void __exit sha512_neon_mod_fini(void)
{
	crypto_unregister_shashes(sha512_neon_algs, ARRAY_SIZE(sha512_neon_algs));
}

module_init(sha512_neon_mod_init);
module_exit(sha512_neon_mod_fini);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("SHA-384 and SHA-512 secure hash algorithms (NEON)");

MODULE_ALIAS_CRYPTO("sha384");
MODULE_ALIAS_CRYPTO("sha384-neon");
MODULE_ALIAS_CRYPTO("sha512");
MODULE_ALIAS_CRYPTO("sha512-neon");
