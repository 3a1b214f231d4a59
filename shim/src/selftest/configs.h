// SPDX-License-Identifier: GPL-2.0
// Test configurations (testmgr's struct testvec_config) and the runs of one vector under one of
// them (test_hash_vec_cfg, test_skcipher_vec_cfg). The vector suites use them with testmgr's
// default configurations; the extra tests with random configurations and vectors computed by the
// generic driver.
//
// A run returns "" when it passed, else testmgr's one-line message naming the driver, the vector,
// the configuration and the chunk lengths it used, then what went wrong.
#pragma once

#include <string>
#include <vector>

#include <crypto/hash.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/simd.h>
#include <crypto/skcipher.h>
#include <kcshim/testvec.h>

#include "selftest/test_buffers.h"

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

}  // namespace kcshim::selftest
