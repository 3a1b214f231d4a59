// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-3 and SHAKE for arm64 with the ARMv8.2 SHA3 Crypto Extensions.
 *
 * The drivers sha3-{224,256,384,512}-ce, shake128-ce and shake256-ce (priority 200, as the
 * kernel's sha3-ce). sha3-ce-core.S absorbs whole blocks with EOR3, RAX1, XAR and BCAX; buffering,
 * padding and output are sha3.h's, so the descriptor state and export format are the generic
 * driver's and an exported state moves between sha3-256-ce and sha3-256-generic freely. When SIMD
 * is not usable the generic code path runs instead. The drivers register only on a CPU with the
 * SHA3 extension (HWCAP_SHA3).
 *
 * Tested by tests/algs/sha3/arm64 under qemu-aarch64: with -cpu max they register and pass their self-tests
 * and testmgr's extra self-tests against the generic drivers; with -cpu cortex-a53 they must not
 * register. See algs/sha3/README.md.
 */
#include <asm/cpufeature.h>
#include <asm/neon.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/types.h>

#include "../sha3.h"

asmlinkage void sha3_ce_transform(u64 *st, const u8 *src, unsigned int blocks, unsigned int rsiz);

static void sha3_ce_block_fn(struct sha3_state *sctx, const u8 *src, unsigned int blocks)
{
	sha3_ce_transform(sctx->st, src, blocks, sctx->rsiz);
}

static int sha3_ce_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct sha3_state *sctx = shash_desc_ctx(desc);

	/* less than a block to go: only XORs, no permutation */
	if (!crypto_simd_usable() || sctx->partial + len < sctx->rsiz)
		return crypto_sha3_update(desc, data, len);

	kernel_neon_begin();
	sha3_base_do_update(sctx, data, len, sha3_ce_block_fn);
	kernel_neon_end();
	return 0;
}

static int sha3_ce_do_final(struct shash_desc *desc, u8 *out, u8 pad)
{
	struct sha3_state *sctx = shash_desc_ctx(desc);

	kernel_neon_begin();
	sha3_base_do_finalize(sctx, pad, sha3_ce_block_fn);
	kernel_neon_end();
	sha3_base_finish(sctx, out, crypto_shash_digestsize(desc->tfm));
	return 0;
}

static int sha3_ce_final(struct shash_desc *desc, u8 *out)
{
	if (!crypto_simd_usable())
		return crypto_sha3_final(desc, out);
	return sha3_ce_do_final(desc, out, SHA3_PAD_BYTE);
}

static int shake_ce_final(struct shash_desc *desc, u8 *out)
{
	if (!crypto_simd_usable())
		return crypto_shake_final(desc, out);
	return sha3_ce_do_final(desc, out, SHAKE_PAD_BYTE);
}

static struct shash_alg algs[] = {
	SHA3_SHASH_ALGS("ce", 200, sha3_ce_update, sha3_ce_final, shake_ce_final),
};

static int __init sha3_ce_mod_init(void)
{
	if (!cpu_have_named_feature(SHA3))
		return -ENODEV;
	return crypto_register_shashes(algs, ARRAY_SIZE(algs));
}

static void __exit sha3_ce_mod_fini(void)
{
	crypto_unregister_shashes(algs, ARRAY_SIZE(algs));
}

module_init(sha3_ce_mod_init);
module_exit(sha3_ce_mod_fini);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("SHA-3 and SHAKE secure hash algorithms (ARMv8 Crypto Extensions)");

MODULE_ALIAS_CRYPTO("sha3-224");
MODULE_ALIAS_CRYPTO("sha3-224-ce");
MODULE_ALIAS_CRYPTO("sha3-256");
MODULE_ALIAS_CRYPTO("sha3-256-ce");
MODULE_ALIAS_CRYPTO("sha3-384");
MODULE_ALIAS_CRYPTO("sha3-384-ce");
MODULE_ALIAS_CRYPTO("sha3-512");
MODULE_ALIAS_CRYPTO("sha3-512-ce");
MODULE_ALIAS_CRYPTO("shake128");
MODULE_ALIAS_CRYPTO("shake128-ce");
MODULE_ALIAS_CRYPTO("shake256");
MODULE_ALIAS_CRYPTO("shake256-ce");
