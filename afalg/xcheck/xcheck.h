/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xcheck: differential testing of kcshim's drivers against a real kernel's.
 *
 * For every kcshim driver whose cra_name the kernel has, each of the
 * kernel's usable drivers of that name (internal and failed ones skipped)
 * gets the same cases, and outputs and errors must be equal:
 *
 *   hashes      every length 0..4*blocksize+1 one-shot and in random
 *               MSG_MORE pieces (empty ones too); the empty message with no
 *               send at all; export/import at every prefix length
 *               0..blocksize+1 against the kernel's accept() clone; a key
 *               on an unkeyed hash (-ENOSYS on both); then --iterations
 *               random cases: lengths up to --max-len biased to small and
 *               block-boundary sizes, testmgr-style messages, random
 *               pieces, our side randomly digest / update+final /
 *               update+finup, with export+import mid-stream.
 *   skciphers   ecb/cbc/ctr over each block cipher, and skcipher drivers:
 *               every key size 0..max+1 and beyond (errors must match:
 *               -EINVAL vs -EINVAL), every length 0..4*chunk+1 both ways,
 *               random IVs, random request pieces, our side in-place or
 *               out-of-place with misaligned buffers and split
 *               scatterlists, and the output IV (one more block chained on
 *               the same state); then --iterations random cases, a quarter
 *               of them with lengths not rounded to the block size.
 *
 * testmgr's extra tests (CONFIG_CRYPTO_MANAGER_EXTRA_TESTS: the fuzz tests
 * test_hash_vs_generic_impl() and test_skcipher_vs_generic_impl() in
 * crypto/testmgr.c) run fuzz_iterations * 8 random cases per driver (800
 * by default) against its -generic implementation only; xcheck runs the
 * exhaustive sweeps above plus 800 random cases by default, against every
 * kernel driver of the name.
 *
 * The kernel side goes through KernelEndpoint::batch(), so through a bridge
 * the messages are generated on both ends (batch.h) and only seeds travel.
 *
 * Output: one summary line per driver pair; for the first mismatch of a
 * pair one reproducer block (drivers, kernel version, key, IV, message in
 * hex or a file, split points, both outputs, how our side ran it).
 */
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "afalg/kernels/kernel_choice.h"
#include "afalg/endpoint/kernel_endpoint.h"

namespace kcshim::afalg::xcheck {

/* Process exit codes. */
enum Exit : int {
	exit_equal = 0,
	exit_mismatch = 1,
	exit_setup = 2,
	exit_nothing = 77,	/* no kernel reachable, or nothing to compare */
};

struct Options {
	/*
	 * cra_names ("sha3-256", "cast5"), driver names ("sha3-256-generic"),
	 * or modes ("cbc(cast5)"); empty: every driver (--all).
	 */
	std::vector<std::string> algs;
	unsigned int iterations = 800;		/* random cases per driver pair */
	std::uint64_t seed = 0;			/* 0: pick one (and print it) */
	std::size_t max_len = 64 * 1024;	/* longest random message */
	std::string repro_dir;			/* long messages go here; "": $TMPDIR or /tmp */
	std::string kernel_label;		/* "uml", "local", an address: for reports */
};

struct PairSummary {
	std::string ours;	/* our driver (instance name for modes) */
	std::string theirs;	/* the kernel's driver */
	unsigned long cases = 0;
	unsigned long mismatches = 0;
	double seconds = 0;
};

struct Report {
	std::vector<PairSummary> pairs;
	std::vector<std::string> skipped;	/* "shake128: not in the kernel" */
	std::uint64_t seed = 0;
	double seconds = 0;
};

/*
 * Cross-check kcshim (already initialised, modules loaded) against @ep.
 * Writes progress, summary lines and reproducers to @out.  Returns an Exit:
 * 0 all equal, 1 a mismatch, 2 a setup error (unknown ALG, kernel listing
 * failed), 77 nothing to compare.
 */
int run(KernelEndpoint &ep, const Options &opt, std::ostream &out, Report *report = nullptr);

/* The cra_names of the drivers run() would compare under @opt, for KernelChoice::algorithms. */
std::vector<std::string> kernel_algorithms(const Options &opt);

/* Where --kernel points (kernel_choice.h). */
using afalg::KernelChoice;

/*
 * Resolve @k (auto = local AF_ALG if socket(AF_ALG) works, else UML), then
 * run().  Returns run()'s code, 77 when no kernel is reachable (no AF_ALG
 * for local; user-mode-linux missing for uml/auto), 2 for other setup
 * failures (bad address, bridge refused us, UML failed to boot).
 */
int run_with_kernel(const KernelChoice &k, const Options &opt, std::ostream &out,
		    Report *report = nullptr);

} /* namespace kcshim::afalg::xcheck */
