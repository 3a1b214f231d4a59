/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shash side of the CRC-T10DIF driver contract (crct10dif.h), the same for every driver:
 * crct10dif-generic, the arch variants and tools/speed's crct10dif-lib. A driver supplies only
 * the function that continues the CRC over more bytes; its init, final, update, finup, digest
 * and struct shash_alg come from here.
 */
#ifndef _KCSHIM_ALGS_CRCT10DIF_SHASH_H
#define _KCSHIM_ALGS_CRCT10DIF_SHASH_H

#include <crypto/internal/hash.h>
#include <linux/unaligned.h>

#include "crct10dif.h"

static inline struct crct10dif_desc_ctx *crct10dif_shash_ctx(struct shash_desc *desc)
{
	return (struct crct10dif_desc_ctx *)shash_desc_ctx(desc);
}

static inline int crct10dif_shash_init(struct shash_desc *desc)
{
	crct10dif_shash_ctx(desc)->crc = 0;
	return 0;
}

static inline int crct10dif_shash_final(struct shash_desc *desc, u8 *out)
{
	put_unaligned(crct10dif_shash_ctx(desc)->crc, (u16 *)out);
	return 0;
}

/*
 * Defines crct10dif_<_name>_update(), _finup() and _digest() over _crc(crc, data, len), which
 * returns the CRC continued from crc over len bytes at data.
 */
#define CRCT10DIF_SHASH_OPS(_name, _crc)							\
	static int crct10dif_##_name##_update(struct shash_desc *desc, const u8 *data,		\
					      unsigned int len)					\
	{											\
		struct crct10dif_desc_ctx *ctx = crct10dif_shash_ctx(desc);			\
												\
		ctx->crc = _crc(ctx->crc, data, len);						\
		return 0;									\
	}											\
	static int crct10dif_##_name##_finup(struct shash_desc *desc, const u8 *data,		\
					     unsigned int len, u8 *out)				\
	{											\
		crct10dif_##_name##_update(desc, data, len);					\
		return crct10dif_shash_final(desc, out);					\
	}											\
	static int crct10dif_##_name##_digest(struct shash_desc *desc, const u8 *data,		\
					      unsigned int len, u8 *out)			\
	{											\
		put_unaligned(_crc(0, data, len), (u16 *)out);					\
		return 0;									\
	}

/*
 * CRCT10DIF_SHASH_OPS(_name) for an arch driver: _arch_crc(crc, data, len, _fold) is its one CRC
 * function (the FPU section, short inputs and tails) and _fold one of its folding cores. Both
 * are inlined into the ops, so the core is a direct call.
 */
#define CRCT10DIF_SHASH_FOLD_OPS(_name, _arch_crc, _fold)					\
	static __always_inline u16 crct10dif_##_name##_crc(u16 crc, const u8 *data, size_t len) \
	{											\
		return _arch_crc(crc, data, len, _fold);					\
	}											\
	CRCT10DIF_SHASH_OPS(_name, crct10dif_##_name##_crc)

/* The struct shash_alg of driver _driver, over the functions CRCT10DIF_SHASH_OPS(_name) made. */
#define CRCT10DIF_SHASH_ALG(_name, _driver, _priority)					\
	{										\
		.digestsize		= CRC_T10DIF_DIGEST_SIZE,			\
		.init			= crct10dif_shash_init,				\
		.update			= crct10dif_##_name##_update,			\
		.final			= crct10dif_shash_final,			\
		.finup			= crct10dif_##_name##_finup,			\
		.digest			= crct10dif_##_name##_digest,			\
		.descsize		= sizeof(struct crct10dif_desc_ctx),		\
		.base.cra_name		= CRC_T10DIF_STRING,				\
		.base.cra_driver_name	= _driver,					\
		.base.cra_priority	= _priority,					\
		.base.cra_blocksize	= CRC_T10DIF_BLOCK_SIZE,			\
		.base.cra_module	= THIS_MODULE,					\
	}

#endif /* _KCSHIM_ALGS_CRCT10DIF_SHASH_H */
