/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-vector sources for the self-test manager. A source is a named set of suites; a suite holds
 * the vectors for one algorithm name (a cra_name such as "sha3-256" or "cbc(cast5)", matched as
 * testmgr's alg_test_descs[] are), in the same fields as the kernel's hash_testvec,
 * cipher_testvec and aead_testvec, so tables from a kernel tree's testmgr.h convert one to one.
 *
 * Built-in sources register from a constructor with KCSHIM_VECTOR_SOURCE(); the kernel's vectors
 * come from a loadable vectors module (see kcshim_load_vectors()).
 */
#ifndef _KCSHIM_TESTVEC_H
#define _KCSHIM_TESTVEC_H

#include <linux/types.h>
#include <linux/compiler.h>

struct kcshim_hash_vec {
	const char *key;
	const char *plaintext;
	const char *digest;
	unsigned int psize;
	unsigned int ksize;
	int setkey_error;
	int digest_error;
};

struct kcshim_cipher_vec {
	const char *key;
	const char *iv;
	const char *iv_out;
	const char *ptext;
	const char *ctext;
	unsigned int klen;
	unsigned int len;
	int setkey_error;
	int crypt_error;
	bool wk;		/* weak key: setkey must fail with FORBID_WEAK_KEYS */
	bool generates_iv;
};

/*
 * An AEAD vector: ptext encrypted with assoc as associated data is ctext, which ends with the tag
 * (clen - plen bytes, the authsize the test sets), and decrypts back. novrfy: the tag (or assoc)
 * is wrong, so decryption must fail with -EBADMSG and there is nothing to encrypt.
 */
struct kcshim_aead_vec {
	const char *key;
	const char *iv;
	const char *ptext;
	const char *assoc;
	const char *ctext;
	unsigned int klen;
	unsigned int plen;
	unsigned int clen;
	unsigned int alen;
	int setkey_error;
	int setauthsize_error;
	int crypt_error;
	bool novrfy;
	bool wk;		/* weak key: setkey must fail with FORBID_WEAK_KEYS */
};

enum kcshim_suite_kind {
	KCSHIM_SUITE_HASH,	/* shash: vecs is struct kcshim_hash_vec[] */
	KCSHIM_SUITE_CIPHER,	/* skcipher; also single-block ciphers via "ecb(name)" */
	KCSHIM_SUITE_AEAD,	/* aead: vecs is struct kcshim_aead_vec[] */
};

struct kcshim_vector_suite {
	const char *alg;		/* cra_name or template name, e.g. "ecb(cast5)" */
	const char *generic_driver;	/* optional: testmgr's .generic_driver */
	enum kcshim_suite_kind kind;
	const void *vecs;
	unsigned int count;
	/* AEAD suites only, as testmgr's aead_test_suite: */
	bool einval_allowed;	/* an inauthentic input may fail with -EINVAL, not -EBADMSG */
	bool aad_iv;		/* the IV is also the last ivsize bytes of the associated data */
};

struct kcshim_vector_source {
	const char *name;		/* "own", "kernel-6.12", ... */
	const struct kcshim_vector_suite *suites;
	unsigned int nsuites;
};

__KCSHIM_BEGIN_DECLS
/*
 * Adds a source; drivers registered afterwards are tested against it too. Several sources may share
 * a name (each algorithm folder adds its own "own" suites); results are counted per name.
 * -EEXIST if this very source is already registered.
 */
int kcshim_register_vector_source(const struct kcshim_vector_source *src);
void kcshim_unregister_vector_source(const struct kcshim_vector_source *src);
__KCSHIM_END_DECLS

/*
 * Registers an "own" suite list from a constructor, before any driver's init call runs, and takes
 * it away when its code goes (a module's unload). In a driver module, this is how a driver of
 * one's own gets vectors: its self-test at registration and `kcshim selftest` run them.
 */
#define KCSHIM_OWN_VECTORS(suites_array)					\
	static const struct kcshim_vector_source __kcshim_vsrc_##suites_array = {	\
		.name = "own",							\
		.suites = suites_array,						\
		.nsuites = sizeof(suites_array) / sizeof((suites_array)[0]),	\
	};									\
	static void __attribute__((constructor, used))				\
	__kcshim_vsrc_ctor_##suites_array(void)					\
	{									\
		kcshim_register_vector_source(&__kcshim_vsrc_##suites_array);	\
	}									\
	static void __attribute__((destructor, used))				\
	__kcshim_vsrc_dtor_##suites_array(void)					\
	{									\
		kcshim_unregister_vector_source(&__kcshim_vsrc_##suites_array);	\
	}

#define KCSHIM_HASH_SUITE(name, table) \
	{ .alg = name, .kind = KCSHIM_SUITE_HASH, .vecs = table, .count = sizeof(table) / sizeof((table)[0]) }
#define KCSHIM_CIPHER_SUITE(name, table) \
	{ .alg = name, .kind = KCSHIM_SUITE_CIPHER, .vecs = table, .count = sizeof(table) / sizeof((table)[0]) }
#define KCSHIM_AEAD_SUITE(name, table) \
	{ .alg = name, .kind = KCSHIM_SUITE_AEAD, .vecs = table, .count = sizeof(table) / sizeof((table)[0]) }

#endif
