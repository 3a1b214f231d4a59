// SPDX-License-Identifier: GPL-2.0
// Test configurations (testmgr's struct testvec_config) and the runs of one vector under one of
// them (test_hash_vec_cfg, test_skcipher_vec_cfg). The vector suites use them with testmgr's
// default configurations; the extra tests with random configurations and vectors computed by the
// generic driver.
//
// A run returns "" when it passed, else testmgr's one-line message naming the driver, the vector,
// the configuration and the chunk lengths it used, then what went wrong.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/simd.h>
#include <crypto/skcipher.h>
#include <kcshim/testvec.h>

#include "shim/src/crypto/selftest/test_buffers.h"

namespace kcshim::selftest {

enum class Finalization { final, finup, digest };

struct HashConfig {
	std::string name;
	std::vector<Division> divs;
	Finalization fin;
	bool nosimd = false;
	bool nosimd_setkey = false;
	unsigned int key_offset = 0;	// the key is passed this many bytes into a buffer
};

enum class Inplace { out_of_place, one_sglist, two_sglists };

// For a single-block cipher the data is one buffer: src_divs[0] and dst_divs[0] give its offset.
struct CipherConfig {
	std::string name;
	Inplace inplace;
	std::vector<Division> src_divs;
	std::vector<Division> dst_divs;	// out of place; empty: laid out as src_divs
	unsigned int iv_offset = 0;
	bool nosimd = false;
	bool nosimd_setkey = false;
	unsigned int key_offset = 0;
	bool may_sleep = true;		// CRYPTO_TFM_REQ_MAY_SLEEP on the request
};

// Sets the thread's SIMD switch for its lifetime, as testmgr's crypto_disable_simd_for_test().
class SimdOff {
public:
	explicit SimdOff(bool off) : saved_(crypto_simd_disabled_for_test)
	{
		crypto_simd_disabled_for_test = saved_ || off;
	}
	~SimdOff() { crypto_simd_disabled_for_test = saved_; }
	SimdOff(const SimdOff &) = delete;
	SimdOff &operator=(const SimdOff &) = delete;

private:
	bool saved_;
};

// testmgr's default_cipher_testvec_configs, plus a SIMD-disabled run: the skcipher and AEAD
// vector suites run under each.
const std::vector<CipherConfig> &default_cipher_configs();

// Sets a key as cfg says (the weak-key flag on base as wk says, the key key_offset bytes into a
// buffer, SIMD off if asked) through setkey: "" when it returned expected (its result in *err),
// else testmgr's message. type is "skcipher", "cipher" or "aead".
std::string setkey_as_configured(struct crypto_tfm *base, const char *type, const char *key,
				 unsigned int klen, bool wk, int expected,
				 const std::string &vec_name, const CipherConfig &cfg,
				 const std::function<int(const u8 *key, unsigned int klen)> &setkey,
				 int *err);

// testmgr's message for a failed en- or decryption: "alg: <type>: <driver> encryption <what> on
// test vector <vec_name>, cfg="<cfg>" (chunks <chunks>): <detail>"; chunks and detail may be "".
std::string failure_message(const char *type, const char *driver, bool enc,
			    const std::string &what, const std::string &vec_name,
			    const std::string &cfg, const std::string &chunks, const std::string &detail);

// Sets the vector's key (if it has one) as cfg says and checks setkey's error, then hashes.
// vec_name is "3" for a suite's third vector, "\"random: psize=...\"" for a random one.
std::string test_hash_vec_cfg(struct crypto_shash *tfm, const kcshim_hash_vec &vec,
			      const std::string &vec_name, const HashConfig &cfg);

// Sets the key as cfg says and checks setkey's error, then encrypts or decrypts, checking the
// output, the poison, the source (out of place) and, where vec has one, the output IV.
std::string test_skcipher_vec_cfg(struct crypto_skcipher *tfm, const kcshim_cipher_vec &vec,
				  const std::string &vec_name, const CipherConfig &cfg, bool enc);

// The same for a single-block cipher, block by block over whole blocks of vec.
std::string test_cipher_vec_cfg(struct crypto_cipher *tfm, const kcshim_cipher_vec &vec,
				const std::string &vec_name, const CipherConfig &cfg, bool enc);

// An AEAD vector, as testmgr's test_aead_vec_cfg: sets the key and the authsize (clen - plen)
// and checks their errors, then encrypts ptext or decrypts ctext with assoc in front, checking the
// output after the associated data, the poison, the source (out of place), the request (nothing
// in it may change) and the error: a novrfy vector must fail to decrypt with -EBADMSG.
std::string test_aead_vec_cfg(struct crypto_aead *tfm, const kcshim_aead_vec &vec,
			      const std::string &vec_name, const CipherConfig &cfg, bool enc);

}  // namespace kcshim::selftest
