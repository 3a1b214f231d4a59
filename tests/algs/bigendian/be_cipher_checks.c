// SPDX-License-Identifier: GPL-2.0
/*
 * The big-endian runner's single-block cipher checks: a hand-made tfm, and every vector of the
 * "own" cipher tables through ecb, cbc and ctr written here over the cipher's callbacks, out of
 * place and in place.
 */
#include <crypto/algapi.h>
#include <kcshim/testvec.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>

#include "be_runner.h"
#include "be_runtime.h"

/* A tfm for a single-block cipher: struct crypto_tfm, then cra_ctxsize bytes of context. */
static u8 cipher_tfm_buf[sizeof(struct crypto_tfm) + 512] __aligned(CRYPTO_MINALIGN);

struct crypto_tfm *cipher_tfm(struct crypto_alg *alg)
{
	struct crypto_tfm *tfm = (struct crypto_tfm *)cipher_tfm_buf;

	if (alg->cra_ctxsize > sizeof(cipher_tfm_buf) - sizeof(*tfm) ||
	    alg->cra_blocksize > MAX_CIPHER_BLOCK)
		return NULL;
	memset(cipher_tfm_buf, 0, sizeof(cipher_tfm_buf));
	tfm->__crt_alg = alg;
	return tfm;
}

/* ---- single-block ciphers through their callbacks, and the modes of the vector tables ---- */

enum cipher_mode { MODE_ECB, MODE_CBC, MODE_CTR };

/* The kernel's crypto_inc(): the IV as one big-endian counter. */
static void ctr_inc(u8 *ctr, unsigned int size)
{
	while (size-- && !++ctr[size])
		;
}

/*
 * ECB, CBC or CTR (which always encrypts) over the single-block cipher; dst may equal src.
 * Returns false for a length the mode cannot take.
 */
static bool cipher_crypt(struct crypto_tfm *tfm, enum cipher_mode mode, bool enc, u8 *dst,
			 const u8 *src, unsigned int len, u8 *iv)
{
	struct cipher_alg *ci = &tfm->__crt_alg->cra_cipher;
	unsigned int bs = tfm->__crt_alg->cra_blocksize, off, i;
	u8 tmp[MAX_CIPHER_BLOCK];

	if (mode != MODE_CTR && len % bs)
		return false;
	for (off = 0; off < len; off += bs) {
		unsigned int n = min(bs, len - off);

		switch (mode) {
		case MODE_ECB:
			(enc ? ci->cia_encrypt : ci->cia_decrypt)(tfm, dst + off, src + off);
			break;
		case MODE_CBC:
			if (enc) {
				for (i = 0; i < bs; i++)
					tmp[i] = src[off + i] ^ iv[i];
				ci->cia_encrypt(tfm, dst + off, tmp);
				memcpy(iv, dst + off, bs);
			} else {
				memcpy(tmp, src + off, bs);
				ci->cia_decrypt(tfm, dst + off, tmp);
				for (i = 0; i < bs; i++)
					dst[off + i] ^= iv[i];
				memcpy(iv, tmp, bs);
			}
			break;
		case MODE_CTR:
			ci->cia_encrypt(tfm, tmp, iv);
			for (i = 0; i < n; i++)
				dst[off + i] = src[off + i] ^ tmp[i];
			ctr_inc(iv, bs);
			break;
		}
	}
	return true;
}

/* Encrypts out of place into a misaligned buffer, then decrypts in place. */
static bool cipher_vector(struct crypto_tfm *tfm, enum cipher_mode mode,
			  const struct kcshim_cipher_vec *vec, struct failure *f)
{
	struct crypto_alg *alg = tfm->__crt_alg;
	unsigned int bs = alg->cra_blocksize;
	u8 *enc = out_buf + 1, *dec = in_buf + 3;
	static u8 iv[MAX_CIPHER_BLOCK];
	int err;

	if (vec->len > MAX_MSG)
		return fail_err(f, "a vector longer than MAX_MSG", -EINVAL);
	err = alg->cra_cipher.cia_setkey(tfm, (const u8 *)vec->key, vec->klen);
	if (err != vec->setkey_error)
		return fail_err(f, "setkey", err);
	if (err)
		return true;

	memcpy(in_buf, vec->ptext, vec->len);
	memset(iv, 0, sizeof(iv));
	if (vec->iv)
		memcpy(iv, vec->iv, bs);
	if (!cipher_crypt(tfm, mode, true, enc, in_buf, vec->len, iv))
		return fail_err(f, "a mode given a partial block", -EINVAL);
	if (memcmp(enc, vec->ctext, vec->len))
		return fail_bytes(f, "encrypt", enc, vec->ctext, vec->len);
	if (vec->iv_out && memcmp(iv, vec->iv_out, bs))
		return fail_bytes(f, "IV after encrypt", iv, vec->iv_out, bs);

	memcpy(dec, vec->ctext, vec->len);
	memset(iv, 0, sizeof(iv));
	if (vec->iv)
		memcpy(iv, vec->iv, bs);
	cipher_crypt(tfm, mode, false, dec, dec, vec->len, iv);
	if (memcmp(dec, vec->ptext, vec->len))
		return fail_bytes(f, "decrypt in place", dec, vec->ptext, vec->len);
	if (vec->iv_out && memcmp(iv, vec->iv_out, bs))
		return fail_bytes(f, "IV after decrypt", iv, vec->iv_out, bs);
	return true;
}

/* "ecb(cast5)" -> MODE_ECB and "cast5"; false for anything else. */
static bool parse_cipher_suite(const char *name, enum cipher_mode *mode, char *cipher,
			       size_t size)
{
	static const char *const modes[] = { [MODE_ECB] = "ecb(", [MODE_CBC] = "cbc(",
					     [MODE_CTR] = "ctr(" };
	size_t len = strlen(name);
	unsigned int m;

	for (m = 0; m < ARRAY_SIZE(modes); m++) {
		if (len > 5 && len - 5 < size && !memcmp(name, modes[m], 4) && name[len - 1] == ')') {
			memcpy(cipher, name + 4, len - 5);
			cipher[len - 5] = '\0';
			*mode = m;
			return true;
		}
	}
	return false;
}

void check_cipher_suite(const struct kcshim_vector_source *src,
			const struct kcshim_vector_suite *suite)
{
	const struct kcshim_cipher_vec *vecs = suite->vecs;
	struct crypto_alg *alg = NULL;
	struct crypto_tfm *tfm = NULL;
	enum cipher_mode mode;
	char name[CRYPTO_MAX_ALG_NAME];
	unsigned int i;

	if (parse_cipher_suite(suite->alg, &mode, name, sizeof(name)))
		alg = find_cipher(name);
	if (alg)
		tfm = cipher_tfm(alg);
	if (!tfm) {
		result(false);
		be_printf("%s: no single-block cipher to run these %u %s vectors on\n", suite->alg,
			  suite->count, src->name);
		return;
	}

	for (i = 0; i < suite->count; i++) {
		const struct kcshim_cipher_vec *vec = &vecs[i];
		struct failure f;
		bool ok = cipher_vector(tfm, mode, vec, &f);

		result(ok);
		be_printf("%-18s %s %s vector %u of %u, %u bytes, %u-byte key: encrypt, decrypt in place\n",
			  alg->cra_driver_name, src->name, suite->alg, i + 1, suite->count, vec->len,
			  vec->klen);
		if (!ok)
			print_failure(&f);
	}
}
