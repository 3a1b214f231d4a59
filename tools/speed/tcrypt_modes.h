// SPDX-License-Identifier: GPL-2.0
// tcrypt.ko's module parameters and the part of do_test()'s mode table kcshim covers: what
// `modprobe tcrypt mode=N` runs, as a list of steps. Modes and their algorithms are facts read
// from crypto/tcrypt.c (6.1 and 6.12 agree on every mode listed here).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tools/speed/templates.h"

namespace kcshim::speed {

// The module parameters (module_param in tcrypt.c), with tcrypt's defaults.
struct TcryptParams {
	int mode = 0;
	unsigned int sec = 0;		// 0: cycles mode
	std::string alg;		// for mode=300/400
	unsigned int klen = 0;		// hash key length taken from tvmem
	unsigned int num_mb = 8;	// accepted for compatibility; no multibuffer mode is covered
	KernelVersion version = KernelVersion::v6_12;
	// kcshim's, not a module parameter: only the mode's steps of this driver's algorithm, run
	// through it (run_tcrypt()), so one side of a before/after pair prints tcrypt's lines
	std::string driver;
};

// Parses "mode=323", "sec=1", "alg=sha3-256", "klen=16", "num_mb=8" as the kernel's
// param_set_int/uint/charp would. Throws Error naming the bad parameter (e.g. "sec=-1: not an
// unsigned integer", "klen=5000: larger than tcrypt's key buffer (4096 bytes)").
TcryptParams parse_tcrypt_params(std::span<const std::string> args,
				 TcryptParams defaults = TcryptParams{});

enum class StepKind { hash_speed, cipher_speed, selftest };

struct TcryptStep {
	StepKind kind;
	std::string alg{};		// "sha3-256", "cbc(cast5)", ...
	bool async = false;		// 400/500 series: test_ahash_speed / test_acipher_speed
	bool encrypt = true;		// cipher_speed only
	std::string key_template{};	// cipher_speed only: "speed_template_8_16"

	// The template this step wraps name in: "" when alg is name itself ("cbc(cast5)" for
	// "cbc(cast5)"), "cbc" when alg is "cbc(cast5)" and name "cast5"; nullopt when it times
	// something else.
	std::optional<std::string> wrapper_of(const std::string &name) const;
};

// The steps do_test(mode) runs in p.version's tcrypt.c. Throws Error "unknown mode N ..." for
// modes kcshim does not cover or that generation lacks, and "mode=300 needs alg=NAME" where the
// kernel would fall through to every hash.
std::vector<TcryptStep> tcrypt_steps(const TcryptParams &p);

// The modes covered, for --help and error messages: "11, 12, 14, 47-51, 209, 300, ...".
std::string covered_modes();

// The speed modes of version whose steps time alg (a cra_name: "cast5", "sha3-256") directly or
// through a template (cbc(cast5)): what `tcrypt --driver` of one of its drivers can run. The sync
// modes (209) allocate without CRYPTO_ALG_ASYNC, so an async driver (a SIMD wrapper) gets the
// async ones (506).
std::vector<int> speed_modes_of(const std::string &alg, bool async, KernelVersion version);

}  // namespace kcshim::speed
