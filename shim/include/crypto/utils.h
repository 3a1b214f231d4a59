/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_CRYPTO_UTILS_H
#define _KCSHIM_CRYPTO_UTILS_H

#include <linux/types.h>
#include <linux/compiler.h>
/* as in the kernel, where drivers find get_unaligned_be32() and the others through algapi.h */
#include <linux/unaligned.h>

__KCSHIM_BEGIN_DECLS
void crypto_xor(u8 *dst, const u8 *src, unsigned int size);
void crypto_xor_cpy(u8 *dst, const u8 *src1, const u8 *src2, unsigned int size);
/* Constant-time inequality: no early exit, so timing says nothing about where buffers differ. */
unsigned long crypto_memneq(const void *a, const void *b, size_t size);
__KCSHIM_END_DECLS

#define __crypto_xor(dst, src1, src2, size) crypto_xor_cpy(dst, src1, src2, size)

#endif
